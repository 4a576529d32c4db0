/// The parameters of Select Graphic Rendition (`ESC [ … m`) for cell attributes and colours.
enum SGR {
    /// The attributes with their "on" and "off" parameters: bold 1/22, italic 3/23,
    /// underline 4/24, strikethrough 9/29.
    private static let attributes: [(bit: UInt8, on: Int, off: Int)] = [
        (CellStyle.bold, 1, 22), (CellStyle.italic, 3, 23), (CellStyle.underline, 4, 24),
        (CellStyle.strikethrough, 9, 29),
    ]

    /// Appends the parameters that set every attribute and colour of `pen` that is not the
    /// default, each after a `;` (the caller has written a `0` before them).
    static func appendAll(_ pen: FrameEncoder.Pen, to output: inout [UInt8]) {
        for attribute in attributes where pen.style & attribute.bit != 0 {
            output.append(UInt8(ascii: ";"))
            appendDecimal(attribute.on, to: &output)
        }
        if pen.foreground != PackedColor.terminalDefault {
            output.append(UInt8(ascii: ";"))
            appendColor(pen.foreground, isBackground: false, to: &output)
        }
        if pen.background != PackedColor.terminalDefault {
            output.append(UInt8(ascii: ";"))
            appendColor(pen.background, isBackground: true, to: &output)
        }
    }

    /// Appends the parameters, separated by `;`, that change `old` into `new`.
    static func appendChanges(
        from old: FrameEncoder.Pen, to new: FrameEncoder.Pen, to output: inout [UInt8]
    ) {
        func separate() { if !output.isEmpty { output.append(UInt8(ascii: ";")) } }
        for attribute in attributes
        where old.style & attribute.bit != new.style & attribute.bit {
            separate()
            appendDecimal(
                new.style & attribute.bit != 0 ? attribute.on : attribute.off, to: &output)
        }
        if old.foreground != new.foreground {
            separate()
            appendColor(new.foreground, isBackground: false, to: &output)
        }
        if old.background != new.background {
            separate()
            appendColor(new.background, isBackground: true, to: &output)
        }
    }

    /// Appends the parameters of a colour: 39/49 for the default, 30–37/90–97 (40–47/100–107)
    /// for the system colours, `38;5;n` for the 256-colour palette, `38;2;r;g;b` for 24-bit.
    static func appendColor(_ color: UInt32, isBackground: Bool, to output: inout [UInt8]) {
        let offset = isBackground ? 10 : 0
        if color == PackedColor.terminalDefault {
            appendDecimal(39 + offset, to: &output)
        } else if color & 0xFF00_0000 == PackedColor.paletteTag {
            let index = Int(color & 0xFF)
            if index < 8 {
                appendDecimal(30 + offset + index, to: &output)
            } else if index < 16 {
                appendDecimal(90 + offset + index - 8, to: &output)
            } else {
                appendDecimal(38 + offset, to: &output)
                output.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "5"), UInt8(ascii: ";")])
                appendDecimal(index, to: &output)
            }
        } else {
            appendDecimal(38 + offset, to: &output)
            output.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "2")])
            for shift in [16, 8, 0] as [UInt32] {
                output.append(UInt8(ascii: ";"))
                appendDecimal(Int((color >> shift) & 0xFF), to: &output)
            }
        }
    }
}
