import Foundation

/// The generated scenes of the end-to-end suite: each kind at any number of views, written as
/// the JSON a user would give `trellis`, and read the same way by the peers in `peers/e2e_*.py`.
enum EndToEndScene: String, CaseIterable {
    /// Views in one row with equal widths by constraints: four constraints a view.
    case chain
    /// Framed rows of ten views, each row a chain of equal widths: independent subsystems.
    case rows
    /// Fixed-size items in a wrapping flex row.
    case wrap
    /// Cards in a wrapping flex row, each a coloured rounded view holding a label: the scene
    /// the renderers draw.
    case cards

    /// Whether the scene is laid out by constraints (peer: kiwisolver) or flexbox (Taffy,
    /// Yoga, Chromium).
    var usesConstraints: Bool { self == .chain || self == .rows }

    /// The number of views, the root included, for a requested size.
    func viewCount(_ size: Int) -> Int {
        switch self {
        case .chain, .wrap: size + 1
        case .rows: size + size / 10 + 1
        case .cards: 2 * (size / 2) + 1
        }
    }

    /// The scene's JSON.
    ///
    /// - Parameter size: About how many views: `chain` and `wrap` have `size` children, `rows`
    ///   `size / 10` rows of 10, `cards` `size / 2` cards of two views.
    func json(size: Int) -> String {
        var out = ""
        out.reserveCapacity(size * 140)
        switch self {
        case .chain:
            out += #"{"size": [100000, 100], "root": {"id": "root", "children": ["#
            for i in 0..<size { out += (i == 0 ? "" : ", ") + #"{"id": "v\#(i)"}"# }
            out += #"], "constraints": ["#
            for i in 0..<size {
                let leading = i == 0 ? "super.leading" : "v\(i - 1).trailing"
                out += i == 0 ? "" : ", "
                out += #""v\#(i).leading == \#(leading)", "v\#(i).top == super.top", "#
                out += #""v\#(i).height == 20""#
                if i > 0 { out += #", "v\#(i).width == v0.width""# }
            }
            out += #", "v\#(size - 1).trailing == super.trailing"]}}"#
        case .rows:
            let rows = size / 10
            out += #"{"size": [1000, \#(max(rows * 8, 8))], "root": {"id": "root", "children": ["#
            for j in 0..<rows {
                out += j == 0 ? "" : ", "
                out += #"{"id": "row\#(j)", "frame": [0, \#(j * 8), 1000, 8], "children": ["#
                for i in 0..<10 { out += (i == 0 ? "" : ", ") + #"{"id": "r\#(j)c\#(i)"}"# }
                out += #"], "constraints": ["#
                for i in 0..<10 {
                    let leading = i == 0 ? "super.leading" : "r\(j)c\(i - 1).trailing"
                    out += i == 0 ? "" : ", "
                    out +=
                        #""r\#(j)c\#(i).leading == \#(leading)", "r\#(j)c\#(i).top == super.top", "#
                    out += #""r\#(j)c\#(i).height == 8""#
                    if i > 0 { out += #", "r\#(j)c\#(i).width == r\#(j)c0.width""# }
                }
                out += #", "r\#(j)c9.trailing == super.trailing"]}"#
            }
            out += "]}}"
        case .wrap:
            out += #"{"size": [1000, 100000], "root": {"id": "root", "#
            out += #""style": {"flexDirection": "row", "flexWrap": "wrap"}, "children": ["#
            for k in 0..<size {
                out += k == 0 ? "" : ", "
                out += #"{"id": "i\#(k)", "style": {"width": \#(10 + (k % 7) * 5), "#
                out += #""height": \#(10 + (k % 3) * 4)}}"#
            }
            out += "]}}"
        case .cards:
            let cards = size / 2
            // 20 cards of 64 × 24 points a row, on a canvas of at most 16,000 points (the
            // terminal's 1,000 rows, the raster backend's 16,384 pixels a side): the cards
            // below it are drawn off the canvas.
            let height = min(max(24 * ((cards + 19) / 20), 24), 16_000)
            out +=
                ##"{"size": [1280, \##(height)], "root": {"id": "root", "backgroundColor": "#F2F2F7", "##
            out += #""style": {"flexDirection": "row", "flexWrap": "wrap"}, "children": ["#
            let colors = ["#FFFFFF", "#E8F0FE", "#FDE7E9", "#E6F4EA"]
            for k in 0..<cards {
                out += k == 0 ? "" : ", "
                out += #"{"id": "card\#(k)", "backgroundColor": "\#(colors[k % 4])", "#
                out += #""cornerRadius": 4, "style": {"width": 60, "height": 20, "margin": 2, "#
                out += #""padding": [2, 4, 2, 4]}, "children": [{"id": "title\#(k)", "#
                out += ##""type": "label", "text": "Item \##(k)", "textColor": "#1C1C1E", "##
                out += #""font": {"size": 12}}]}"#
            }
            out += "]}}"
        }
        return out
    }
}
