/// What selecting elements from one input produced: the subtrees, then the error that ended
/// the selection, if any.
struct FuzzSelection: Sendable, Equatable {
    /// Selects the children of the root: deep enough to leave text, comments and processing
    /// instructions outside the selection, and to nest elements inside it.
    static let path = "/*/*"

    var subtrees: [XMLSubtree] = []
    var error: String?

    var description: String {
        (subtrees.map(\.description) + ["ERROR \(error ?? "none")"]).joined(separator: "\n")
    }

    /// The parser's own selection, over the chunks.
    static func inParser(_ chunks: [[UInt8]], options: XMLParsingOptions) -> FuzzSelection {
        FuzzParse.executor.run {
            await select { try XMLEvents(FuzzChunks(chunks: chunks), options: options).elements(matching: path) }
        }
    }

    /// The selection from the events of a parse, and its error after them.
    static func fromEvents(of outcome: FuzzOutcome) -> FuzzSelection {
        FuzzParse.executor.run {
            await select { try FuzzEventReplay(outcome: outcome).elements(matching: path) }
        }
    }

    /// The subtrees `selecting` gives, then its error; a path it refuses is an error too.
    private static func select<Subtrees: AsyncSequence>(
        _ selecting: () throws -> Subtrees
    ) async -> FuzzSelection where Subtrees.Element == XMLSubtree {
        var selection = FuzzSelection()
        do {
            for try await subtree in try selecting() { selection.subtrees.append(subtree) }
        } catch {
            selection.error = "\(error)"
        }
        return selection
    }
}

/// The events of a parse played back, then its error.
struct FuzzEventReplay: AsyncSequence, Sendable {
    typealias Element = XMLEvent

    let outcome: FuzzOutcome

    func makeAsyncIterator() -> Iterator { Iterator(outcome: outcome) }

    struct Iterator: AsyncIteratorProtocol {
        let outcome: FuzzOutcome
        var index = 0
        var threw = false

        mutating func next() async throws -> XMLEvent? {
            if index < outcome.events.count {
                defer { index += 1 }
                return outcome.events[index]
            }
            guard !threw, let error = outcome.error else { return nil }
            threw = true
            throw error
        }
    }
}
