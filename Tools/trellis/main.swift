// trellis: the Trellis command-line tool.

import Glibc

let status = await TrellisCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
