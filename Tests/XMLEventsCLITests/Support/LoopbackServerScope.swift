import LoopbackHTTP

/// Runs `body` with a fresh loopback server, stopped however `body` ends.
func withServer<Result>(_ body: (LoopbackServer) async throws -> Result) async throws -> Result {
    let server = try LoopbackServer()
    defer { server.stop() }
    return try await body(server)
}
