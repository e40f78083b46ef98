import XMLEventsInput

#if canImport(CCurl)
    import Foundation

    /// The head of the response being received, from the header lines libcurl hands over one by
    /// one: its status and its fields, within a size limit, in time linear in its size.
    ///
    /// A status line starts a new head after an interim response (`100 Continue`), so after the
    /// last one the head is the final response's; the size counts them all.
    struct CurlResponseHead {
        /// What a line did to the head.
        enum LineOutcome: Equatable {
            /// More lines are to come.
            case more
            /// The empty line: the head is complete.
            case complete
            /// The head has grown past ``maximumByteCount``.
            case tooLarge
        }

        /// The most bytes of one response's head, interim responses and line ends included: the
        /// limit of libcurl 7.88 and later (`MAX_HTTP_RESP_HEADER_SIZE`), applied here too for
        /// older ones. libcurl refuses a single line of more than 100 KiB itself.
        static let maximumByteCount = 300 * 1_024

        /// libcurl's limit for one header line (`CURL_MAX_HTTP_HEADER`).
        static let maximumLineByteCount = 100 * 1_024

        /// The status of the status line, if it had one.
        private(set) var status: Int?
        /// The fields in the order they came; a folded line continues the field before it.
        private(set) var fields: [(name: String, value: String)] = []
        private var byteCount = 0

        /// Adds one line, with its line end.
        mutating func add(_ line: UnsafeRawBufferPointer) -> LineOutcome {
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
            if text.hasPrefix("HTTP/") {
                fields = []
                status = text.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            }
            byteCount += line.count
            guard byteCount <= Self.maximumByteCount else { return .tooLarge }
            if text.isEmpty { return .complete }
            if let first = text.first, first == " " || first == "\t", !fields.isEmpty {
                // An obsolete folded line continues the previous field. Appended in place, so
                // that a field folded over many lines costs its length, not its length squared.
                fields[fields.count - 1].value += " " + text.trimmingCharacters(in: .whitespaces)
            } else if let colon = text.firstIndex(of: ":") {
                let name = String(text[..<colon])
                let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                fields.append((name, value))
            }
            return .more
        }

        /// Whether the head has a field named `name`, compared case-insensitively.
        func hasField(_ name: String) -> Bool {
            fields.contains { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        }
    }
#endif
