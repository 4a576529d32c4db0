import Glibc
import Trellis

/// `trellis demo --interactive --inline ROWS`: a live app in the rows below the prompt, on
/// the shell's own screen. Its first and last rows are bars across the terminal, showing the
/// terminal's size; a text field takes typed lines, and Return prints each above the app, into
/// the scrollback. Control-C quits and leaves the last frame (or, with `--clear`, nothing).
@MainActor
enum InlineDemo {
    /// Runs the inline app until the user quits; returns the exit status.
    static func run(rows: Int, clearsOnExit: Bool, registry: BackendRegistry, backend: String?)
        throws(CommandError) -> Int32
    {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandError("--interactive needs a terminal on standard input and output")
        }
        let window = Window(size: Size(width: 640, height: Double(rows) * 16))
        let top = View()
        top.backgroundColor = Color(red: 0.15, green: 0.3, blue: 0.6)
        let title = Label()
        title.textColor = .white
        top.addSubview(title)
        let field = TextField()
        field.placeholder = "type a line; Return prints it above"
        field.textColor = .white
        let count = Label()
        count.textColor = Color(red: 0.7, green: 0.7, blue: 0.7)
        let bottom = View()
        bottom.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.2)
        let footer = Label()
        footer.textColor = .white
        bottom.addSubview(footer)
        for view in [top, field, count, bottom] { window.addSubview(view) }
        let printer = TerminalPrinter()
        var printed = 0
        field.shouldReturn = { field in
            printer.printAbove("> " + field.text)
            printed += 1
            count.text = "\(printed) printed above"
            field.text = ""
            return false
        }
        count.text = "0 printed above"
        do {
            try TerminalApp.run(
                window: window, backend: backend ?? "terminal", registry: registry,
                viewport: .inline(height: rows, onExit: clearsOnExit ? .clear : .keepLastFrame),
                printer: printer
            ) { window in
                let size = TerminalSession(input: STDIN_FILENO, output: STDOUT_FILENO)
                    .currentSize()
                let shown = size.map { "\($0.columns)×\($0.rows)" } ?? "?"
                let width = window.size.width
                let height = window.size.height
                top.frame = Rect(x: 0, y: 0, width: width, height: 16)
                title.frame = Rect(x: 8, y: 0, width: width - 8, height: 16)
                title.text = "Trellis inline \(shown) · ^C quits"
                field.frame = Rect(x: 0, y: 16, width: width, height: 16)
                count.frame = Rect(x: 8, y: 32, width: width - 8, height: 16)
                let last = max(height - 16, 48)
                bottom.frame = Rect(x: 0, y: last, width: width, height: 16)
                footer.frame = Rect(x: 8, y: 0, width: width - 8, height: 16)
                footer.text = "end of app \(shown)"
                bottom.isHidden = height < 64
                count.isHidden = height < 48
                field.isHidden = height < 32
                if !field.isEditing { _ = field.becomeFirstResponder() }
            }
        } catch {
            throw CommandError(error)
        }
        return 0
    }
}
