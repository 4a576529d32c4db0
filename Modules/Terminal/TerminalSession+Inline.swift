extension TerminalSession {
    /// Asks the terminal where the cursor is (DSR 6, answered by a cursor position report)
    /// and waits for the reply. A device attributes request (DA1) follows the question, so
    /// that a terminal that does not report the cursor costs one round trip and no timeout.
    /// Keys typed meanwhile are kept and returned by the next ``read(timeout:)``.
    ///
    /// - Parameter timeout: The most seconds to wait for a terminal that answers nothing.
    /// - Returns: The cursor's row and column, counted from 0, or `nil` when the terminal did
    ///   not say.
    /// - Throws: ``TerminalError`` when the session is not active or a system call fails.
    public func cursorPosition(timeout: Double = 0.2) throws(TerminalError) -> (
        row: Int, column: Int
    )? {
        guard isActive else { throw TerminalError(.closed, "query: the session is not active") }
        try TerminalDevice.writeAll(Array("\u{1B}[6n\u{1B}[c".utf8), to: output)
        // Bytes read before (after an earlier query) may hold the replies already.
        var received = unread
        unread = []
        let deadline = ContinuousClock.now + .milliseconds(Int(max(timeout, 0) * 1000))
        waiting: while ContinuousClock.now < deadline,
            !TerminalSession.parseCursorReport(received).done
        {
            let left = deadline - ContinuousClock.now
            let seconds =
                Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
            guard case .input = try TerminalDevice.wait(input: input, wake: -1, timeout: seconds)
            else { continue }
            switch try TerminalDevice.read(from: input) {
            case .bytes(let bytes): received += bytes
            case .nothing: continue
            case .end: break waiting
            }
        }
        let parsed = TerminalSession.parseCursorReport(received)
        unread += parsed.rest
        return parsed.position
    }

    /// Replaces the bytes written when the session ends, however it ends, before the bytes
    /// that turn its modes off: an inline app's way out of its rows, which changes as the
    /// terminal's size does.
    ///
    /// - Parameter bytes: The bytes; none to write nothing more.
    public func setBytesBeforeExit(_ bytes: [UInt8]) {
        guard isActive else { return }
        TerminalSignals.setLeadingExitBytes(bytes)
    }

    /// Takes a cursor position report (`ESC [ row ; column R`) and the device attributes
    /// reply (`ESC [ ? … c`, the last) out of bytes read after the question.
    ///
    /// - Returns: The position (from 0), whether the attributes reply was among the bytes, and
    ///   the bytes that were neither (keys typed meanwhile), in order.
    package static func parseCursorReport(_ bytes: [UInt8]) -> (
        position: (row: Int, column: Int)?, done: Bool, rest: [UInt8]
    ) {
        var position: (row: Int, column: Int)? = nil
        var done = false
        var rest: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x5B {
                var end = index + 2
                let isPrivate = end < bytes.count && bytes[end] == 0x3F
                if isPrivate { end += 1 }
                while end < bytes.count, (0x30...0x39).contains(bytes[end]) || bytes[end] == 0x3B {
                    end += 1
                }
                if end < bytes.count {
                    let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                    if isPrivate, bytes[end] == 0x63 {
                        done = true
                        index = end + 1
                        continue
                    }
                    let numbers = body.split(separator: ";", omittingEmptySubsequences: false)
                    if !isPrivate, bytes[end] == 0x52, position == nil, numbers.count == 2,
                        let row = Int(numbers[0]), let column = Int(numbers[1]), row >= 1,
                        column >= 1
                    {
                        position = (row - 1, column - 1)
                        index = end + 1
                        continue
                    }
                }
            }
            rest.append(bytes[index])
            index += 1
        }
        return (position, done, rest)
    }
}
