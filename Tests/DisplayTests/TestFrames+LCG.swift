extension TestFrames {
    /// The linear congruential generator of the test frames (state x 1664525 + 1013904223,
    /// modulo 2^32): deterministic noise, the same sequence for the same seed.
    struct LCG {
        /// The 32-bit state; the next byte is the top byte of the next state.
        var state: UInt32

        init(seed: UInt32) { state = seed }

        /// Steps the state and returns its top byte.
        mutating func byte() -> UInt8 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
    }
}
