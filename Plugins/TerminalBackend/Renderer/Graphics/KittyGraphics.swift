import TrellisCore
import TrellisPNG

/// The images a frame shows through the kitty graphics protocol, and what the terminal holds
/// from the frames before.
///
/// Each distinct image (``ImagePlacement/identity``) is transmitted once, as PNG, under an image
/// id of its own, in base64 chunks of at most ``chunkSize`` bytes; each place it is shown is a
/// placement of that image (`p=` 1, 2, … in drawing order) at its cell, `c=` columns by `r=`
/// rows, with `x`, `y`, `w`, `h` selecting the part a clip or the screen's edge leaves. Every
/// command asks for no reply (`q=2`) and leaves the cursor where it was (`C=1`). A frame
/// writes:
///
/// - nothing for an image shown where it was;
/// - a placement for one that moved (the same id and placement id: the terminal moves it);
/// - a transmission and placements for a new image;
/// - a deletion of the placement (`a=d,d=i`) for a place no longer shown, and of the image
///   and its data (`a=d,d=I`) for an image no longer shown anywhere.
///
/// A full repaint clears the screen, so it deletes every image shown (`a=d,d=A`) and sends
/// what the frame shows again.
struct KittyGraphics {
    /// The most base64 bytes in one escape sequence.
    static let chunkSize = 4096

    /// An image the terminal holds.
    struct Shown {
        var id: UInt32
        /// The placements, by placement id.
        var placements: [Int: Place]
    }

    /// Where a placement shows, and which part.
    struct Place: Equatable {
        var box: CellBox
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        var isWhole: Bool
    }

    private(set) var shown: [UInt64: Shown] = [:]
    private var nextID: UInt32 = 1

    /// Writes what changes the terminal's images from the last frame's to `placements`.
    ///
    /// - Parameters:
    ///   - placements: The frame's placements, in drawing order.
    ///   - isFull: Whether the frame is a full repaint (the screen was cleared).
    ///   - output: Where the escape sequences go.
    mutating func encode(_ placements: [ImagePlacement], isFull: Bool, into output: inout [UInt8]) {
        if isFull && !shown.isEmpty {
            append("\u{1B}_Ga=d,d=A,q=2;\u{1B}\\", to: &output)
            shown = [:]
        }
        var wanted: [UInt64: [Int: (Place, ImagePlacement)]] = [:]
        var order: [UInt64] = []
        for placement in placements {
            if wanted[placement.identity] == nil { order.append(placement.identity) }
            let number = (wanted[placement.identity]?.count ?? 0) + 1
            let part = placement.visibleSource
            let place = Place(
                box: placement.visible, x: part.x, y: part.y, width: part.width,
                height: part.height,
                isWhole: placement.visible == placement.box)
            wanted[placement.identity, default: [:]][number] = (place, placement)
        }
        // Deletions first, in a fixed order.
        for identity in shown.keys.sorted() {
            guard let image = shown[identity] else { continue }
            guard let places = wanted[identity] else {
                append("\u{1B}_Ga=d,d=I,i=\(image.id),q=2;\u{1B}\\", to: &output)
                shown[identity] = nil
                continue
            }
            for number in image.placements.keys.sorted() where places[number] == nil {
                append("\u{1B}_Ga=d,d=i,i=\(image.id),p=\(number),q=2;\u{1B}\\", to: &output)
                shown[identity]?.placements[number] = nil
            }
        }
        for identity in order {
            guard let places = wanted[identity], let first = places[1]?.1 else { continue }
            if shown[identity] == nil {
                let id = nextID
                nextID = nextID == UInt32.max ? 1 : nextID + 1
                transmit(first, id: id, into: &output)
                shown[identity] = Shown(id: id, placements: [:])
            }
            guard let id = shown[identity]?.id else { continue }
            for number in places.keys.sorted() {
                guard let (place, _) = places[number],
                    shown[identity]?.placements[number] != place
                else { continue }
                append("\u{1B}[\(place.box.row + 1);\(place.box.column + 1)H", to: &output)
                var keys = "a=p,i=\(id),p=\(number),c=\(place.box.columns),r=\(place.box.rows)"
                if !place.isWhole {
                    keys += ",x=\(place.x),y=\(place.y),w=\(place.width),h=\(place.height)"
                }
                append("\u{1B}_G" + keys + ",C=1,q=2;\u{1B}\\", to: &output)
                shown[identity]?.placements[number] = place
            }
        }
    }

    /// Transmits an image's pixels as PNG in chunks.
    private func transmit(_ placement: ImagePlacement, id: UInt32, into output: inout [UInt8]) {
        let pixels = placement.pixels()
        let png: [UInt8]
        do {
            png = try PNGEncoder.encode(
                rgba: pixels, width: placement.sourceWidth, height: placement.sourceHeight)
        } catch {
            return
        }
        let payload = Base64.encode(png[...])
        var start = 0
        repeat {
            let end = min(start + KittyGraphics.chunkSize, payload.count)
            let more = end < payload.count ? 1 : 0
            if start == 0 {
                append(
                    "\u{1B}_Ga=t,t=d,f=100,i=\(id),q=2,m=\(more);", to: &output)
            } else {
                append("\u{1B}_Gm=\(more);", to: &output)
            }
            output.append(contentsOf: payload[start..<end])
            append("\u{1B}\\", to: &output)
            start = end
        } while start < payload.count
    }

    private func append(_ text: String, to output: inout [UInt8]) {
        output.append(contentsOf: text.utf8)
    }
}
