import Trellis

/// `trellis demo --interactive`: the gallery as a live terminal application.
@MainActor
enum InteractiveDemo {
    /// Runs the live gallery until `q`; returns the exit status.
    static func run(registry: BackendRegistry) throws(CommandError) -> Int32 {
        throw CommandError("the interactive demo needs a terminal backend session")
    }
}
