extension Duration {
    /// The duration as floating-point seconds, for rates and statistics.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
