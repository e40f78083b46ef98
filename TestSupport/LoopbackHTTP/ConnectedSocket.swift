import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One accepted connection's socket, as its thread uses it: blocking reads and writes, and waits
/// that end early when the server stops or the client leaves.
///
/// The socket stays blocking. A thread blocked in `recv` is woken by the server's `shutdown(2)`
/// of the socket when it stops. A write does not block in `send`: it waits for room in `poll`,
/// counted as a send waiting for the client, and that wait, like every timed one, also polls the
/// ``StopSignal``.
/// The descriptor itself is closed by the ``ConnectionRegistry``, never here.
struct ConnectedSocket: Sendable {
    /// The socket's descriptor.
    let descriptor: Int32

    /// Raised when the server stops.
    let stopSignal: StopSignal

    private static let receiveSize = 16_384

    /// Appends what the client sent next to `buffer`, blocking until something arrives.
    ///
    /// - Returns: the number of bytes appended; 0 when the client closed its side.
    func receive(appendingTo buffer: inout [UInt8]) throws(ConnectionEnd) -> Int {
        let received = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.receiveSize) { scratch in
            while true {
                let count = recv(descriptor, scratch.baseAddress, scratch.count, 0)
                if count >= 0 {
                    buffer.append(contentsOf: scratch[0..<count])
                    return (count: count, error: Int32(0))
                }
                let code = Syscall.errorNumber
                if code != EINTR { return (count: count, error: code) }
            }
        }
        if received.count >= 0 { return received.count }
        throw failure(for: received.error)
    }

    /// Writes `prefix`, then `payload`, then `suffix`, all of them, in as few system calls as the
    /// kernel allows, and counts every byte the kernel accepted in `meter` as it goes.
    ///
    /// The three parts are one frame on the wire, such as a chunk's size line, its data and its
    /// CRLF; only `payload` counts as body bytes. Blocks while the send buffer is full, which is
    /// what carries a slow client's backpressure to the body's producer, and counts the wait
    /// in the server's ``LoopbackServer/sendsWaitingForClient``.
    func send(
        prefix: [UInt8],
        payload: Data = Data(),
        suffix: [UInt8] = [],
        meter: ExchangeMeter
    ) throws(ConnectionEnd) {
        let payloadRange = prefix.count..<(prefix.count + payload.count)
        let failure = prefix.withUnsafeBytes { prefixBytes in
            payload.withUnsafeBytes { payloadBytes in
                suffix.withUnsafeBytes { suffixBytes in
                    sendAll([prefixBytes, payloadBytes, suffixBytes], payloadRange: payloadRange, meter: meter)
                }
            }
        }
        if let failure { throw failure }
    }

    /// Waits for `duration`, or until the server stops or the client leaves, which it reports
    /// by throwing. With `nil`, waits only for those two.
    ///
    /// Bytes the client sends meanwhile are left unread, so a pipelined request is not lost; it
    /// only means a later disconnection goes unnoticed until the wait ends.
    func pause(for duration: Duration?) throws(ConnectionEnd) {
        let clock = ContinuousClock()
        let deadline = duration.map { clock.now.advanced(by: $0) }
        var watchesClient = true
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let remaining = clock.now.duration(to: deadline)
                guard remaining > .zero else { return }
                timeout = remaining.pollTimeout
            }
            var descriptors = [
                pollfd(fd: stopSignal.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: watchesClient ? descriptor : -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                if Syscall.errorNumber == EINTR { continue }
                throw .socketFailed(errno: Syscall.errorNumber)
            }
            if descriptors[0].revents != 0 { throw .serverStopped }
            if descriptors[1].revents != 0 {
                if clientHasLeft() { throw .clientDisconnected }
                // The client sent data; keep it for later and wait on the stop signal alone,
                // since the socket would now report readable on every poll.
                watchesClient = false
            }
        }
    }

    /// Ends the connection politely: sends a FIN after everything written, then reads and
    /// discards what the client still sends, for at most `limit`, until it closes its side.
    ///
    /// Closing with unread bytes in the receive queue would make the kernel send an RST, which
    /// can destroy the end of the response before the client has read it.
    func finishGracefully(within limit: Duration) {
        Syscall.shutdownWrite(descriptor)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        var discarded: [UInt8] = []
        while !stopSignal.isRaised {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { return }
            var descriptors = [
                pollfd(fd: stopSignal.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), remaining.pollTimeout)
            if ready < 0 && Syscall.errorNumber == EINTR { continue }
            guard ready > 0, descriptors[0].revents == 0 else { return }
            discarded.removeAll(keepingCapacity: true)
            guard let count = try? receive(appendingTo: &discarded), count > 0 else { return }
        }
    }

    /// Sets `SO_SNDBUF`. The kernel may round the value: Linux doubles it for its own bookkeeping
    /// and enforces a minimum of about 4.5 KiB.
    func setSendBufferSize(_ bytes: Int) {
        Syscall.setOption(descriptor, level: SOL_SOCKET, name: SO_SNDBUF, value: Int32(clamping: bytes))
    }

    /// Sets `TCP_NODELAY`, so small writes such as a drip go out at once instead of waiting for
    /// the previous segment's acknowledgement.
    func setNoDelay(_ enabled: Bool) {
        Syscall.setOption(descriptor, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: enabled ? 1 : 0)
    }

    private func sendAll(
        _ parts: [UnsafeRawBufferPointer],
        payloadRange: Range<Int>,
        meter: ExchangeMeter
    ) -> ConnectionEnd? {
        var vectors = parts.compactMap { part -> iovec? in
            guard let base = part.baseAddress, !part.isEmpty else { return nil }
            return iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: part.count)
        }
        let total = parts.reduce(0) { $0 + $1.count }
        var sent = 0
        var first = 0
        while sent < total {
            let count = vectors.withUnsafeMutableBufferPointer { buffer -> Int in
                var message = msghdr()
                message.msg_iov = buffer.baseAddress.map { $0 + first }
                message.msg_iovlen = numericCast(buffer.count - first)
                // Without blocking, so that a full send buffer shows as a wait for the client.
                return sendmsg(descriptor, &message, Syscall.sendFlags | Int32(MSG_DONTWAIT))
            }
            if count < 0 {
                let code = Syscall.errorNumber
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    if let failure = meter.waitingForClient(waitUntilWritable) { return failure }
                    continue
                }
                return failure(for: code)
            }
            let bodyBytes = max(0, min(sent + count, payloadRange.upperBound) - max(sent, payloadRange.lowerBound))
            meter.recordWritten(bytes: count, bodyBytes: bodyBytes)
            sent += count
            var consumed = count
            while consumed > 0, first < vectors.count {
                if vectors[first].iov_len <= consumed {
                    consumed -= vectors[first].iov_len
                    first += 1
                } else {
                    vectors[first].iov_base = vectors[first].iov_base.map { $0 + consumed }
                    vectors[first].iov_len -= consumed
                    consumed = 0
                }
            }
        }
        return nil
    }

    /// Waits until the kernel can take more of a write (the client has read), or the server stops.
    private func waitUntilWritable() -> ConnectionEnd? {
        var descriptors = [
            pollfd(fd: stopSignal.descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0),
        ]
        while poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
            guard Syscall.errorNumber == EINTR else { return .socketFailed(errno: Syscall.errorNumber) }
        }
        return descriptors[0].revents != 0 ? .serverStopped : nil
    }

    private func clientHasLeft() -> Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        if count > 0 { return false }
        if count == 0 { return true }
        let code = Syscall.errorNumber
        return code != EAGAIN && code != EWOULDBLOCK && code != EINTR
    }

    private func failure(for code: Int32) -> ConnectionEnd {
        if stopSignal.isRaised { return .serverStopped }
        switch code {
        case EPIPE, ECONNRESET, ENOTCONN, ETIMEDOUT: return .clientDisconnected
        default: return .socketFailed(errno: code)
        }
    }
}
