import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A POSIX thread that runs one closure and can be joined, so that stopping the server can wait
/// until every thread it started has really exited (Foundation's `Thread` cannot be joined).
final class JoinableThread: Sendable {
    // A pthread_t is an integer on Linux and a pointer on Darwin; kept as its bit pattern, it is
    // a plain Sendable value on both.
    private let handle: UInt
    private let joined = Atomic<Bool>(false)

    private init(handle: UInt) {
        self.handle = handle
    }

    /// Starts a thread named `name` (cut to the 15 bytes Linux allows) that runs `body` once.
    ///
    /// - Returns: the thread, or the error code of `pthread_create`.
    static func start(
        name: String,
        stackSize: Int,
        _ body: @escaping @Sendable () -> Void
    ) -> Result<JoinableThread, LoopbackServerError> {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)

        let start = Unmanaged.passRetained(ThreadStart(name: name, body: body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let code = pthread_create(&thread, &attributes, runThreadStart, start)
        guard code == 0 else {
            Unmanaged<ThreadStart>.fromOpaque(start).release()
            return .failure(.cannotStartThread(code: code))
        }
        #if canImport(Darwin)
            guard let thread else { return .failure(.cannotStartThread(code: EAGAIN)) }
            return .success(JoinableThread(handle: UInt(bitPattern: thread)))
        #else
            return .success(JoinableThread(handle: UInt(thread)))
        #endif
    }

    /// Waits until the thread has exited. Only the first call waits; later calls return at once.
    func join() {
        guard !joined.exchange(true, ordering: .acquiringAndReleasing) else { return }
        #if canImport(Darwin)
            guard let thread = pthread_t(bitPattern: handle) else { return }
            pthread_join(thread, nil)
        #else
            pthread_join(pthread_t(handle), nil)
        #endif
    }
}

/// What a new thread needs, carried through `pthread_create`'s single pointer argument.
private final class ThreadStart {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }

    func run() {
        nameCurrentThread()
        body()
    }

    private func nameCurrentThread() {
        let shortName = String(decoding: name.utf8.prefix(15), as: UTF8.self)
        #if canImport(Darwin)
            pthread_setname_np(shortName)
        #else
            // pthread_setname_np is a GNU extension that Swift's Glibc module does not show;
            // the kernel takes the same name through this file.
            let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            _ = shortName.withCString { write(descriptor, $0, strlen($0)) }
            Syscall.close(descriptor)
        #endif
    }
}

#if canImport(Darwin)
    private func runThreadStart(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }
#else
    private func runThreadStart(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        guard let context else { return nil }
        Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }
#endif
