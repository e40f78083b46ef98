#if os(Linux)
    import Glibc
    import XMLEvents

    /// The visitor tier's side of ``AttackEventSummary``: the same figures, read from the borrowed
    /// views without copying them (but for the few names and texts the report shows), and the
    /// secret file's marker looked for in every text and attribute value in place.
    struct AttackVisitor: XMLVisitor {
        let marker: String
        private var depth = 0
        private var report = AttackReport(caseName: "", mode: .standard)

        init(marker: String) { self.marker = marker }

        mutating func startElement(_ tag: borrowing XMLStartTag) {
            report.events += 1
            report.elements += 1
            depth += 1
            report.maxDepth = max(report.maxDepth, depth)
            report.maxAttributes = max(report.maxAttributes, tag.attributes.count + tag.namespaceDeclarationCount)
            if report.elementNames.count < 8 { report.elementNames.append(tag.name.qualifiedName) }
            for index in 0..<tag.attributes.count {
                tag.attributes.withValue(at: index) { check($0) }
            }
        }

        mutating func endElement(_ name: XMLName) {
            report.events += 1
            depth -= 1
        }

        mutating func text(_ text: borrowing XMLText) {
            report.events += 1
            report.textBytes += text.count
            if report.texts.count < 8 { report.texts.append(String(text.string.prefix(64))) }
            check(text)
        }

        mutating func cdata(_ text: borrowing XMLText) {
            self.text(text)
        }

        mutating func comment(_ text: borrowing XMLText) {
            report.events += 1
            check(text)
        }

        mutating func processingInstruction(target: borrowing XMLText, data: borrowing XMLText) {
            report.events += 1
            check(target)
            check(data)
        }

        mutating func skippedEntity(_ name: String) {
            report.events += 1
            if report.skippedEntities.count < 8 { report.skippedEntities.append(name) }
            if name.contains(marker) { report.secretSeen = true }
        }

        mutating func doctype(name: String, publicID: String?, systemID: String?) {
            report.events += 1
            for string in [name, publicID ?? "", systemID ?? ""] where string.contains(marker) {
                report.secretSeen = true
            }
        }

        /// Looks for the marker in the borrowed bytes, with `memchr` and `memcmp`: a 64 MB text
        /// is searched in milliseconds, where a loop in a debug build would take seconds.
        private mutating func check(_ text: borrowing XMLText) {
            guard !report.secretSeen else { return }
            var marker = marker
            let found = text.withUnsafeBytes { haystack in
                marker.withUTF8 { needle in
                    guard let base = haystack.baseAddress, let bytes = needle.baseAddress, let first = needle.first,
                        needle.count <= haystack.count
                    else { return false }
                    let last = base + (haystack.count - needle.count)
                    var cursor = base
                    while cursor <= last, let hit = memchr(cursor, Int32(first), last - cursor + 1) {
                        if memcmp(hit, bytes, needle.count) == 0 { return true }
                        cursor = UnsafeRawPointer(hit) + 1
                    }
                    return false
                }
            }
            if found { report.secretSeen = true }
        }

        func fill(_ target: inout AttackReport) {
            target.takeEventFigures(of: report)
        }
    }
#endif
