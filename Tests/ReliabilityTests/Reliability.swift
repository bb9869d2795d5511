import OrbitTestSupport
import Testing

/// Issue 7 (except fuzzing): the built `orbit` binary under signals, odd terminals, slow
/// links, SSH and long runs. Serialized: each test runs real processes on a shared
/// two-core machine, and timing-sensitive ones must not compete with each other.
@Suite(.serialized) struct Reliability {}
