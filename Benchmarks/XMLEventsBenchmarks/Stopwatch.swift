import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Times a region in wall-clock time and in CPU time of the whole process (every thread).
///
/// CPU time is reported next to wall time because the machine is shared: another process
/// taking a core stretches wall time but barely changes the CPU time a run needs.
struct Stopwatch {
    private let clock = ContinuousClock()
    private let startInstant: ContinuousClock.Instant
    private let startCPU: Double

    init() {
        startCPU = Stopwatch.processCPUSeconds()
        startInstant = clock.now
    }

    /// Wall and CPU seconds since the stopwatch was made.
    func read() -> (seconds: Double, cpuSeconds: Double) {
        let seconds = (clock.now - startInstant).seconds
        return (seconds, Stopwatch.processCPUSeconds() - startCPU)
    }

    static func processCPUSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return usage.ru_utime.seconds + usage.ru_stime.seconds
    }

    /// The CPU time of the calling thread, or `nil` if the system cannot tell.
    static func threadCPUSeconds() -> Double? {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return nil }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension timeval {
    /// The interval as floating-point seconds.
    var seconds: Double { Double(tv_sec) + Double(tv_usec) / 1e6 }
}
