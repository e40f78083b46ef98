import Foundation

extension LoopbackHTTPTests {
    /// What this process holds right now, read from `/proc/self`: the evidence that a server leaks
    /// neither descriptors nor threads.
    enum ProcessResources {
        /// The number of open file descriptors.
        static func descriptorCount() -> Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        }

        /// The number of threads.
        static func threadCount() -> Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
        }

        /// The names of the threads whose name starts with `prefix`.
        static func threads(namedWithPrefix prefix: String) -> [String] {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            return tasks.compactMap { task in
                guard let name = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8) else {
                    return nil
                }
                let trimmed = name.trimmingCharacters(in: .newlines)
                return trimmed.hasPrefix(prefix) ? trimmed : nil
            }
        }

        /// The sockets (by inode) this process holds whose local port is `port`: while a server
        /// listens there, its listener and the connections it accepted.
        ///
        /// Read while the server holds the port, so that no other socket can have it; checked
        /// later by inode with ``openSocketInodes()``, since once the server has closed the port,
        /// a server another test starts may take it.
        static func socketInodes(onLocalPort port: Int) -> Set<String> {
            openSocketInodes().intersection(tcpSocketInodes(localPort: port))
        }

        /// The inodes of every socket this process holds open.
        static func openSocketInodes() -> Set<String> {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            return Set(
                descriptors.compactMap { descriptor in
                    guard
                        let target = try? FileManager.default.destinationOfSymbolicLink(
                            atPath: "/proc/self/fd/\(descriptor)"),
                        target.hasPrefix("socket:[")
                    else { return nil }
                    return String(target.dropFirst(8).dropLast())
                })
        }

        private static func tcpSocketInodes(localPort port: Int) -> Set<String> {
            var inodes: Set<String> = []
            for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
                guard let text = ProcFile.text(table) else { continue }
                for line in text.split(separator: "\n").dropFirst() {
                    let fields = line.split(separator: " ")
                    guard fields.count > 9, let local = fields[1].split(separator: ":").last,
                        Int(local, radix: 16) == port, fields[9] != "0"
                    else { continue }
                    inodes.insert(String(fields[9]))
                }
            }
            return inodes
        }
    }
}
