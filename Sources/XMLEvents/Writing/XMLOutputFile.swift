import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file being written under a temporary name next to its destination, which takes the
/// destination's name only when ``commit()`` is called: until then, and after ``discard()``, a
/// file already at the destination is left as it was.
///
/// The thin layer of system calls under ``XMLWriter/write(_:toPath:chunkSize:mode:isolation:)``.
final class XMLOutputFile {
    /// The destination, as given (for messages).
    let path: String
    private var temporaryPath: String
    private var descriptor: Int32

    /// Creates the temporary file, with the permissions of the file it will replace, if any.
    ///
    /// - Throws: ``XMLWriterError/Reason/cannotCreateFile(path:errno:)``.
    init(replacing path: String) throws(XMLWriterError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var descriptor: Int32 = -1
        var temporaryPath = ""
        // A name of its own: O_EXCL fails on one that exists, and another is tried.
        for _ in 0..<8 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            temporaryPath = directory + "." + name + "." + suffix + ".partial"
            descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw XMLWriterError(.cannotCreateFile(path: path, errno: errno)) }
        var existing = stat()
        if stat(path, &existing) == 0 {
            _ = fchmod(descriptor, existing.st_mode & 0o7777)
        }
        self.descriptor = descriptor
        self.temporaryPath = temporaryPath
    }

    deinit {
        discard()
    }

    /// Writes all of `bytes`, through partial writes and interruptions.
    ///
    /// - Throws: ``XMLWriterError/Reason/cannotWriteFile(path:errno:)``.
    func write(_ bytes: some DataProtocol) throws(XMLWriterError) {
        for region in bytes.regions {
            let failure: Int32? = region.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Self.systemWrite(
                        descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return errno
                    }
                    offset += written
                }
                return nil
            }
            if let failure { throw XMLWriterError(.cannotWriteFile(path: path, errno: failure)) }
        }
    }

    /// Closes the file and gives it the destination's name.
    ///
    /// - Throws: ``XMLWriterError/Reason/cannotWriteFile(path:errno:)``.
    func commit() throws(XMLWriterError) {
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else {
            let code = errno
            discard()
            throw XMLWriterError(.cannotWriteFile(path: path, errno: code))
        }
        guard rename(temporaryPath, path) == 0 else {
            let code = errno
            discard()
            throw XMLWriterError(.cannotWriteFile(path: path, errno: code))
        }
        temporaryPath.removeAll()
    }

    /// Closes and removes the temporary file, if it is still there.
    func discard() {
        if descriptor >= 0 {
            _ = close(descriptor)
            descriptor = -1
        }
        if !temporaryPath.isEmpty {
            _ = unlink(temporaryPath)
            temporaryPath.removeAll()
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #elseif canImport(Musl)
            Musl.write(descriptor, bytes, count)
        #else
            Darwin.write(descriptor, bytes, count)
        #endif
    }
}
