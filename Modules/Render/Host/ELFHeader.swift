/// The header of a 64-bit little-endian ELF file, and the check that a plugin file is a
/// complete shared object for this machine before `dlopen` maps it.
///
/// `dlopen` maps a library's segments straight from the file. When the file is shorter than
/// its headers say (a copy cut short, a download that stopped), touching a page past the end
/// raises `SIGBUS` and the whole process dies. The check reads the headers with `pread`, never
/// through a mapping, so a damaged file is refused with a ``PluginError`` instead:
///
/// ```swift
/// try ELFHeader.checkSharedObject(at: "/opt/plugins/libTrellisFooBackend.so")
/// // plugin /opt/plugins/libTrellisFooBackend.so: not a shared library: truncated: the
/// // section headers end at byte 4388712 of a file of 100000 bytes
/// ```
///
/// The file must be an ELF file of the host's class (64-bit), byte order (little-endian) and
/// machine (x86-64 or AArch64), of type `ET_DYN`, with header and table entry sizes of that
/// class, and its program header table, section header table and every loadable segment
/// (`PT_LOAD`) must lie inside the file. On other architectures the check is skipped and the
/// file goes to `dlopen` as it is.
struct ELFHeader {
    /// The size of a 64-bit ELF header.
    static let size = 64
    /// The size of a 64-bit program header.
    static let programHeaderSize = 56
    /// The size of a 64-bit section header.
    static let sectionHeaderSize = 64

    /// The host's ELF machine number (`e_machine`), or `nil` on a machine the check does not
    /// know, where it is skipped.
    #if arch(x86_64)
        static let hostMachine: UInt16? = 62
    #elseif arch(arm64)
        static let hostMachine: UInt16? = 183
    #else
        static let hostMachine: UInt16? = nil
    #endif

    /// The object file type (`e_type`); 3 (`ET_DYN`) for a shared object.
    var type: UInt16
    /// The machine the file was built for (`e_machine`).
    var machine: UInt16
    /// The object file version (`e_version`); 1 is the only one.
    var version: UInt32
    /// Where the program header table starts (`e_phoff`).
    var programHeaderOffset: UInt64
    /// Where the section header table starts (`e_shoff`); 0 when there is none.
    var sectionHeaderOffset: UInt64
    /// The size of this header (`e_ehsize`).
    var headerSize: UInt16
    /// The size of one program header (`e_phentsize`).
    var programHeaderEntrySize: UInt16
    /// The number of program headers (`e_phnum`).
    var programHeaderCount: UInt16
    /// The size of one section header (`e_shentsize`).
    var sectionHeaderEntrySize: UInt16
    /// The number of section headers (`e_shnum`); 0 with a table present means the count is
    /// in the first section header's `sh_size`.
    var sectionHeaderCount: UInt16

    /// Reads the fields after `e_ident` from the 64 bytes of a little-endian header.
    init(_ bytes: [UInt8]) {
        type = littleEndian(bytes, at: 16)
        machine = littleEndian(bytes, at: 18)
        version = littleEndian(bytes, at: 20)
        programHeaderOffset = littleEndian(bytes, at: 32)
        sectionHeaderOffset = littleEndian(bytes, at: 40)
        headerSize = littleEndian(bytes, at: 52)
        programHeaderEntrySize = littleEndian(bytes, at: 54)
        programHeaderCount = littleEndian(bytes, at: 56)
        sectionHeaderEntrySize = littleEndian(bytes, at: 58)
        sectionHeaderCount = littleEndian(bytes, at: 60)
    }

    /// Checks that a file is a complete ELF shared object that this machine can load.
    ///
    /// - Parameter path: The file, already known to be a regular file.
    /// - Throws: ``PluginError`` with the code
    ///   ``PluginError/Code-swift.struct/notASharedLibrary`` naming the file and what is wrong,
    ///   such as `truncated: the section headers end at byte 4388712 of a file of 100000 bytes`.
    /// - Complexity: O(*n*) in the number of program headers; reads at most the header, the
    ///   first section header and the program header table.
    static func checkSharedObject(at path: String) throws(PluginError) {
        guard let hostMachine else { return }
        let found = try SystemCalls.withFile(path, failure: .notASharedLibrary) {
            (file) throws(PluginError) -> String? in
            try problem(in: file, hostMachine: hostMachine)
        }
        if let found {
            throw PluginError(.notASharedLibrary, found, path: path)
        }
    }

    /// What makes a file unfit for `dlopen`, or `nil` when nothing does.
    private static func problem(in file: SystemCalls.FileReader, hostMachine: UInt16)
        throws(PluginError) -> String?
    {
        let bytes = try file.read(at: 0, count: size)
        if let problem = identificationProblem(bytes, fileSize: file.size) { return problem }
        let header = ELFHeader(bytes)
        if let problem = header.kindProblem(hostMachine: hostMachine) { return problem }
        if let problem = header.layoutProblem() { return problem }
        let programTableEnd = end(
            of: header.programHeaderOffset, count: UInt64(header.programHeaderCount),
            entrySize: UInt64(programHeaderSize))
        if let problem = beyondEnd(programTableEnd, of: file, what: "the program headers") {
            return problem
        }
        if header.sectionHeaderOffset != 0 {
            var count = UInt64(header.sectionHeaderCount)
            if count == 0 {
                // Extended numbering: the count is the first section header's sh_size.
                let firstEnd = end(
                    of: header.sectionHeaderOffset, count: 1, entrySize: UInt64(sectionHeaderSize))
                if let problem = beyondEnd(firstEnd, of: file, what: "the section headers") {
                    return problem
                }
                count = littleEndian(
                    try file.read(at: header.sectionHeaderOffset + 32, count: 8), at: 0)
            }
            let sectionTableEnd = end(
                of: header.sectionHeaderOffset, count: count, entrySize: UInt64(sectionHeaderSize))
            if let problem = beyondEnd(sectionTableEnd, of: file, what: "the section headers") {
                return problem
            }
        }
        return try segmentProblem(header, in: file)
    }

    /// A problem with `e_ident`: the magic number, class, byte order or version.
    private static func identificationProblem(_ bytes: [UInt8], fileSize: UInt64) -> String? {
        guard bytes.count >= 4, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C,
            bytes[3] == 0x46
        else {
            return "not an ELF file: it does not start with the ELF magic number 7F 45 4C 46"
        }
        guard bytes.count >= 7 else { return truncatedHeader(fileSize: fileSize) }
        switch bytes[4] {
        case 2: break
        case 1:
            return "a 32-bit ELF file (ELFCLASS32); this host loads 64-bit ones (ELFCLASS64)"
        default: return "ELF class \(bytes[4]) is neither 32-bit nor 64-bit"
        }
        switch bytes[5] {
        case 1: break
        case 2:
            return "a big-endian ELF file (ELFDATA2MSB); this host loads little-endian ones "
                + "(ELFDATA2LSB)"
        default: return "ELF data encoding \(bytes[5]) is neither little- nor big-endian"
        }
        guard bytes[6] == 1 else {
            return "ELF version \(bytes[6]) in the identification; 1 is the only version"
        }
        guard bytes.count == size else { return truncatedHeader(fileSize: fileSize) }
        return nil
    }

    /// The message for a file that ends inside the ELF header.
    private static func truncatedHeader(fileSize: UInt64) -> String {
        "truncated: the ELF header ends at byte \(size) of a file of \(fileSize) bytes"
    }

    /// A problem with what the file is: its type, machine or version.
    private func kindProblem(hostMachine: UInt16) -> String? {
        guard type == 3 else {
            return "\(ELFHeader.typeName(type)), not a shared object (ET_DYN)"
        }
        guard machine == hostMachine else {
            return "built for ELF machine \(machine) (\(ELFHeader.machineName(machine))); this "
                + "host is \(hostMachine) (\(ELFHeader.machineName(hostMachine)))"
        }
        guard version == 1 else {
            return "ELF version \(version) in the header; 1 is the only version"
        }
        return nil
    }

    /// A problem with the sizes the header declares for itself and its tables.
    private func layoutProblem() -> String? {
        guard headerSize == ELFHeader.size else {
            return "the ELF header size is \(headerSize) bytes; a 64-bit header has "
                + "\(ELFHeader.size)"
        }
        guard programHeaderCount > 0 else {
            return "no program headers, so nothing can be loaded"
        }
        guard programHeaderEntrySize == ELFHeader.programHeaderSize else {
            return "program headers are \(programHeaderEntrySize) bytes each; 64-bit ones are "
                + "\(ELFHeader.programHeaderSize)"
        }
        if sectionHeaderOffset != 0 || sectionHeaderCount != 0 {
            guard sectionHeaderEntrySize == ELFHeader.sectionHeaderSize else {
                return "section headers are \(sectionHeaderEntrySize) bytes each; 64-bit ones "
                    + "are \(ELFHeader.sectionHeaderSize)"
            }
        }
        return nil
    }

    /// A loadable segment whose bytes are not all in the file, or the lack of any.
    private static func segmentProblem(_ header: ELFHeader, in file: SystemCalls.FileReader)
        throws(PluginError) -> String?
    {
        let table = try file.read(
            at: header.programHeaderOffset,
            count: Int(header.programHeaderCount) * programHeaderSize)
        var loadable = 0
        for index in 0..<Int(header.programHeaderCount) {
            let base = index * programHeaderSize
            let segmentType: UInt32 = littleEndian(table, at: base)
            guard segmentType == 1 else { continue }
            loadable += 1
            let offset: UInt64 = littleEndian(table, at: base + 8)
            let fileSize: UInt64 = littleEndian(table, at: base + 32)
            let what = "loadable segment \(index) (PT_LOAD)"
            if let problem = beyondEnd(
                end(of: offset, count: 1, entrySize: fileSize), of: file, what: what,
                isSingular: true)
            {
                return problem
            }
        }
        return loadable == 0 ? "no loadable segment (PT_LOAD), so nothing can be loaded" : nil
    }

    /// The end of `count` entries of `entrySize` bytes from `offset`, or `nil` on overflow.
    private static func end(of offset: UInt64, count: UInt64, entrySize: UInt64) -> UInt64? {
        let (length, lengthOverflows) = count.multipliedReportingOverflow(by: entrySize)
        let (end, endOverflows) = offset.addingReportingOverflow(length)
        return lengthOverflows || endOverflows ? nil : end
    }

    /// Why a range ending at `end` does not fit in the file, or `nil` when it does.
    ///
    /// - Parameters:
    ///   - end: Where the range ends, or `nil` when its offset and size overflow.
    ///   - file: The file.
    ///   - what: How the message names the range, in the plural ("the section headers") unless
    ///     `isSingular`.
    private static func beyondEnd(
        _ end: UInt64?, of file: SystemCalls.FileReader, what: String, isSingular: Bool = false
    ) -> String? {
        guard let end else {
            return isSingular
                ? "\(what) lies beyond the end of any file: its offset and size overflow"
                : "\(what) lie beyond the end of any file: their offset and size overflow"
        }
        guard end <= file.size else {
            let ends = isSingular ? "ends" : "end"
            return "truncated: \(what) \(ends) at byte \(end) of a file of \(file.size) bytes"
        }
        return nil
    }

    /// How a message names an ELF file type.
    private static func typeName(_ type: UInt16) -> String {
        switch type {
        case 0: "an ELF file of no type (ET_NONE)"
        case 1: "a relocatable object (ET_REL), such as a .o file"
        case 2: "an executable (ET_EXEC)"
        case 4: "a core dump (ET_CORE)"
        default: "an ELF file of type \(type)"
        }
    }

    /// How a message names an ELF machine.
    private static func machineName(_ machine: UInt16) -> String {
        switch machine {
        case 3: "Intel 80386"
        case 8: "MIPS"
        case 20: "PowerPC"
        case 21: "64-bit PowerPC"
        case 22: "IBM S/390"
        case 40: "32-bit Arm"
        case 62: "x86-64"
        case 183: "AArch64"
        case 243: "RISC-V"
        case 258: "LoongArch"
        default: "unknown"
        }
    }
}

/// The little-endian integer at an offset in bytes; bytes past the end read as zero.
private func littleEndian<Value: FixedWidthInteger>(_ bytes: [UInt8], at offset: Int) -> Value {
    var value: Value = 0
    for index in 0..<MemoryLayout<Value>.size where offset + index < bytes.count {
        value |= Value(truncatingIfNeeded: bytes[offset + index]) << (8 * index)
    }
    return value
}
