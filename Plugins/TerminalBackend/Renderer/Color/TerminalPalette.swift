/// The xterm colour palettes, and the nearest palette colour to any 24-bit colour.
///
/// The 256-colour palette is 16 system colours, a 6×6×6 cube (levels 0, 95, 135, 175, 215,
/// 255) at 16…231 and 24 greys (8 to 238 in steps of 10) at 232…255. The system colours follow
/// the terminal's theme, so 24-bit colours map onto the cube and the greys only, whose values
/// every terminal shares; in 16-colour mode they map onto the system colours, with xterm's
/// default values.
///
/// Distances are "redmean" weighted: a cheap approximation of perceived difference that weighs
/// green most and shifts weight between red and blue with the mean red.
///
/// ```swift
/// TerminalPalette.nearest256(red: 255, green: 136, blue: 0)   // 208, #FF8700
/// TerminalPalette.nearest16(red: 200, green: 10, blue: 10)    // 1, red
/// ```
public enum TerminalPalette {
    /// The levels of each channel in the 6×6×6 cube.
    public static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// xterm's default values of the 16 system colours.
    public static let systemColors: [(red: Int, green: Int, blue: Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
        (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0),
        (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The colour of a palette entry.
    ///
    /// - Parameter index: An entry, 0 to 255; others are clamped.
    /// - Returns: Its channels, 0 to 255.
    public static func color(at index: Int) -> (red: Int, green: Int, blue: Int) {
        let index = min(max(index, 0), 255)
        if index < 16 { return systemColors[index] }
        if index >= 232 {
            let level = 8 + 10 * (index - 232)
            return (level, level, level)
        }
        let cube = index - 16
        return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
    }

    /// The squared redmean distance between two colours.
    ///
    /// - Returns: A value that grows with the perceived difference (0 for equal colours).
    public static func distance(
        _ first: (red: Int, green: Int, blue: Int), _ second: (red: Int, green: Int, blue: Int)
    ) -> Int {
        let meanRed = (first.red + second.red) / 2
        let dr = first.red - second.red
        let dg = first.green - second.green
        let db = first.blue - second.blue
        return ((512 + meanRed) * dr * dr) / 256 + 4 * dg * dg + ((767 - meanRed) * db * db) / 256
    }

    /// The entry of the cube or the grey ramp (16…255) nearest to a colour.
    ///
    /// - Parameters:
    ///   - red: The red channel, 0 to 255.
    ///   - green: The green channel, 0 to 255.
    ///   - blue: The blue channel, 0 to 255.
    /// - Returns: A palette index from 16 to 255.
    public static func nearest256(red: Int, green: Int, blue: Int) -> Int {
        let target = (red: red, green: green, blue: blue)
        var best = 16
        var bestDistance = Int.max
        func consider(_ index: Int) {
            let d = distance(target, color(at: index))
            if d < bestDistance || (d == bestDistance && index < best) {
                best = index
                bestDistance = d
            }
        }
        // The nearest cube level of each channel and its neighbours hold the nearest cube entry.
        let reds = neighbourLevels(red)
        let greens = neighbourLevels(green)
        let blues = neighbourLevels(blue)
        for r in reds {
            for g in greens {
                for b in blues { consider(16 + 36 * r + 6 * g + b) }
            }
        }
        let grey = min(max((red + green + blue) / 3 - 8 + 5, 0) / 10, 23)
        for step in max(grey - 1, 0)...min(grey + 1, 23) { consider(232 + step) }
        return best
    }

    /// The system colour (0…15) nearest to a colour, with xterm's default values.
    ///
    /// - Parameters:
    ///   - red: The red channel, 0 to 255.
    ///   - green: The green channel, 0 to 255.
    ///   - blue: The blue channel, 0 to 255.
    /// - Returns: A palette index from 0 to 15.
    public static func nearest16(red: Int, green: Int, blue: Int) -> Int {
        var best = 0
        var bestDistance = Int.max
        for index in 0..<16 {
            let d = distance((red, green, blue), systemColors[index])
            if d < bestDistance {
                best = index
                bestDistance = d
            }
        }
        return best
    }

    private static func neighbourLevels(_ value: Int) -> ClosedRange<Int> {
        var nearest = 0
        for (index, level) in cubeLevels.enumerated()
        where abs(level - value) < abs(cubeLevels[nearest] - value) {
            nearest = index
        }
        return max(nearest - 1, 0)...min(nearest + 1, 5)
    }
}
