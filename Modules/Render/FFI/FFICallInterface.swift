import CFFI

/// A prepared libffi call interface for one signature: built once with `ffi_prep_cif` and
/// reused for every call with that signature.
///
/// The `ffi_cif` and its argument-type array live as long as the interface, which outlives
/// every call made with it.
final class FFICallInterface: @unchecked Sendable {
    let signature: FFISignature
    private let cif: UnsafeMutablePointer<ffi_cif>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>

    /// Prepares an interface.
    ///
    /// - Throws: ``PluginError`` when libffi rejects the signature.
    init(signature: FFISignature) throws(PluginError) {
        self.signature = signature
        let count = signature.argumentTypes.count
        cif = .allocate(capacity: 1)
        argumentTypes = .allocate(capacity: max(count, 1))
        for (index, type) in signature.argumentTypes.enumerated() {
            argumentTypes[index] = FFICallInterface.ffiType(type)
        }
        let status = ffi_prep_cif(
            cif, cffi_default_abi(), UInt32(count), FFICallInterface.ffiType(signature.returnType),
            count == 0 ? nil : argumentTypes)
        if status != FFI_OK {
            cif.deallocate()
            argumentTypes.deallocate()
            throw PluginError(
                .callFailed, "libffi could not prepare a call for \(signature) (status \(status))")
        }
    }

    deinit {
        cif.deallocate()
        argumentTypes.deallocate()
    }

    static func ffiType(_ type: FFIType) -> UnsafeMutablePointer<ffi_type> {
        switch type {
        case .void: cffi_type_void()
        case .int8: cffi_type_sint8()
        case .uint8: cffi_type_uint8()
        case .int16: cffi_type_sint16()
        case .uint16: cffi_type_uint16()
        case .int32: cffi_type_sint32()
        case .uint32: cffi_type_uint32()
        case .int64: cffi_type_sint64()
        case .uint64: cffi_type_uint64()
        case .float: cffi_type_float()
        case .double: cffi_type_double()
        case .pointer: cffi_type_pointer()
        }
    }

    /// Calls a C function with arguments of this interface's types.
    ///
    /// - Precondition: the arguments match the signature's types (checked by the caller).
    func call(_ function: UnsafeRawPointer, arguments: [FFIValue]) -> FFIValue {
        // Every argument gets an 8-byte, 8-aligned slot; libffi reads each at its own width.
        let count = arguments.count
        let storage = UnsafeMutableRawPointer.allocate(
            byteCount: max(count, 1) * 8, alignment: 8)
        defer { storage.deallocate() }
        let values = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(
            capacity: max(count, 1))
        defer { values.deallocate() }
        for (index, argument) in arguments.enumerated() {
            let slot = storage + index * 8
            switch argument {
            case .void: slot.storeBytes(of: UInt64(0), as: UInt64.self)
            case .int8(let v): slot.storeBytes(of: v, as: Int8.self)
            case .uint8(let v): slot.storeBytes(of: v, as: UInt8.self)
            case .int16(let v): slot.storeBytes(of: v, as: Int16.self)
            case .uint16(let v): slot.storeBytes(of: v, as: UInt16.self)
            case .int32(let v): slot.storeBytes(of: v, as: Int32.self)
            case .uint32(let v): slot.storeBytes(of: v, as: UInt32.self)
            case .int64(let v): slot.storeBytes(of: v, as: Int64.self)
            case .uint64(let v): slot.storeBytes(of: v, as: UInt64.self)
            case .float(let v): slot.storeBytes(of: v, as: Float.self)
            case .double(let v): slot.storeBytes(of: v, as: Double.self)
            case .pointer(let v): slot.storeBytes(of: v, as: UInt.self)
            }
            values[index] = slot
        }
        // Integer results narrower than a register come back widened to ffi_arg.
        var result: (UInt64, UInt64) = (0, 0)
        let code = unsafeBitCast(function, to: (@convention(c) () -> Void).self)
        withUnsafeMutableBytes(of: &result) { buffer in
            ffi_call(cif, code, buffer.baseAddress, count == 0 ? nil : values)
        }
        return withUnsafeBytes(of: &result) { raw in
            switch signature.returnType {
            case .void: .void
            case .int8: .int8(Int8(truncatingIfNeeded: raw.load(as: Int64.self)))
            case .uint8: .uint8(UInt8(truncatingIfNeeded: raw.load(as: UInt64.self)))
            case .int16: .int16(Int16(truncatingIfNeeded: raw.load(as: Int64.self)))
            case .uint16: .uint16(UInt16(truncatingIfNeeded: raw.load(as: UInt64.self)))
            case .int32: .int32(Int32(truncatingIfNeeded: raw.load(as: Int64.self)))
            case .uint32: .uint32(UInt32(truncatingIfNeeded: raw.load(as: UInt64.self)))
            case .int64: .int64(raw.load(as: Int64.self))
            case .uint64: .uint64(raw.load(as: UInt64.self))
            case .float: .float(raw.load(as: Float.self))
            case .double: .double(raw.load(as: Double.self))
            case .pointer: .pointer(raw.load(as: UInt.self))
            }
        }
    }
}
