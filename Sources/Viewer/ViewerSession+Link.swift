extension ViewerSession {
    /// The terminal answered a frame's status query: flow control may send again, and the
    /// link's throughput, when this answer measured it, goes to the renderer (graphics
    /// frames are rendered smaller on a slow link).
    func statusAnswered() {
        acknowledger.answerReceived()
        let now = clock.now()
        if let rate = linkMeter.answerReceived(at: now) {
            renderer.linkMeasured(bytesPerSecond: rate, at: now)
        }
    }
}
