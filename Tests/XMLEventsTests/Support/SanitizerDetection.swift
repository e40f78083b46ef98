#if os(Linux)
    import Glibc

    /// Whether this process runs under AddressSanitizer or ThreadSanitizer, whose runtimes define
    /// their init symbols: time and memory budgets mean nothing there.
    enum SanitizerDetection {
        static let isActive: Bool = {
            let handle = dlopen(nil, RTLD_NOW)
            defer { if let handle { dlclose(handle) } }
            return dlsym(handle, "__asan_init") != nil || dlsym(handle, "__tsan_init") != nil
        }()
    }
#endif
