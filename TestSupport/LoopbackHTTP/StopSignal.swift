import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's "stop now", as a descriptor that every blocking wait includes in its `poll`.
///
/// It is one end of a socket pair. Raising it writes a byte to the other end that nobody ever
/// reads, so the descriptor stays readable: every `poll` that includes it, now or later, returns
/// at once. That wakes the accepting thread and every connection that is stalling, dripping or
/// lingering, without signals and without a list of who is waiting.
final class StopSignal: Sendable {
    /// The end to include, for reading, in every `poll` that must end when the server stops.
    let descriptor: Int32

    private let writeEnd: Int32
    private let raised = Atomic<Bool>(false)
    private let closed = Atomic<Bool>(false)

    /// Creates a signal that has not been raised.
    init() throws(LoopbackServerError) {
        guard let (readEnd, writeEnd) = Syscall.makeSocketPair() else {
            throw .cannotCreateStopSignal(errno: Syscall.errorNumber)
        }
        self.descriptor = readEnd
        self.writeEnd = writeEnd
    }

    /// Whether ``raise()`` has been called.
    var isRaised: Bool { raised.load(ordering: .acquiring) }

    /// Wakes every present and future `poll` on ``descriptor``. Only the first call writes.
    func raise() {
        guard !raised.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        while send(writeEnd, &byte, 1, Syscall.sendFlags) < 0 && Syscall.errorNumber == EINTR {}
    }

    /// Closes both ends. Call only once no thread can still be waiting on ``descriptor``.
    func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        Syscall.close(descriptor)
        Syscall.close(writeEnd)
    }
}
