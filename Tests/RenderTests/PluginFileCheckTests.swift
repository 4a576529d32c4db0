import Foundation
import Testing
import TrellisRender

/// The check that a plugin file is a complete ELF shared object for this machine, made before
/// `dlopen` maps it.
@Suite struct PluginFileCheckTests {
    #if arch(x86_64)
        private static let hostMachine: (number: UInt16, name: String) = (62, "x86-64")
        private static let otherMachine: (number: UInt16, name: String) = (183, "AArch64")
    #else
        private static let hostMachine: (number: UInt16, name: String) = (183, "AArch64")
        private static let otherMachine: (number: UInt16, name: String) = (62, "x86-64")
    #endif

    /// Writes bytes as a plugin file in a fresh private directory and returns its path. The
    /// caller removes the directory with `removeDirectory(holding:)` when its test is done.
    private func write(_ bytes: [UInt8], named name: String) throws -> String {
        let directory = try PluginFixtures.makeDirectory()
        let path = directory + "/" + name
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        return path
    }

    /// Removes the directory `write(_:named:)` made, with the plugin file in it.
    private func removeDirectory(holding path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    /// Where the section header table of an ELF file ends, from its header.
    private func sectionHeadersEnd(of bytes: [UInt8]) -> UInt64 {
        let offset = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[40 + $1]) << (8 * $1) }
        let count = UInt64(bytes[60]) | UInt64(bytes[61]) << 8
        return offset + count * 64
    }

    @Test func aTruncatedCopyOfABuiltPluginIsRefusedWithoutACrash() throws {
        let original = try [UInt8](
            Data(
                contentsOf: URL(
                    fileURLWithPath: PluginFixtures.buildDirectory + "/libTrellisTextBackend.so")))
        try #require(original.count > 100_000)
        let path = try write(Array(original.prefix(100_000)), named: "libTrellisCutBackend.so")
        defer { removeDirectory(holding: path) }
        let error = PluginFixtures.loadError(path)
        #expect(error?.code == .notASharedLibrary)
        #expect(
            error?.description
                == "plugin \(path): not a shared library: truncated: the section headers end at "
                + "byte \(sectionHeadersEnd(of: original)) of a file of 100000 bytes")
        let directory = (path as NSString).deletingLastPathComponent
        let result = PluginDiscovery(
            paths: [directory], usesEnvironment: false, usesInstallLocations: false
        ).discover()
        #expect(result.plugins.isEmpty)
        #expect(result.failures.map(\.path) == [path])
    }

    /// Ways to damage a small, well-formed shared object image.
    enum Damage: String, CaseIterable, Sendable {
        case notELF, cutInsideTheHeader, thirtyTwoBit, bigEndian, otherMachine, executable
        case headerSize, programHeaderSize, programHeadersPastTheEnd, sectionHeadersPastTheEnd
        case sectionHeadersOverflow, segmentPastTheEnd, segmentOverflow, noLoadableSegment

        /// The image with the damage done.
        func apply(to image: inout ELFImage) {
            switch self {
            case .notELF: image.bytes = Array("not an ELF file".utf8)
            case .cutInsideTheHeader: image.bytes.removeLast(image.bytes.count - 40)
            case .thirtyTwoBit: image.bytes[4] = 1
            case .bigEndian: image.bytes[5] = 2
            case .otherMachine: image.set(PluginFileCheckTests.otherMachine.number, at: 18)
            case .executable: image.set(UInt16(2), at: 16)
            case .headerSize: image.set(UInt16(52), at: 52)
            case .programHeaderSize: image.set(UInt16(32), at: 54)
            case .programHeadersPastTheEnd: image.set(UInt64(4_090), at: 32)
            case .sectionHeadersPastTheEnd: image.set(UInt64(4_000), at: 40)
            case .sectionHeadersOverflow: image.set(UInt64.max - 100, at: 40)
            case .segmentPastTheEnd: image.set(UInt64(8_192), at: 64 + 32)
            case .segmentOverflow: image.set(UInt64.max - 10, at: 64 + 8)
            case .noLoadableSegment: image.set(UInt32(6), at: 64)
            }
        }

        /// The message the host gives for the damaged file.
        var message: String {
            let host = PluginFileCheckTests.hostMachine
            let other = PluginFileCheckTests.otherMachine
            switch self {
            case .notELF:
                return "not an ELF file: it does not start with the ELF magic number 7F 45 4C 46"
            case .cutInsideTheHeader:
                return "truncated: the ELF header ends at byte 64 of a file of 40 bytes"
            case .thirtyTwoBit:
                return "a 32-bit ELF file (ELFCLASS32); this host loads 64-bit ones (ELFCLASS64)"
            case .bigEndian:
                return "a big-endian ELF file (ELFDATA2MSB); this host loads little-endian ones "
                    + "(ELFDATA2LSB)"
            case .otherMachine:
                return "built for ELF machine \(other.number) (\(other.name)); this host is "
                    + "\(host.number) (\(host.name))"
            case .executable: return "an executable (ET_EXEC), not a shared object (ET_DYN)"
            case .headerSize: return "the ELF header size is 52 bytes; a 64-bit header has 64"
            case .programHeaderSize:
                return "program headers are 32 bytes each; 64-bit ones are 56"
            case .programHeadersPastTheEnd:
                return "truncated: the program headers end at byte 4146 of a file of 4096 bytes"
            case .sectionHeadersPastTheEnd:
                return "truncated: the section headers end at byte 4128 of a file of 4096 bytes"
            case .sectionHeadersOverflow:
                return "the section headers lie beyond the end of any file: their offset and "
                    + "size overflow"
            case .segmentPastTheEnd:
                return "truncated: loadable segment 0 (PT_LOAD) ends at byte 8192 of a file of "
                    + "4096 bytes"
            case .segmentOverflow:
                return "loadable segment 0 (PT_LOAD) lies beyond the end of any file: its offset "
                    + "and size overflow"
            case .noLoadableSegment:
                return "no loadable segment (PT_LOAD), so nothing can be loaded"
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func aDamagedOrForeignFileIsRefusedBeforeItIsMapped(damage: Damage) throws {
        var image = ELFImage()
        damage.apply(to: &image)
        let path = try write(image.bytes, named: "libTrellisDamagedBackend.so")
        defer { removeDirectory(holding: path) }
        let error = PluginFixtures.loadError(path)
        #expect(error?.code == .notASharedLibrary)
        #expect(error?.message == damage.message)
        #expect(error?.path == path)
    }

    @Test func aWellFormedImageGetsPastTheCheckToTheDynamicLoader() throws {
        let path = try write(ELFImage().bytes, named: "libTrellisBareBackend.so")
        defer { removeDirectory(holding: path) }
        let error = PluginFixtures.loadError(path)
        // The image has no dynamic section, so dlopen refuses it, with its own message.
        #expect(error?.code == .notASharedLibrary)
        let message = error?.message ?? ""
        #expect(!Damage.allCases.contains { $0.message == message })
        #expect(message.contains(path))
    }
}

/// A 4096-byte 64-bit little-endian ELF shared object for the host machine: the header, one
/// loadable segment covering the whole file, and a table of two empty section headers at 128.
struct ELFImage {
    var bytes = [UInt8](repeating: 0, count: 4_096)

    init() {
        bytes.replaceSubrange(0..<7, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1])
        #if arch(x86_64)
            let machine: UInt16 = 62
        #else
            let machine: UInt16 = 183
        #endif
        set(UInt16(3), at: 16)  // e_type ET_DYN
        set(machine, at: 18)
        set(UInt32(1), at: 20)  // e_version
        set(UInt64(64), at: 32)  // e_phoff
        set(UInt64(128), at: 40)  // e_shoff
        set(UInt16(64), at: 52)  // e_ehsize
        set(UInt16(56), at: 54)  // e_phentsize
        set(UInt16(1), at: 56)  // e_phnum
        set(UInt16(64), at: 58)  // e_shentsize
        set(UInt16(2), at: 60)  // e_shnum
        set(UInt32(1), at: 64)  // p_type PT_LOAD
        set(UInt32(5), at: 68)  // p_flags R+X
        set(UInt64(4_096), at: 64 + 32)  // p_filesz
        set(UInt64(4_096), at: 64 + 40)  // p_memsz
        set(UInt64(4_096), at: 64 + 48)  // p_align
    }

    /// Stores an integer, little-endian, at an offset.
    mutating func set<Value: FixedWidthInteger>(_ value: Value, at offset: Int) {
        for index in 0..<MemoryLayout<Value>.size {
            bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index))
        }
    }
}
