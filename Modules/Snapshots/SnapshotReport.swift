import TrellisCore
import TrellisPNG

/// One self-contained HTML page that shows every pending snapshot: for images, the reference
/// and the new image side by side, a slider that wipes from one to the other, the difference
/// overlaid, and a blink toggle; for text, a unified diff. Images are inlined as data URLs, so
/// the page needs no network and no other file.
///
/// The slider's starting position can be given in the page's address (`report.html#slider=25`
/// shows a quarter of the new image), so that a link can point at a comparison.
///
/// ```swift
/// let pending = try PendingSnapshot.find(under: "Tests")
/// // Writing with Foundation, in a test or a tool of the app's own:
/// try SnapshotReport.html(for: pending).write(toFile: "report.html", atomically: true, encoding: .utf8)
/// ```
public enum SnapshotReport {
    /// The page for a list of pending snapshots.
    ///
    /// - Throws: ``SnapshotReviewError`` when a file cannot be read or an image decoded.
    /// - Complexity: O(*n*) in the snapshots' bytes and pixels.
    public static func html(for snapshots: [PendingSnapshot]) throws(SnapshotReviewError) -> String
    {
        var sections: [String] = []
        for (index, snapshot) in snapshots.enumerated() {
            sections.append(try section(snapshot, index: index))
        }
        let body =
            sections.isEmpty
            ? "<p class=\"empty\">No pending snapshots: every snapshot matches its reference.</p>"
            : sections.joined(separator: "\n")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Trellis snapshots: \(snapshots.count) pending</title>
            <style>\(style)</style>
            </head>
            <body data-failures="\(snapshots.count)">
            <h1>\(snapshots.count) pending snapshot\(snapshots.count == 1 ? "" : "s")</h1>
            \(body)
            <script>\(script)</script>
            </body>
            </html>

            """
    }

    private static func section(_ snapshot: PendingSnapshot, index: Int) throws(SnapshotReviewError)
        -> String
    {
        let title = "<h2>\(escape(snapshot.name))</h2>"
        let newBytes = try read(snapshot.pending)
        let referenceBytes = snapshot.hasReference ? try read(snapshot.reference) : nil
        switch snapshot.kind {
        case .image:
            let new = try decode(newBytes, snapshot.pending)
            guard let referenceBytes else {
                return """
                    <section class="failure" id="snapshot-\(index)">\(title)
                    <p>New snapshot, no reference recorded yet.</p>
                    <img alt="new" src="\(dataURL(newBytes))"></section>
                    """
            }
            let reference = try decode(referenceBytes, snapshot.reference)
            let difference = ImageDifference(reference: reference, actual: new)
            let diffPNG =
                (try? PNGEncoder.encode(
                    rgba: difference.image.pixels, width: difference.image.width,
                    height: difference.image.height)) ?? []
            let summary = difference.summary ?? "the files differ, the pixels do not"
            let region = difference.changedRegion.map { " in \($0)" } ?? ""
            let width = max(reference.width, new.width)
            let height = max(reference.height, new.height)
            return """
                <section class="failure image" id="snapshot-\(index)">\(title)
                <p class="summary">\(escape(summary))\(escape(region))</p>
                <div class="pair"><figure><figcaption>reference</figcaption><img alt="reference" src="\(dataURL(referenceBytes))"></figure>
                <figure><figcaption>new</figcaption><img alt="new" src="\(dataURL(newBytes))"></figure></div>
                <h3>Slider</h3>
                <input type="range" class="slider" min="0" max="100" value="50" aria-label="wipe from the reference to the new image">
                <div class="wipe" style="width: \(width)px; height: \(height)px"><img alt="new" src="\(dataURL(newBytes))"><img class="top" alt="reference" src="\(dataURL(referenceBytes))" style="clip-path: inset(0 50% 0 0)"></div>
                <h3>Difference</h3>
                <div class="overlay"><img alt="reference" src="\(dataURL(referenceBytes))"><img class="diff" alt="difference" src="\(dataURL(diffPNG))"></div>
                <h3>Blink</h3>
                <label><input type="checkbox" class="blink-toggle"> blink between the two</label>
                <div class="blink" style="width: \(width)px; height: \(height)px"><img alt="new" src="\(dataURL(newBytes))"><img class="top" alt="reference" src="\(dataURL(referenceBytes))"></div>
                </section>
                """
        case .text, .terminal:
            let new = String(decoding: newBytes, as: UTF8.self)
            let reference = referenceBytes.map { String(decoding: $0, as: UTF8.self) }
            let diff =
                reference.flatMap { LineDiff.diff(reference: $0, actual: new) }
                ?? (reference == nil ? new : "the files are equal")
            let lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map {
                line -> String in
                let kind =
                    line.hasPrefix("+")
                    ? "added"
                    : line.hasPrefix("-")
                        ? "removed"
                        : line.hasPrefix("@@") ? "hunk" : "context"
                return "<span class=\"\(kind)\">\(escape(String(line)))</span>"
            }
            let note = reference == nil ? "<p>New snapshot, no reference recorded yet.</p>" : ""
            var screens = ""
            if snapshot.kind == .terminal {
                let pair = [("reference", reference), ("new", new)].compactMap { name, text in
                    text.map {
                        "<figure><figcaption>\(name)</figcaption>"
                            + screenHTML(TerminalScreen(snapshotText: $0)) + "</figure>"
                    }
                }
                screens = "<div class=\"pair\">" + pair.joined() + "</div>\n"
            }
            return """
                <section class="failure \(snapshot.kind == .terminal ? "terminal" : "text")" id="snapshot-\(index)">\(title)\(note)
                \(screens)<pre class="diff">\(lines.joined(separator: "\n"))</pre>
                </section>
                """
        }
    }

    /// A terminal screen as preformatted text, each run of one style in a span with its
    /// colours.
    static func screenHTML(_ screen: TerminalScreen) -> String {
        var html = "<pre class=\"screen\">"
        for row in screen.rows.indices {
            for run in screen.runs(ofRow: row) {
                let cell = run.style
                var style: [String] = []
                if let color = cell.foreground { style.append("color: \(css(color))") }
                if let color = cell.background { style.append("background: \(css(color))") }
                if cell.isBold { style.append("font-weight: bold") }
                html +=
                    style.isEmpty
                    ? escape(run.text)
                    : "<span style=\"\(style.joined(separator: "; "))\">\(escape(run.text))</span>"
            }
            html += "\n"
        }
        return html + "</pre>"
    }

    private static func css(_ color: TerminalScreen.CellColor) -> String {
        let (red, green, blue) = color.rgb
        return "rgb(\(red), \(green), \(blue))"
    }

    /// The most bytes a snapshot file, image or text, may have for the page (a PNG of 64 Mpx,
    /// uncompressed, is 256 MiB).
    static let maximumFileBytes = 1 << 28

    private static func read(_ path: String) throws(SnapshotReviewError) -> [UInt8] {
        switch FileContents.read(path, limit: maximumFileBytes) {
        case .success(let bytes): return bytes
        case .failure(let error):
            throw SnapshotReviewError(
                error.isUnreadable ? "cannot read \(path)" : "\(path): \(error.reason)")
        }
    }

    private static func decode(_ bytes: [UInt8], _ path: String) throws(SnapshotReviewError)
        -> PNGImage
    {
        do {
            return try PNGDecoder.decode(bytes, maximumPixels: 1 << 26)
        } catch {
            throw SnapshotReviewError("\(path): \(error.message)")
        }
    }

    /// A PNG as a data URL.
    private static func dataURL(_ png: [UInt8]) -> String {
        "data:image/png;base64," + String(decoding: Base64.encode(png[...]), as: UTF8.self)
    }

    /// Text made safe inside HTML elements and attributes.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    private static let style = """
        body { font: 14px system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
        section { border-top: 1px solid #d1d1d6; padding: 8px 0 24px; }
        h2 { font-size: 16px; font-family: ui-monospace, monospace; }
        h3 { font-size: 13px; color: #636366; margin: 16px 0 4px; }
        img { image-rendering: pixelated; display: block; }
        figure { margin: 0 16px 0 0; } .pair { display: flex; align-items: flex-start; }
        .wipe, .blink, .overlay { position: relative; }
        .wipe img, .blink img, .overlay img { position: absolute; left: 0; top: 0; }
        .overlay .diff { opacity: 0.6; mix-blend-mode: multiply; }
        .blink.on .top { animation: blink 1s steps(1) infinite; }
        @keyframes blink { 50% { opacity: 0; } }
        pre.diff { background: #f2f2f7; padding: 8px; overflow-x: auto; }
        pre.screen { background: #000; color: #e5e5e5; padding: 4px; line-height: 1.15; }
        .added { color: #1b7f3b; background: #e3f6e8; } .removed { color: #b3261e; background: #fde7e6; }
        .hunk { color: #636366; } .empty { color: #1b7f3b; }
        """

    private static let script = """
        function setSlider(slider, value) {
          slider.value = value;
          const top = slider.nextElementSibling.querySelector('.top');
          top.style.clipPath = 'inset(0 ' + (100 - Number(value)) + '% 0 0)';
        }
        const start = /slider=(\\d+)/.exec(location.hash);
        for (const slider of document.querySelectorAll('.slider')) {
          slider.addEventListener('input', () => setSlider(slider, slider.value));
          if (start) {
            slider.value = Math.min(100, Number(start[1]));
            slider.dispatchEvent(new Event('input'));
          }
        }
        for (const toggle of document.querySelectorAll('.blink-toggle')) {
          toggle.addEventListener('change', () => {
            toggle.parentElement.nextElementSibling.classList.toggle('on', toggle.checked);
          });
        }
        document.body.dataset.ready = 'yes';
        """
}
