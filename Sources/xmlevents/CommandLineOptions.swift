import Foundation
import XMLEvents

/// What the command line asks for, read by hand: the tool has no dependencies outside the
/// toolchain, and its grammar is small enough that a table of options would be longer.
struct CommandLineOptions {
    /// How the events are written to standard output.
    enum Format: String, CaseIterable {
        case summary
        case jsonl
        case xml
        case elements
    }

    /// What `--format elements` selects without `--select`: the root element's children, the
    /// records of a typical document, one line each.
    static let defaultElementsSelection = "/*/*"

    /// Where the document comes from.
    enum Input: Equatable {
        /// No argument: the offline demo.
        case demo
        /// `-`.
        case standardInput
        case file(String)
        /// A `file:` URL, read by the library's own source for URLs, which decides whether it
        /// names a local file (no host, or `localhost`) and refuses it otherwise.
        case fileURL(URL)
        /// An `http` or `https` URL.
        case url(URL)
    }

    /// What to do once the arguments are read.
    enum Action {
        case stream
        case showHelp
        case showVersion
    }

    static let version = "xmlevents 0.1.0-dev"
    static let defaultChunkSize = 64 * 1024
    // A gigabyte per step is far past any benefit, and stops `--chunk-size 9E` overflowing.
    static let maximumChunkSize = 1 << 30
    // A year, as `XMLHTTPConfiguration` keeps its timeouts.
    static let maximumTimeSeconds = 365.0 * 86_400
    // Attempts in a row without progress; past this the back-off cap alone would wait for hours.
    static let maximumRetries = 1_000
    // More parsers than any machine has cores only costs memory.
    static let maximumJobs = 1_024

    var action = Action.stream
    var input = Input.demo
    var format = Format.summary
    /// The path as typed, for messages; `selection` is the same path read.
    var selectionText: String?
    var selection: XMLPath?
    var chunkSize = defaultChunkSize
    var reportsCDATA = false
    var dropsWhitespace = false
    var allowsHugeNodes = false
    /// `nil` until `--progress` or `--no-progress` decides: then only when stderr is a terminal.
    var showsProgress: Bool?
    var isQuiet = false
    /// `--max-time`: the deadline of an HTTP transfer.
    var maximumTime: Duration?
    /// `--max-bytes`: the most body bytes of an HTTP transfer, decoded.
    var maximumBytes: Int?
    /// `--retries`: how many continuations in a row a broken-off HTTP transfer may try.
    var retries: Int?
    /// `--decompress`: whether and how a compressed document is decompressed.
    var decompression = XMLDecompression.automatic
    /// `--jobs`: on how many cores a big document made of records is parsed; `nil` for as many
    /// as the machine has.
    var jobs: Int?

    /// The HTTP settings the flags select.
    var httpConfiguration: XMLHTTPConfiguration {
        var configuration = XMLHTTPConfiguration()
        configuration.totalTimeout = maximumTime
        configuration.maximumBodyByteCount = maximumBytes
        if let retries { configuration.maximumResumptionAttempts = retries }
        return configuration
    }

    /// The parsing options the flags select. Standard input is parsed as its bytes arrive, so
    /// that a stream that trickles (`tail -f log.xml | xmlevents -`) shows each event as soon as
    /// it is complete rather than once the parser's 4 KiB step is.
    var parsingOptions: XMLParsingOptions {
        var options = allowsHugeNodes ? XMLParsingOptions.huge : XMLParsingOptions.default
        options.reportsCDATA = reportsCDATA
        options.dropsWhitespaceOnlyText = dropsWhitespace
        options.parsesAsBytesArrive = input == .standardInput
        options.decompression = decompression
        options.parallelism = jobs.map { .cores($0) } ?? .automatic
        return options
    }

    /// Reads the arguments (without the program's name). `--help` and `--version` end the reading
    /// where they stand, so that `xmlevents --bad --help` reports `--bad` but
    /// `xmlevents --help --bad` shows the help.
    init(parsing arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        var positional: [String] = []
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            // `--name=value` and `--name value` are both accepted.
            let (name, attached) = Self.split(argument)
            func value() throws(UsageError) -> String {
                if let attached { return attached }
                guard let next = remaining.popFirst() else {
                    throw UsageError("missing value for '\(name)'")
                }
                return next
            }
            func flag() throws(UsageError) {
                if attached != nil { throw UsageError("'\(name)' takes no value") }
            }
            switch name {
            case "-h", "--help":
                action = .showHelp
                return
            case "--version":
                action = .showVersion
                return
            case "--format":
                let text = try value()
                guard let format = Format(rawValue: text) else {
                    let names = Format.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("unknown format '\(text)' (expected one of: \(names))")
                }
                self.format = format
            case "--select":
                let text = try value()
                do {
                    selection = try XMLPath(text)
                } catch {
                    throw UsageError("invalid --select path: \(Self.explain(error))")
                }
                selectionText = text
            case "--chunk-size":
                chunkSize = try Self.byteCount(try value(), for: name, maximum: Self.maximumChunkSize)
            case "--max-time":
                maximumTime = try Self.seconds(try value(), for: name)
            case "--max-bytes":
                maximumBytes = try Self.byteCount(try value(), for: name, maximum: Int.max)
            case "--retries":
                retries = try Self.count(try value(), for: name, maximum: Self.maximumRetries)
            case "--decompress":
                decompression = try Self.decompression(try value())
            case "--jobs", "-j":
                jobs = try Self.count(try value(), for: name, maximum: Self.maximumJobs)
                if jobs == 0 { throw UsageError("'\(name)' must be between 1 and \(Self.maximumJobs), not '0'") }
            case "--cdata":
                try flag()
                reportsCDATA = true
            case "--drop-whitespace":
                try flag()
                dropsWhitespace = true
            case "--huge":
                try flag()
                allowsHugeNodes = true
            case "--progress":
                try flag()
                showsProgress = true
            case "--no-progress":
                try flag()
                showsProgress = false
            case "-q", "--quiet":
                try flag()
                isQuiet = true
            default:
                throw UsageError("unknown option '\(name)'")
            }
        }
        guard positional.count <= 1 else {
            let shown = XMLDiagnosticText.redacting(urlString: positional[1])
            throw UsageError("unexpected argument '\(shown)': give one URL, path or '-'")
        }
        if let argument = positional.first {
            input = try Self.input(argument)
        }
        switch input {
        case .file, .fileURL, .standardInput:
            let limit =
                maximumTime != nil
                ? "--max-time" : maximumBytes != nil ? "--max-bytes" : retries != nil ? "--retries" : nil
            if let limit { throw UsageError("'\(limit)' applies to http and https URLs only") }
        case .url, .demo:
            break
        }
        if format == .elements, selection == nil {
            do {
                selection = try XMLPath(Self.defaultElementsSelection)
            } catch {
                throw UsageError("invalid default selection: \(Self.explain(error))")
            }
            selectionText = Self.defaultElementsSelection
        }
    }

    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// `-` is standard input, `http://`, `https://` and `file:` are URLs, and anything else is a
    /// path, however odd (files may be named `a:b`).
    private static func input(_ argument: String) throws(UsageError) -> Input {
        if argument == "-" { return .standardInput }
        let lowercased = argument.lowercased()
        if lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://") {
            guard let url = URL(string: argument), let host = url.host, !host.isEmpty else {
                throw UsageError("invalid URL '\(XMLDiagnosticText.redacting(urlString: argument))'")
            }
            return .url(url)
        }
        if lowercased.hasPrefix("file:"), let url = URL(string: argument), url.isFileURL {
            return .fileURL(url)
        }
        if let schemeEnd = argument.range(of: "://"),
            argument[..<schemeEnd.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        {
            let scheme = argument[..<schemeEnd.lowerBound]
            throw UsageError("unsupported URL scheme '\(scheme)' (http, https and file are supported)")
        }
        return .file(argument)
    }

    /// A whole number of bytes, with an optional `K` (KiB), `M` (MiB) or `G` (GiB) suffix, from
    /// 1 to `maximum`.
    private static func byteCount(_ text: String, for option: String, maximum: Int) throws(UsageError) -> Int {
        var digits = Substring(text)
        var unit = 1
        switch digits.last {
        case "k", "K":
            unit = 1 << 10
            digits = digits.dropLast()
        case "m", "M":
            unit = 1 << 20
            digits = digits.dropLast()
        case "g", "G":
            unit = 1 << 30
            digits = digits.dropLast()
        default:
            break
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
            let number = Int(digits)
        else {
            throw UsageError("'\(option)' needs a whole number of bytes (such as 4096, 64K or 2G), not '\(text)'")
        }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: unit)
        guard !overflow, bytes >= 1, bytes <= maximum else {
            throw UsageError("'\(option)' must be between 1 and \(maximum) bytes, not '\(text)'")
        }
        return bytes
    }

    /// A whole number from 0 to `maximum`.
    private static func count(_ text: String, for option: String, maximum: Int) throws(UsageError) -> Int {
        guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text)
        else {
            throw UsageError("'\(option)' needs a whole number (such as 0 or 5), not '\(text)'")
        }
        guard number <= maximum else {
            throw UsageError("'\(option)' must be between 0 and \(maximum), not '\(text)'")
        }
        return number
    }

    /// A positive number of seconds, such as `30` or `0.5`, at most a year.
    private static func seconds(_ text: String, for option: String) throws(UsageError) -> Duration {
        let isDecimal = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard isDecimal, let seconds = Double(text), seconds.isFinite else {
            throw UsageError("'\(option)' needs a number of seconds (such as 30 or 0.5), not '\(text)'")
        }
        guard seconds >= 0.001, seconds <= maximumTimeSeconds else {
            throw UsageError("'\(option)' must be between 0.001 and \(Int(maximumTimeSeconds)) seconds, not '\(text)'")
        }
        return .milliseconds(Int64((seconds * 1_000).rounded()))
    }

    /// `--decompress`'s value.
    private static func decompression(_ value: String) throws(UsageError) -> XMLDecompression {
        switch value {
        case "auto": return .automatic
        case "none": return .disabled
        default:
            guard let format = XMLDecompression.Format(rawValue: value) else {
                throw UsageError("invalid --decompress value '\(value)': auto, none, gzip, bzip2, xz or zstd")
            }
            return .forced(format)
        }
    }

    private static func explain(_ error: XMLPathError) -> String {
        // The library's description starts with "Invalid XML path"; the prefix says so already.
        let text = error.description
        let redundant = "Invalid XML path "
        return text.hasPrefix(redundant) ? String(text.dropFirst(redundant.count)) : text
    }

    static let helpText = """
        OVERVIEW: Stream an XML document from a URL, a file or a pipe as typed events, with
        bounded memory, and print a summary, JSON lines, elements as JSON, or XML.

        USAGE: xmlevents [options] [URL | PATH | -]

        ARGUMENTS:
          URL                   An http:// or https:// URL. The transfer pauses when the parser
                                falls behind, so memory stays bounded for any size.
          PATH                  A file, read in chunks, never whole; or a file: URL naming
                                a local file (no host, or localhost).
          -                     Standard input (a pipe, a terminal or a redirected file).
          (none)                The offline demo: a loopback HTTP server inside this process
                                streams a generated 50 MB registry, read with XMLEvents(url:);
                                prints the summary and the peak of bytes buffered.

        OPTIONS:
          --format FORMAT       What to print on standard output (default: summary):
                                  summary  counts of elements per name (top 20), attributes,
                                           text, comments, processing instructions, skipped
                                           entities (when any), depth, bytes read, time and
                                           throughput
                                  jsonl    one JSON object per event, one per line; a parse
                                           error adds a last line {"event":"error",…}
                                  xml      the events written back out as XML
                                  elements one JSON object per selected element, a line
                                           each as it completes (default --select: /*/*,
                                           the root's children). Attributes and child
                                           elements are keys by name as written; a child
                                           with only text is its text; a repeated name is
                                           an array; "#text" is an element's own text
                                           beside attributes or children; "#name" the
                                           selected element's name; an attribute whose
                                           name a child has too is "@name"; decimals of
                                           up to 15 digits are numbers, the rest strings;
                                           "#skippedEntities" names the entity references
                                           that were not replaced; comments and namespace
                                           URIs are left out
          --select PATH         Only the elements PATH selects, each with its content (default:
                                the whole document). A name selects at any depth (record), a
                                path of names from the root (/registry/record) or any suffix of
                                one (channel/item); * matches any element, {uri}name a
                                namespace. xml writes each element followed by a line feed,
                                jsonl writes its events, elements one object per element,
                                summary counts them. Memory is bounded by the largest
                                selected element.
          --chunk-size N        Bytes fed to the parser at a time; K and M mean KiB and MiB
                                (default: 64K). Standard input is parsed as its bytes
                                arrive, so a stream that trickles shows each event at once.
          --max-time SECONDS    For a URL: fail the transfer if it has not ended within
                                SECONDS (such as 30 or 0.5), however the server trickles
                                (default: no limit; the server may not go silent for 60 s).
          --max-bytes N         For a URL: fail once the body, decoded, exceeds N bytes; K, M
                                and G mean KiB, MiB and GiB (default: no limit).
          --retries N           For a URL: when the transfer breaks off mid-body (connection
                                closed or reset, server silent for 60 s), ask for the rest
                                and parse on, as if nothing had happened: with Range and
                                If-Range when the server offers ranges, or else the same
                                version again (If-Match), skipping the bytes already read.
                                Only with a strong ETag or Last-Modified, never through a
                                redirect, so that two documents are never spliced. At most
                                N attempts in a row without a new byte, and 4N in all that
                                bring less than 1 MiB each: a server that cuts every
                                connection after a few bytes gets at most 4N + 1 requests.
                                Re-reading stops before it would read four times the
                                document's length again. 0 turns it off (default: 3). The
                                summary says how many resumptions there were and how many
                                bytes were re-read.
          --decompress HOW      auto: a gzip, bzip2, xz or zstd document (concatenated
                                members and multistream files too) is recognised by its
                                first bytes, whatever its name, and decompressed on a
                                second core as it is parsed (default); none: parse the
                                bytes as they are; gzip, bzip2, xz or zstd: always that
                                format. A document may expand 1000 times its compressed
                                size, after its first 16 MiB.
          -j, --jobs N          Parse a big document made of records (a dump of pages, nodes,
                                rows) on N cores, in chunks of whole records; the output is
                                the same at any N. 1 is one parser (default: every core; a
                                document of under 1 MiB, standard input, or one that is not
                                made of records is read by one parser). The streams of a
                                multistream bzip2 file are decoded on N threads too.
          --cdata               Report CDATA sections as "cdata" events instead of as text.
          --drop-whitespace     Drop text made only of whitespace (default: keep it).
          --huge                Lift the size limits (1 GB nodes, nesting 100,000 deep) for
                                trusted documents (default: 10 MB nodes, nesting 256 deep).
          --progress            Show bytes, percentage, MB/s and time left on standard error
                                (default: when standard error is a terminal, unless events are
                                printed to that terminal too).
          --no-progress         Never show progress.
          -q, --quiet           Print nothing on standard error: no progress, no messages;
                                the exit status still tells.
          -h, --help            Show this help.
          --version             Show the version.

        EXAMPLES:
          xmlevents
          xmlevents feed.xml
          xmlevents --format jsonl feed.xml | jq -r 'select(.event == "text") | .text'
          xmlevents --select /records/record --format elements records.xml \\
              | jq -c 'select(.value > 999.5) | {id, name, value}'
          curl -s https://example.org/feed.atom | xmlevents --select entry --format xml -
          xmlevents --format xml --select /registry/record https://example.org/registry.xml | head
          xmlevents --format xml in.xml | xmlevents --format jsonl -
          xmlevents --select page/title --format xml enwiki-pages-articles-multistream.xml.bz2
          curl -s https://example.org/dump.xml.gz | xmlevents --select record --format elements -
          xmlevents --max-time 60 --max-bytes 500M https://example.org/feed.xml
          xmlevents --retries 10 https://example.org/planet-extract.osm

        EXIT STATUS:
          0  Success, also when the reader of the output goes away early (| head).
          1  The document is malformed, cut short or over a limit: file:line:column: error: …
             (or its compressed data is corrupt or expands past the limit: file: error: …).
          2  Usage: unknown option, missing or bad value, invalid --select path.
          3  I/O or HTTP failure: file not found, server unreachable, HTTP error status,
             --max-time or --max-bytes exceeded, a transfer broken off and not resumed.

        """
}

/// The command line cannot be understood; reported with a pointer to `--help`, exit status 2.
struct UsageError: Error, Equatable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
