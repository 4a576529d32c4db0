import CTrellisPluginABI

/// One opened instance of an exported renderer, behind the opaque pointer the host holds.
final class PluginInstance {
    let renderer: any FrameRenderer
    let error = ErrorText()
    /// The last call's output, owned by the instance until the next call or `close`.
    private let output = FrameOutput()

    init(renderer: any FrameRenderer) {
        self.renderer = renderer
    }

    /// Runs one call: stores its output for the out-parameters, or its error for `last_error`.
    func perform(
        _ bytes: UnsafePointer<UInt8>?, _ length: UInt64,
        _ outBytes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
        _ outLength: UnsafeMutablePointer<UInt64>?,
        _ body: (UnsafeRawBufferPointer, FrameOutput) throws(RendererError) -> Void
    ) -> Int32 {
        guard let outBytes, let outLength else {
            error.set("the output pointers must not be NULL")
            return Int32(TRELLIS_ERROR_INVALID_INPUT)
        }
        if bytes == nil && length > 0 {
            error.set("the input pointer is NULL but the length is \(length)")
            return Int32(TRELLIS_ERROR_INVALID_INPUT)
        }
        guard length <= UInt64(Int.max) else {
            error.set("the input length \(length) is too large")
            return Int32(TRELLIS_ERROR_INVALID_INPUT)
        }
        let input = UnsafeRawBufferPointer(start: bytes, count: Int(length))
        do throws(RendererError) {
            try body(input, output)
        } catch {
            output.replace(with: [])
            self.error.set(error.message)
            return error.kind.rawValue
        }
        let result = output.bytes
        outLength.pointee = UInt64(result.count)
        outBytes.pointee = UnsafePointer(result.baseAddress?.assumingMemoryBound(to: UInt8.self))
        return Int32(TRELLIS_OK)
    }
}

// The C entry points. They are the same for every plugin image; each image's copy dispatches
// to the renderer type that image registered in `PluginExport.manifest`.

let outputEntry: @convention(c) () -> UnsafePointer<CChar>? = {
    PluginExport.outputPointer()
}

let openEntry:
    @convention(c) (
        UnsafeRawPointer?, UnsafePointer<UInt8>?, UInt64,
        UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> Int32 = { _, configuration, length, outInstance in
        guard let outInstance else {
            PluginExport.setOpenError("open: the instance out-pointer is NULL")
            return Int32(TRELLIS_ERROR_INVALID_INPUT)
        }
        if configuration == nil && length > 0 {
            PluginExport.setOpenError("open: the configuration is NULL but its length is \(length)")
            return Int32(TRELLIS_ERROR_INVALID_INPUT)
        }
        let bytes = Array(
            UnsafeBufferPointer(start: configuration, count: Int(min(length, 1 << 30))))
        do throws(RendererError) {
            let renderer = try PluginExport.makeRenderer(bytes)
            let instance = PluginInstance(renderer: renderer)
            outInstance.pointee = Unmanaged.passRetained(instance).toOpaque()
            return Int32(TRELLIS_OK)
        } catch {
            PluginExport.setOpenError(error.message)
            return error.kind.rawValue
        }
    }

let closeEntry: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { instance in
    guard let instance else { return Int32(TRELLIS_ERROR_INVALID_INPUT) }
    Unmanaged<PluginInstance>.fromOpaque(instance).release()
    return Int32(TRELLIS_OK)
}

let lastErrorEntry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? = {
    instance in
    guard let instance else { return PluginExport.openErrorPointer() }
    return Unmanaged<PluginInstance>.fromOpaque(instance).takeUnretainedValue().error.pointer
}

typealias BufferEntry =
    @convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt64,
        UnsafeMutablePointer<UnsafePointer<UInt8>?>?, UnsafeMutablePointer<UInt64>?
    ) -> Int32

let renderEntry: BufferEntry = { instance, bytes, length, outBytes, outLength in
    guard let instance else { return Int32(TRELLIS_ERROR_INVALID_INPUT) }
    let box = Unmanaged<PluginInstance>.fromOpaque(instance).takeUnretainedValue()
    return box.perform(bytes, length, outBytes, outLength) { input, output throws(RendererError) in
        try box.renderer.render(input, into: output)
    }
}

let measureEntry: BufferEntry = { instance, bytes, length, outBytes, outLength in
    guard let instance else { return Int32(TRELLIS_ERROR_INVALID_INPUT) }
    let box = Unmanaged<PluginInstance>.fromOpaque(instance).takeUnretainedValue()
    return box.perform(bytes, length, outBytes, outLength) { input, output throws(RendererError) in
        output.replace(with: try box.renderer.measure(input))
    }
}

let inputEntry: BufferEntry = { instance, bytes, length, outBytes, outLength in
    guard let instance else { return Int32(TRELLIS_ERROR_INVALID_INPUT) }
    let box = Unmanaged<PluginInstance>.fromOpaque(instance).takeUnretainedValue()
    return box.perform(bytes, length, outBytes, outLength) { input, output throws(RendererError) in
        output.replace(with: try box.renderer.input(input))
    }
}

let controlEntry: BufferEntry = { instance, bytes, length, outBytes, outLength in
    guard let instance else { return Int32(TRELLIS_ERROR_INVALID_INPUT) }
    let box = Unmanaged<PluginInstance>.fromOpaque(instance).takeUnretainedValue()
    return box.perform(bytes, length, outBytes, outLength) { input, output throws(RendererError) in
        guard let controllable = box.renderer as? any ControllableRenderer else {
            throw RendererError(.unsupported, "this backend has no control requests")
        }
        output.replace(with: try controllable.control(input))
    }
}
