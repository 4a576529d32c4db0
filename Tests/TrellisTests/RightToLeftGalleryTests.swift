import Testing
import Trellis
import TrellisGallery
import TrellisTesting

/// The gallery's right-to-left page through every backend, as VoiceOver reads it, and the
/// accessibility audit, which it passes.
@MainActor
@Suite struct RightToLeftGalleryTests {
    @Test func asText() throws {
        try expectSnapshot(of: RightToLeftGallery().window, as: .text, named: "rtl")
    }

    @Test func asPixels() throws {
        try expectSnapshot(
            of: RightToLeftGallery().window, as: .png(scale: 1, tolerance: 2), named: "rtl")
    }

    @Test func asATerminalScreen() throws {
        try expectSnapshot(of: RightToLeftGallery().window, as: .terminal(width: 60), named: "rtl")
    }

    @Test func asVoiceOverReadsIt() throws {
        try expectSnapshot(of: RightToLeftGallery().window, as: .accessibility, named: "rtl")
    }

    @Test func itPassesTheAudit() throws {
        try expectAccessible(RightToLeftGallery().window)
    }

    @Test func theLayoutRunsFromTheRightAndThePhoneFieldDoesNot() throws {
        let window = RightToLeftGallery().window
        window.layoutIfNeeded()
        let buttons = (0..<3).compactMap { window.view(withIdentifier: "rtl-button-\($0)") }
        #expect(buttons.count == 3)
        let xs = buttons.map { $0.convert(Point.zero, to: window).x }
        try #require(xs.count > 2)
        #expect(xs[0] > xs[1] && xs[1] > xs[2], "the first button is the rightmost: \(xs)")
        let name = try #require(window.view(withIdentifier: "rtl-name"))
        let phone = try #require(window.view(withIdentifier: "rtl-phone"))
        #expect(name.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(phone.effectiveUserInterfaceLayoutDirection == .leftToRight)
    }
}
