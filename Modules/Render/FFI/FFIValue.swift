/// A value passed to or returned from a plugin entry point through libffi.
public enum FFIValue: Sendable, Hashable {
    /// No value, the result of a `void` function.
    case void
    /// An `int8_t`.
    case int8(Int8)
    /// A `uint8_t`.
    case uint8(UInt8)
    /// An `int16_t`.
    case int16(Int16)
    /// A `uint16_t`.
    case uint16(UInt16)
    /// An `int32_t`.
    case int32(Int32)
    /// A `uint32_t`.
    case uint32(UInt32)
    /// An `int64_t`.
    case int64(Int64)
    /// A `uint64_t`.
    case uint64(UInt64)
    /// A `float`.
    case float(Float)
    /// A `double`.
    case double(Double)
    /// A pointer, as its address (0 for NULL).
    case pointer(UInt)

    /// The value's type.
    public var type: FFIType {
        switch self {
        case .void: .void
        case .int8: .int8
        case .uint8: .uint8
        case .int16: .int16
        case .uint16: .uint16
        case .int32: .int32
        case .uint32: .uint32
        case .int64: .int64
        case .uint64: .uint64
        case .float: .float
        case .double: .double
        case .pointer: .pointer
        }
    }

    /// Creates a pointer value from a raw pointer; `nil` is NULL.
    public static func pointer(_ pointer: UnsafeRawPointer?) -> FFIValue {
        .pointer(UInt(bitPattern: pointer))
    }

    /// The pointer this value holds, or `nil` for NULL or a non-pointer value.
    public var rawPointer: UnsafeRawPointer? {
        if case .pointer(let address) = self { return UnsafeRawPointer(bitPattern: address) }
        return nil
    }
}
