import Foundation

/// An open descriptor read sequentially, closed when the reader is gone unless it is borrowed
/// (standard input, a descriptor its owner keeps open).
///
/// A source and its reader thread share one reader, so the descriptor stays open until both are
/// done with it: a thread still blocked in `read` never reads a descriptor number the process
/// has meanwhile reused.
package final class FileDescriptorReader: Sendable {
    /// The descriptor read from.
    let descriptor: FileDescriptor
    private let closesOnDeinit: Bool

    init(_ descriptor: FileDescriptor, closesOnDeinit: Bool) {
        self.descriptor = descriptor
        self.closesOnDeinit = closesOnDeinit
    }

    deinit {
        if closesOnDeinit { try? descriptor.close() }
    }

    /// Up to `count` bytes, or `nil` at the end of the file, read into a chunk of their own: how
    /// a regular file is read on the consuming task.
    func read(upTo count: Int) throws(Errno) -> Data? {
        var data = Data(count: count)
        let received = try data.withUnsafeMutableBytes { buffer in
            Result { () throws(Errno) in try descriptor.read(into: buffer) }
        }.get()
        guard received > 0 else { return nil }
        if received < count { data.removeSubrange(received...) }
        return data
    }
}
