// The `orbit` executable: everything lives in the OrbitCLI library so tests can call it.
import Foundation
import OrbitCLI

// On a terminal, a crash must end with a report, not the backtracer's interactive prompt.
Backtracer.makeNonInteractive()
exit(OrbitCLI.main(Array(CommandLine.arguments.dropFirst())))
