public import Trellis

/// The gallery's right-to-left page: Arabic and Hebrew labels mixed with numbers and Latin, a
/// row of buttons, a segmented control and a slider, and a form whose phone number field stays
/// left to right, in a window laid out from the right.
///
/// ```swift
/// let page = RightToLeftGallery()
/// page.window.backend = try BackendRegistry().open("raster")
/// let png = try page.window.render()
/// ```
@MainActor
public final class RightToLeftGallery {
    /// The width of the page in points.
    public static let width = 480.0
    /// The height of the page in points.
    public static let height = 440.0

    /// The window that shows the page, laid out right to left.
    public let window: Window

    /// Builds the page in a window of its own size.
    public init(scale: Double = 1, backend: (any Backend)? = nil) {
        window = Window(
            size: Size(width: RightToLeftGallery.width, height: RightToLeftGallery.height),
            scale: scale, layoutDirection: .rightToLeft)
        window.backend = backend
        window.backgroundColor = Color(white: 0.97)
        let column = View(frame: window.bounds)
        var columnStyle = FlexStyle()
        columnStyle.flexDirection = .column
        columnStyle.padding = FlexEdges(all: .points(16))
        columnStyle.rowGap = .points(10)
        column.flexStyle = columnStyle
        window.addSubview(column)

        let heading = RightToLeftGallery.label(
            "واجهة من اليمين إلى اليسار — RTL", size: 17, weight: .bold)
        heading.accessibilityTraits = [.staticText, .header]
        column.addSubview(heading)
        column.addSubview(
            RightToLeftGallery.label("تم شحن 3 طلبات إلى Berlin في 12 مارس 2024.", size: 15))
        column.addSubview(
            RightToLeftGallery.label("ההזמנה מספר 1234 נשלחה ל-Tel Aviv (אתמול).", size: 15))

        let buttons = View()
        var rowStyle = FlexStyle()
        rowStyle.flexDirection = .row
        rowStyle.columnGap = .points(8)
        buttons.flexStyle = rowStyle
        for (index, title) in ["حفظ", "إلغاء", "مشاركة"].enumerated() {
            let button = Button(image: nil, title: title, font: .system(size: 15))
            button.setTitleColor(.white, for: .normal)
            button.backgroundColor =
                index == 0 ? Color(red: 0, green: 0.4, blue: 0.8) : Color(white: 0.35)
            button.cornerRadius = 6
            // 13-point insets around a 15-point title make the 44-point target the audit asks.
            button.contentEdgeInsets = EdgeInsets(top: 13, left: 16, bottom: 13, right: 16)
            button.accessibilityIdentifier = "rtl-button-\(index)"
            buttons.addSubview(button)
        }
        column.addSubview(buttons)

        let segments = SegmentedControl(items: ["יום", "שבוע", "חודש"])
        segments.selectedSegmentIndex = 0
        segments.accessibilityIdentifier = "rtl-segments"
        var fixed = FlexStyle()
        fixed.width = .points(240)
        fixed.height = .points(44)
        segments.flexStyle = fixed
        column.addSubview(segments)

        let slider = Slider()
        slider.value = 0.25
        slider.accessibilityLabel = "مستوى الصوت"
        slider.accessibilityIdentifier = "rtl-slider"
        var sliderStyle = FlexStyle()
        sliderStyle.width = .points(240)
        sliderStyle.height = .points(44)
        slider.flexStyle = sliderStyle
        column.addSubview(slider)

        column.addSubview(
            RightToLeftGallery.field(label: "الاسم", placeholder: "اكتب اسمك", id: "rtl-name"))
        let phone = RightToLeftGallery.field(label: "טלפון", placeholder: "", id: "rtl-phone")
        if let field = phone.subviews.last as? TextField {
            field.text = "+972 3 555 1234"
            field.semanticContentAttribute = .forceLeftToRight
        }
        column.addSubview(phone)
    }

    private static func label(_ text: String, size: Double, weight: Font.Weight = .regular)
        -> Label
    {
        let label = Label()
        label.text = text
        label.font = .system(size: size, weight: weight)
        label.textColor = Color(white: 0.1)
        label.numberOfLines = 0
        return label
    }

    /// A row of a label and a text field, the label at the leading side.
    private static func field(label text: String, placeholder: String, id: String) -> View {
        let row = View()
        var rowStyle = FlexStyle()
        rowStyle.flexDirection = .row
        rowStyle.alignItems = .center
        rowStyle.columnGap = .points(12)
        row.flexStyle = rowStyle
        let caption = label(text, size: 15)
        var captionStyle = FlexStyle()
        captionStyle.width = .points(64)
        caption.flexStyle = captionStyle
        row.addSubview(caption)
        let field = TextField()
        field.placeholder = placeholder
        field.accessibilityLabel = text
        field.accessibilityIdentifier = id
        field.borderWidth = 1
        field.borderColor = Color(white: 0.6)
        var fieldStyle = FlexStyle()
        fieldStyle.width = .points(240)
        fieldStyle.height = .points(44)
        field.flexStyle = fieldStyle
        row.addSubview(field)
        return row
    }
}
