/// The CSS Color Module Level 4 named colours, sorted by name, as 24-bit RGB values.
private let cssNamedColors: [(name: String, rgb: UInt32)] = [
    ("aliceblue", 0xF0_F8FF),
    ("antiquewhite", 0xFA_EBD7),
    ("aqua", 0x00_FFFF),
    ("aquamarine", 0x7F_FFD4),
    ("azure", 0xF0_FFFF),
    ("beige", 0xF5_F5DC),
    ("bisque", 0xFF_E4C4),
    ("black", 0x00_0000),
    ("blanchedalmond", 0xFF_EBCD),
    ("blue", 0x00_00FF),
    ("blueviolet", 0x8A_2BE2),
    ("brown", 0xA5_2A2A),
    ("burlywood", 0xDE_B887),
    ("cadetblue", 0x5F_9EA0),
    ("chartreuse", 0x7F_FF00),
    ("chocolate", 0xD2_691E),
    ("coral", 0xFF_7F50),
    ("cornflowerblue", 0x64_95ED),
    ("cornsilk", 0xFF_F8DC),
    ("crimson", 0xDC_143C),
    ("cyan", 0x00_FFFF),
    ("darkblue", 0x00_008B),
    ("darkcyan", 0x00_8B8B),
    ("darkgoldenrod", 0xB8_860B),
    ("darkgray", 0xA9_A9A9),
    ("darkgreen", 0x00_6400),
    ("darkgrey", 0xA9_A9A9),
    ("darkkhaki", 0xBD_B76B),
    ("darkmagenta", 0x8B_008B),
    ("darkolivegreen", 0x55_6B2F),
    ("darkorange", 0xFF_8C00),
    ("darkorchid", 0x99_32CC),
    ("darkred", 0x8B_0000),
    ("darksalmon", 0xE9_967A),
    ("darkseagreen", 0x8F_BC8F),
    ("darkslateblue", 0x48_3D8B),
    ("darkslategray", 0x2F_4F4F),
    ("darkslategrey", 0x2F_4F4F),
    ("darkturquoise", 0x00_CED1),
    ("darkviolet", 0x94_00D3),
    ("deeppink", 0xFF_1493),
    ("deepskyblue", 0x00_BFFF),
    ("dimgray", 0x69_6969),
    ("dimgrey", 0x69_6969),
    ("dodgerblue", 0x1E_90FF),
    ("firebrick", 0xB2_2222),
    ("floralwhite", 0xFF_FAF0),
    ("forestgreen", 0x22_8B22),
    ("fuchsia", 0xFF_00FF),
    ("gainsboro", 0xDC_DCDC),
    ("ghostwhite", 0xF8_F8FF),
    ("gold", 0xFF_D700),
    ("goldenrod", 0xDA_A520),
    ("gray", 0x80_8080),
    ("green", 0x00_8000),
    ("greenyellow", 0xAD_FF2F),
    ("grey", 0x80_8080),
    ("honeydew", 0xF0_FFF0),
    ("hotpink", 0xFF_69B4),
    ("indianred", 0xCD_5C5C),
    ("indigo", 0x4B_0082),
    ("ivory", 0xFF_FFF0),
    ("khaki", 0xF0_E68C),
    ("lavender", 0xE6_E6FA),
    ("lavenderblush", 0xFF_F0F5),
    ("lawngreen", 0x7C_FC00),
    ("lemonchiffon", 0xFF_FACD),
    ("lightblue", 0xAD_D8E6),
    ("lightcoral", 0xF0_8080),
    ("lightcyan", 0xE0_FFFF),
    ("lightgoldenrodyellow", 0xFA_FAD2),
    ("lightgray", 0xD3_D3D3),
    ("lightgreen", 0x90_EE90),
    ("lightgrey", 0xD3_D3D3),
    ("lightpink", 0xFF_B6C1),
    ("lightsalmon", 0xFF_A07A),
    ("lightseagreen", 0x20_B2AA),
    ("lightskyblue", 0x87_CEFA),
    ("lightslategray", 0x77_8899),
    ("lightslategrey", 0x77_8899),
    ("lightsteelblue", 0xB0_C4DE),
    ("lightyellow", 0xFF_FFE0),
    ("lime", 0x00_FF00),
    ("limegreen", 0x32_CD32),
    ("linen", 0xFA_F0E6),
    ("magenta", 0xFF_00FF),
    ("maroon", 0x80_0000),
    ("mediumaquamarine", 0x66_CDAA),
    ("mediumblue", 0x00_00CD),
    ("mediumorchid", 0xBA_55D3),
    ("mediumpurple", 0x93_70DB),
    ("mediumseagreen", 0x3C_B371),
    ("mediumslateblue", 0x7B_68EE),
    ("mediumspringgreen", 0x00_FA9A),
    ("mediumturquoise", 0x48_D1CC),
    ("mediumvioletred", 0xC7_1585),
    ("midnightblue", 0x19_1970),
    ("mintcream", 0xF5_FFFA),
    ("mistyrose", 0xFF_E4E1),
    ("moccasin", 0xFF_E4B5),
    ("navajowhite", 0xFF_DEAD),
    ("navy", 0x00_0080),
    ("oldlace", 0xFD_F5E6),
    ("olive", 0x80_8000),
    ("olivedrab", 0x6B_8E23),
    ("orange", 0xFF_A500),
    ("orangered", 0xFF_4500),
    ("orchid", 0xDA_70D6),
    ("palegoldenrod", 0xEE_E8AA),
    ("palegreen", 0x98_FB98),
    ("paleturquoise", 0xAF_EEEE),
    ("palevioletred", 0xDB_7093),
    ("papayawhip", 0xFF_EFD5),
    ("peachpuff", 0xFF_DAB9),
    ("peru", 0xCD_853F),
    ("pink", 0xFF_C0CB),
    ("plum", 0xDD_A0DD),
    ("powderblue", 0xB0_E0E6),
    ("purple", 0x80_0080),
    ("rebeccapurple", 0x66_3399),
    ("red", 0xFF_0000),
    ("rosybrown", 0xBC_8F8F),
    ("royalblue", 0x41_69E1),
    ("saddlebrown", 0x8B_4513),
    ("salmon", 0xFA_8072),
    ("sandybrown", 0xF4_A460),
    ("seagreen", 0x2E_8B57),
    ("seashell", 0xFF_F5EE),
    ("sienna", 0xA0_522D),
    ("silver", 0xC0_C0C0),
    ("skyblue", 0x87_CEEB),
    ("slateblue", 0x6A_5ACD),
    ("slategray", 0x70_8090),
    ("slategrey", 0x70_8090),
    ("snow", 0xFF_FAFA),
    ("springgreen", 0x00_FF7F),
    ("steelblue", 0x46_82B4),
    ("tan", 0xD2_B48C),
    ("teal", 0x00_8080),
    ("thistle", 0xD8_BFD8),
    ("tomato", 0xFF_6347),
    ("turquoise", 0x40_E0D0),
    ("violet", 0xEE_82EE),
    ("wheat", 0xF5_DEB3),
    ("white", 0xFF_FFFF),
    ("whitesmoke", 0xF5_F5F5),
    ("yellow", 0xFF_FF00),
    ("yellowgreen", 0x9A_CD32),
]

extension Color {
    /// Creates a colour from a CSS colour name such as `"orange"` or `"rebeccapurple"`, matched
    /// case-insensitively; `"transparent"` is fully transparent black. Returns `nil` for an
    /// unknown name.
    ///
    /// CSS names follow CSS, not UIKit: `Color(named: "green")` is `#008000`, while
    /// ``Color/green-type.property`` is UIKit's `(0, 1, 0)`.
    ///
    /// - Complexity: O(log *n*) in the number of names.
    public init?(named name: String) {
        let key = name.lowercased()
        if key == "transparent" {
            self = .clear
            return
        }
        var low = 0
        var high = cssNamedColors.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let candidate = cssNamedColors[mid].name
            if candidate == key {
                self.init(rgb: cssNamedColors[mid].rgb)
                return
            }
            if candidate < key { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }

    /// Every CSS colour name that ``init(named:)`` accepts, besides `"transparent"`.
    public static var cssColorNames: [String] { cssNamedColors.map(\.name) }
}
