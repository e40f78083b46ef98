#if os(Linux)
    import Glibc
    import XMLEvents

    /// Folds events into the few numbers a check needs, and looks for the secret file's marker in
    /// every string an event carries.
    struct AttackEventSummary {
        let marker: String
        private var depth = 0
        private var report = AttackReport(caseName: "", mode: .standard)

        init(marker: String) { self.marker = marker }

        mutating func add(_ event: XMLEvent) {
            report.events += 1
            switch event {
            case .startElement(let name, let attributes, let namespaces):
                report.elements += 1
                depth += 1
                report.maxDepth = max(report.maxDepth, depth)
                report.maxAttributes = max(report.maxAttributes, attributes.count + namespaces.count)
                if report.elementNames.count < 8 { report.elementNames.append(name.qualifiedName) }
                for attribute in attributes { check(attribute.value) }
            case .endElement:
                depth -= 1
            case .text(let text), .cdata(let text):
                report.textBytes += text.utf8.count
                if report.texts.count < 8 { report.texts.append(String(text.prefix(64))) }
                check(text)
            case .comment(let text):
                check(text)
            case .skippedEntity(let name):
                if report.skippedEntities.count < 8 { report.skippedEntities.append(name) }
                check(name)
            case .processingInstruction(let target, let data):
                check(target)
                check(data)
            case .doctype(let name, let publicID, let systemID):
                check(name)
                check(publicID ?? "")
                check(systemID ?? "")
            case .startDocument, .endDocument:
                break
            }
        }

        /// Looks for the marker with `strstr` (XML text never holds a NUL byte): a 64 MB text is
        /// searched in milliseconds, where a loop in a debug build would take seconds.
        mutating func check(_ text: String) {
            guard !report.secretSeen, text.utf8.count >= marker.utf8.count else { return }
            let found = text.withCString { haystack in marker.withCString { strstr(haystack, $0) != nil } }
            if found { report.secretSeen = true }
        }

        func fill(_ target: inout AttackReport) {
            target.takeEventFigures(of: report)
        }
    }
#endif
