import CLibXML2Floor
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The machine and moment a run was made on, printed with the results: timings mean nothing
/// without them.
struct MachineDescription: Codable, Sendable {
    var cpuModel: String
    var logicalCores: Int
    var activeCores: Int
    var kernel: String
    var libxml2: String
    /// The compiler the benchmark was built with, major and minor version.
    var swift: String = MachineDescription.compilerVersion
    var date: String
    /// The 1-minute load average from /proc/loadavg when the run started and ended: how busy the
    /// (shared) machine was besides the benchmark.
    var loadAverageAtStart: Double?
    var loadAverageAtEnd: Double?

    static func current() -> MachineDescription {
        MachineDescription(
            cpuModel: cpuModel(),
            logicalCores: ProcessInfo.processInfo.processorCount,
            activeCores: ProcessInfo.processInfo.activeProcessorCount,
            kernel: kernelRelease(),
            libxml2: String(cString: clibxml2floor_libxml_version()),
            swift: compilerVersion,
            date: ISO8601DateFormatter().string(from: Date()),
            loadAverageAtStart: loadAverage(),
            loadAverageAtEnd: nil
        )
    }

    var summaryLine: String {
        let load = [loadAverageAtStart, loadAverageAtEnd].map { $0.map { String(format: "%.2f", $0) } ?? "?" }
        return "Machine: \(cpuModel), \(logicalCores) logical cores (\(activeCores) active), Linux \(kernel), "
            + "libxml2 \(libxml2), Swift \(swift); date \(date); load average \(load[0]) at start, \(load[1]) at end"
    }

    /// The newest version the compiler that built this file claims, from 5.9 on.
    static let compilerVersion: String = {
        #if compiler(>=6.5)
            "6.5 or later"
        #elseif compiler(>=6.4)
            "6.4"
        #elseif compiler(>=6.3)
            "6.3"
        #elseif compiler(>=6.2)
            "6.2"
        #elseif compiler(>=6.1)
            "6.1"
        #elseif compiler(>=6.0)
            "6.0"
        #else
            "5"
        #endif
    }()

    static func loadAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }

    private static func cpuModel() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown CPU" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown CPU"
    }

    private static func kernelRelease() -> String {
        var names = utsname()
        guard uname(&names) == 0 else { return "?" }
        return withUnsafeBytes(of: &names.release) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
