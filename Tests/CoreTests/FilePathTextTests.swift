import Testing
import _TrellisTestSupport

@testable import TrellisCore

/// `FilePathText` follows the rules of `NSString`'s path methods, which the scene reader and
/// the command used before they dropped Foundation. The examples are those of Apple's
/// documentation of the three methods, and the edges that a scene path can have.
///
/// Foundation on Linux cannot be the reference here: its `deletingLastPathComponent` stops the
/// process on a one-character relative path such as `a` or `.`, which made
/// `trellis layout a` crash.
@Suite struct FilePathTextTests {
    @Test(arguments: [
        ("/tmp/scratch.tiff", "scratch.tiff"), ("/tmp/scratch", "scratch"), ("/tmp/", "tmp"),
        ("scratch///", "scratch"), ("/", "/"), ("", ""), ("a", "a"), ("//", "/"),
        ("a//b", "b"), ("scenes/卡片.json", "卡片.json"), (".", "."), ("/a/..", ".."),
    ])
    func lastComponent(path: String, expected: String) {
        #expect(FilePathText.lastComponent(of: path) == expected)
    }

    @Test(arguments: [
        ("/tmp/scratch.tiff", "/tmp"), ("/tmp/lock/", "/tmp"), ("/tmp/", "/"), ("/tmp", "/"),
        ("/", "/"), ("scratch.tiff", ""), ("", ""), ("a", ""), (".", ""), ("//", "/"),
        ("a//b", "a"), ("/a//b//", "/a"), ("//tmp/x.json", "//tmp"), ("scenes/卡片.json", "scenes"),
    ])
    func directory(path: String, expected: String) {
        #expect(FilePathText.directory(of: path) == expected)
    }

    @Test(arguments: [
        ("/tmp", "/tmp/scratch.tiff"), ("/tmp/", "/tmp/scratch.tiff"), ("/", "/scratch.tiff"),
        ("", "scratch.tiff"), ("out//", "out/scratch.tiff"), ("//", "/scratch.tiff"),
    ])
    func joining(directory: String, expected: String) {
        #expect(FilePathText.joining(directory, "scratch.tiff") == expected)
    }

    /// Absolute paths as Foundation's `URL(fileURLWithPath:).standardizedFileURL.path` gives
    /// them (recorded from swift-corelibs-foundation of Swift 6.3), and relative ones, which
    /// keep the `..` that climbs above them.
    @Test(arguments: [
        ("/a/./b/../c/", "/a/c"), ("/..", "/"), ("/../a", "/a"), ("/a/b/../../..", "/"),
        ("//a//b/", "/a/b"), ("/a/.", "/a"), ("/a/b/..", "/a"), ("/", "/"),
        ("/a/../b/./c/..", "/b"), ("a/./b", "a/b"), ("a/..", "."), ("a/../../b", "../b"),
        ("../../a", "../../a"), ("", "."), ("./卡片/../x.json", "x.json"),
    ])
    func normalized(path: String, expected: String) {
        #expect(FilePathText.normalized(path) == expected)
    }

    /// A path without repeated slashes is its directory joined with its last component.
    @Test func aPathIsItsDirectoryAndItsLastComponent() {
        var generator = SeededGenerator(seed: 0x7061_7468)
        let names = ["a", "bc", "d.json", ".", "..", "é", "卡片"]
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...5, using: &generator)
            var path = (0..<count).map { _ in names.randomElement(using: &generator)! }
                .joined(separator: "/")
            if Bool.random(using: &generator) { path = "/" + path }
            let directory = FilePathText.directory(of: path)
            let last = FilePathText.lastComponent(of: path)
            #expect(FilePathText.joining(directory, last) == path, "\(path)")
            #expect(FilePathText.lastComponent(of: path + "/") == last, "\(path)/")
            #expect(FilePathText.directory(of: path + "//") == directory, "\(path)//")
        }
    }
}
