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

        /// The open descriptors that are TCP sockets whose local port is `port`: a server's
        /// listener and the connections it accepted.
        static func socketDescriptors(onLocalPort port: Int) -> [String] {
            let inodes = tcpSocketInodes(localPort: port)
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            return descriptors.filter { descriptor in
                guard
                    let target = try? FileManager.default.destinationOfSymbolicLink(
                        atPath: "/proc/self/fd/\(descriptor)")
                else { return false }
                return target.hasPrefix("socket:[") && inodes.contains(String(target.dropFirst(8).dropLast()))
            }
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
