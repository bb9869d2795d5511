// The `orbit` executable: everything lives in the OrbitCLI library so tests can call it.
import Foundation
import OrbitCLI

exit(OrbitCLI.main(Array(CommandLine.arguments.dropFirst())))
