/// The parsed command line: subcommand words, options with values, and flags.
///
/// The grammar is small on purpose: `trellis WORD... [--option VALUE | --option=VALUE |
/// --flag]... [POSITIONAL]...`. Options are declared per command so that a misspelt option is
/// a usage error, never silently ignored.
struct Arguments: Equatable {
    /// Positional arguments, in order.
    var positional: [String] = []
    /// Options with a value, by name without the dashes.
    var options: [String: String] = [:]
    /// Flags that were given, by name without the dashes.
    var flags: Set<String> = []

    /// A usage error, with the message shown above the usage text.
    struct UsageError: Error, Equatable {
        var message: String
    }

    /// Parses arguments against the options and flags a command accepts.
    ///
    /// `--` ends option parsing; everything after it is positional. An option given twice keeps
    /// the last value.
    /// A time option in seconds, `0...3600`, or `nil` when it was not given.
    static func seconds(_ text: String?, option: String) throws(UsageError) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), (0...3600).contains(value) else {
            throw UsageError(message: "\(option) takes seconds in 0...3600, not '\(text)'")
        }
        return value
    }

    static func parse(
        _ arguments: [String], options: Set<String> = [], flags: Set<String> = []
    ) throws(UsageError) -> Arguments {
        var result = Arguments()
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || !argument.hasPrefix("--") || argument == "-" {
                if !onlyPositional, argument.count > 1, argument.hasPrefix("-"), argument != "-" {
                    throw UsageError(message: "unknown option '\(argument)'")
                }
                result.positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flags.contains(name) {
                if inlineValue != nil {
                    throw UsageError(message: "option '--\(name)' takes no value")
                }
                result.flags.insert(name)
            } else if options.contains(name) {
                if let inlineValue {
                    result.options[name] = inlineValue
                } else if index < arguments.count {
                    result.options[name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError(message: "option '--\(name)' needs a value")
                }
            } else {
                throw UsageError(message: "unknown option '--\(name)'")
            }
        }
        return result
    }
}
