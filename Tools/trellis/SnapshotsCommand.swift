import Glibc
import TrellisCore
import TrellisSnapshots

/// `trellis snapshots list|accept|reject|report|review`: pending snapshots (the
/// `<name>.<extension>.new` files a failed snapshot test leaves beside its reference) reviewed
/// outside the tests.
@MainActor
enum SnapshotsCommand {
    static let actions = ["list", "accept", "reject", "report", "review"]

    /// Runs an action; returns the exit status.
    static func run(_ arguments: [String]) throws(Arguments.UsageError) -> Int32 {
        guard let action = arguments.first, actions.contains(action) else {
            throw Arguments.UsageError(
                message: "use 'trellis snapshots list|accept|reject|report|review'")
        }
        let rest = Array(arguments.dropFirst())
        switch action {
        case "accept", "reject":
            let parsed = try Arguments.parse(rest, options: ["dir"], flags: ["all"])
            let all = parsed.flags.contains("all")
            guard all != !parsed.positional.isEmpty else {
                throw Arguments.UsageError(
                    message: "'trellis snapshots \(action)' takes --all or snapshot names, not both"
                        + " and not neither")
            }
            return perform { () throws(CommandError) in
                let pending = try find(parsed.options["dir"] ?? ".")
                let chosen = all ? pending : try select(parsed.positional, from: pending)
                for snapshot in chosen {
                    do throws(SnapshotReviewError) {
                        if action == "accept" {
                            try snapshot.accept()
                        } else {
                            try snapshot.reject()
                        }
                    } catch {
                        throw CommandError(error.description)
                    }
                }
                let verb = action == "accept" ? "accepted" : "rejected"
                try StandardStreams.output(
                    chosen.map { "\(verb) \($0.name)\n" }.joined()
                        + "\(chosen.count) snapshot\(chosen.count == 1 ? "" : "s") \(verb)\n")
            }
        default:
            let parsed = try Arguments.parse(rest, options: action == "report" ? ["out"] : [])
            guard parsed.positional.count <= 1 else {
                throw Arguments.UsageError(message: "give one folder to look in")
            }
            let directory = parsed.positional.first ?? "."
            if action == "report", parsed.options["out"] == nil {
                throw Arguments.UsageError(message: "'trellis snapshots report' needs --out FILE")
            }
            if action == "review" {
                return perform { () throws(CommandError) in
                    try SnapshotReview.run(pending: find(directory))
                }
            }
            return perform { () throws(CommandError) in
                let pending = try find(directory)
                if let out = parsed.options["out"] {
                    let html: String
                    do throws(SnapshotReviewError) {
                        html = try SnapshotReport.html(for: pending)
                    } catch {
                        throw CommandError(error.description)
                    }
                    try SceneCommands.writeFile(Array(html.utf8), to: out)
                    try StandardStreams.output(
                        "\(pending.count) pending snapshot\(pending.count == 1 ? "" : "s") "
                            + "in \(out)\n")
                    return
                }
                try StandardStreams.output(
                    pending.map { "\($0.name)\($0.hasReference ? "" : " (new)")\n" }.joined())
            }
        }
    }

    /// Runs a body and turns a command error into a message and exit status 1.
    private static func perform(_ body: () throws(CommandError) -> Void) -> Int32 {
        do {
            try body()
            return 0
        } catch {
            TrellisCommand.writeError("trellis: \(error.message)")
            return 1
        }
    }

    /// The pending snapshots under a folder.
    static func find(_ directory: String) throws(CommandError) -> [PendingSnapshot] {
        do {
            return try PendingSnapshot.find(under: directory)
        } catch {
            throw CommandError(error.description)
        }
    }

    /// The pending snapshots that names choose: a name is `TestFile/name.ext`, that without the
    /// extension, the file name alone, or a path to the reference or the pending file.
    static func select(_ names: [String], from pending: [PendingSnapshot]) throws(CommandError)
        -> [PendingSnapshot]
    {
        var chosen: [PendingSnapshot] = []
        for name in names {
            let path = FilePathText.absolute(name)
            let matches = pending.filter { snapshot in
                let file = FilePathText.lastComponent(of: snapshot.reference)
                let stem = String(file.prefix { $0 != "." })
                let folder = FilePathText.lastComponent(
                    of: FilePathText.directory(of: snapshot.reference))
                return snapshot.name == name || file == name || "\(folder)/\(stem)" == name
                    || stem == name || snapshot.reference == path || snapshot.pending == path
            }
            guard !matches.isEmpty else {
                throw CommandError(
                    "no pending snapshot is named \(name); pending: "
                        + (pending.isEmpty ? "none" : pending.map(\.name).joined(separator: ", ")))
            }
            for match in matches where !chosen.contains(match) { chosen.append(match) }
        }
        return chosen
    }
}
