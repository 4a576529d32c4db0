// trellis: the Trellis command-line tool.

import Foundation

let status = await TrellisCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
