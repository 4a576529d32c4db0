import Foundation
import Testing

/// The conformance tests read the committed copies in `__Fixtures__`, so the repository tests
/// the same cases on every machine. These tests compare those copies with the files of the
/// Debian package `unicode-data` when it is installed (`make deps` installs it), so that a
/// package update that changes the Unicode version, and with it the tables to regenerate, is
/// noticed here.
///
/// Where the package is not installed the tests are skipped, which records no failure: the
/// conformance tests still run on the committed copies, and there is nothing to compare with.
@Suite struct UnicodeFixtureFreshnessTests {
    /// The directory of the package's data files, with the bidi conformance tests.
    static let dataDirectory = URL(fileURLWithPath: "/usr/share/unicode")
    /// The directory of the package's break conformance tests.
    static let systemDirectory = dataDirectory.appendingPathComponent("auxiliary")

    static func systemFileExists(_ name: String, in directory: URL = systemDirectory) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path)
    }

    /// Whether the committed copy of a fixture has the same bytes as the system's file.
    static func expectIdentical(_ name: String, in directory: URL = systemDirectory) throws {
        let committed = try Data(contentsOf: fixturesDirectory.appendingPathComponent(name))
        let system = try Data(contentsOf: directory.appendingPathComponent(name))
        #expect(
            committed == system,
            """
            __Fixtures__/\(name) (\(committed.count) bytes) differs from \
            \(directory.path)/\(name) (\(system.count) bytes): the unicode-data \
            package changed; copy the new file, regenerate the tables with \
            Tools/gen-unicode-tables and update the expected case counts
            """)
    }

    @Test(
        .enabled(
            if: systemFileExists("LineBreakTest.txt"),
            "/usr/share/unicode/auxiliary/LineBreakTest.txt is not installed (unicode-data)"))
    func lineBreakTestMatchesTheInstalledUnicodeData() throws {
        try Self.expectIdentical("LineBreakTest.txt")
    }

    @Test(
        .enabled(
            if: systemFileExists("GraphemeBreakTest.txt"),
            "/usr/share/unicode/auxiliary/GraphemeBreakTest.txt is not installed (unicode-data)"))
    func graphemeBreakTestMatchesTheInstalledUnicodeData() throws {
        try Self.expectIdentical("GraphemeBreakTest.txt")
    }

    @Test(
        .enabled(
            if: systemFileExists("BidiTest.txt", in: dataDirectory),
            "/usr/share/unicode/BidiTest.txt is not installed (unicode-data)"))
    func bidiTestMatchesTheInstalledUnicodeData() throws {
        try Self.expectIdentical("BidiTest.txt", in: Self.dataDirectory)
    }

    @Test(
        .enabled(
            if: systemFileExists("BidiCharacterTest.txt", in: dataDirectory),
            "/usr/share/unicode/BidiCharacterTest.txt is not installed (unicode-data)"))
    func bidiCharacterTestMatchesTheInstalledUnicodeData() throws {
        try Self.expectIdentical("BidiCharacterTest.txt", in: Self.dataDirectory)
    }
}
