// The memory bounds are measured on Linux only, where this file is compiled: each figure is
// taken in a child process that relaunches the test binary (`/proc/self/exe`, see
// ``ChildTestProcess``), and read from `/proc/self/status`, whose peak `/proc/self/clear_refs`
// resets after the child's own setup (a server coding its body, say). On Apple platforms the
// tests are a bundle loaded by `xctest`, not an executable to relaunch with a filter, and
// neither `task_info` (`resident_size_max`) nor `getrusage` (`ru_maxrss`) has a peak that can be
// reset, so the measurements that need one could not be taken alike: the suites that bound
// memory are compiled for Linux only, rather than switched off, or passed, at run time.
#if os(Linux)
    import Foundation

    /// Readings of this process's memory from /proc, for tests that bound growth.
    ///
    /// They are taken only in the child processes that measure (``IsolatedMeasurement`` and its
    /// siblings). Where /proc cannot be read they end that child with the reason, which the
    /// parent then reports as the test's failure: a bound that cannot be measured fails, it
    /// does not pass.
    enum ProcessMemory {
        /// The resident set size now, in bytes.
        static var residentBytes: Int { statusField("VmRSS") }

        /// The largest resident set size so far, in bytes.
        static var peakResidentBytes: Int { statusField("VmHWM") }

        /// Makes the kernel forget the peak so far: ``peakResidentBytes`` starts again from the
        /// resident set size now (`/proc/self/clear_refs`, Linux 4.0).
        static func resetPeak() {
            do {
                try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
            } catch {
                unmeasurable("cannot reset the peak through /proc/self/clear_refs: \(error)")
            }
        }

        private static func statusField(_ name: String) -> Int {
            let status: String
            do {
                status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            } catch {
                unmeasurable("cannot read /proc/self/status for \(name): \(error)")
            }
            for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
                // `VmRSS:\t  123456 kB`
                let fields = line.dropFirst(name.count + 1).split { $0 == " " || $0 == "\t" }
                if fields.count == 2, fields[1] == "kB", let kilobytes = Int(fields[0]) { return kilobytes * 1024 }
            }
            unmeasurable("/proc/self/status has no \(name) line in kB")
        }

        /// Ends the measuring child with the reason as the last line of its output, which the
        /// parent shows in the test's failure (a trap's backtrace would push it out of sight).
        private static func unmeasurable(_ reason: String) -> Never {
            let message =
                "error: \(reason); the memory bounds are measured from /proc on Linux: run the tests where /proc "
                + "is mounted and readable (procfs, Linux 4.0 or later)\n"
            FileHandle.standardError.write(Data(message.utf8))
            exit(70)  // EX_SOFTWARE
        }
    }
#endif
