import Foundation
import XMLEventsInput

/// A file being written under a temporary name next to its destination, which takes the
/// destination's name only when ``commit()`` is called: until then, and after ``discard()``, a
/// file already at the destination is left as it was.
///
/// The thin layer of system calls under ``XMLWriter/write(_:toPath:chunkSize:writesFragments:isolation:)``.
@usableFromInline
final class XMLOutputFile {
    /// The destination, as given (for messages).
    let path: String
    private var temporaryPath: String
    /// The open temporary file; `nil` once closed.
    private var descriptor: FileDescriptor?

    /// Creates the temporary file, with the permissions of the file it will replace, if any.
    ///
    /// - Throws: ``XMLWriterError/Code/cannotCreateFile``.
    @usableFromInline
    init(replacing path: String) throws(XMLWriterError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var created: Result<FileDescriptor, Errno> = .failure(.fileExists)
        var temporaryPath = ""
        // A name of its own: O_EXCL fails on one that exists, and another is tried.
        for _ in 0..<8 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            temporaryPath = directory + "." + name + "." + suffix + ".partial"
            created = Result { () throws(Errno) in try FileDescriptor.create(temporaryPath) }
            if case .failure(.fileExists) = created { continue }
            break
        }
        let descriptor: FileDescriptor
        switch created {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw XMLWriterError(.cannotCreateFile(path: path, errno: error.rawValue))
        }
        if let permissions = FileSystem.permissions(path) {
            try? descriptor.setPermissions(permissions)
        }
        self.descriptor = descriptor
        self.temporaryPath = temporaryPath
    }

    deinit {
        discard()
    }

    /// Writes all of `bytes`, through partial writes and interruptions.
    ///
    /// - Throws: ``XMLWriterError/Code/cannotWriteFile``.
    @usableFromInline
    func write(_ bytes: some DataProtocol) throws(XMLWriterError) {
        guard let descriptor else { throw XMLWriterError(.cannotWriteFile(path: path, errno: EBADF)) }
        for region in bytes.regions {
            let written = region.withUnsafeBytes { buffer in
                Result { () throws(Errno) in try descriptor.writeAll(buffer) }
            }
            if case .failure(let error) = written {
                throw XMLWriterError(.cannotWriteFile(path: path, errno: error.rawValue))
            }
        }
    }

    /// Closes the file and gives it the destination's name.
    ///
    /// - Throws: ``XMLWriterError/Code/cannotWriteFile``.
    @usableFromInline
    func commit() throws(XMLWriterError) {
        do throws(Errno) {
            let file = descriptor
            descriptor = nil
            try file?.close()
            try FileSystem.rename(temporaryPath, to: path)
        } catch {
            discard()
            throw XMLWriterError(.cannotWriteFile(path: path, errno: error.rawValue))
        }
        temporaryPath.removeAll()
    }

    /// Closes and removes the temporary file, if it is still there.
    @usableFromInline
    func discard() {
        try? descriptor?.close()
        descriptor = nil
        if !temporaryPath.isEmpty {
            try? FileSystem.remove(temporaryPath)
            temporaryPath.removeAll()
        }
    }
}
