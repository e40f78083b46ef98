/// The path of open elements at each event, for code that works with raw events and needs to
/// know where it is without keeping its own stack.
///
/// Feed it every event in order; ``path`` is then the path of the element the event belongs to:
/// for a start or end element, that element itself (the root's name first); for any other
/// event, the innermost open element (empty outside the root).
///
/// ```swift
/// var tracker = XMLPathTracker()
/// let item = try XMLPath("channel/item")
/// for try await event in events {
///     tracker.track(event)
///     if case .text(let text) = event, item.matches(Array(tracker.path.dropLast())) { … }
/// }
/// ```
///
/// ``XMLEvents/withPath()`` does the same as a sequence.
public struct XMLPathTracker: Sendable, Hashable {
    /// The names of the open elements, the root first: the path of the element the last event
    /// belongs to.
    public private(set) var path: [XMLName] = []

    /// The element an end element closed, which leaves ``path`` at the next event: the end
    /// element itself still belongs to it.
    private var closesOnNextEvent = false

    /// Creates a tracker outside any element.
    public init() {
        path.reserveCapacity(16)
    }

    /// How many names ``path`` holds: 1 for the root element and its content.
    public var depth: Int { path.count }

    /// Takes the next event of the document into account.
    ///
    /// - Parameter event: The event after the one tracked last, in document order.
    /// - Complexity: O(1), amortized.
    public mutating func track(_ event: XMLEvent) {
        if closesOnNextEvent {
            path.removeLast()
            closesOnNextEvent = false
        }
        switch event {
        case .startElement(let name, _, _):
            path.append(name)
        case .endElement:
            closesOnNextEvent = !path.isEmpty
        default:
            break
        }
    }
}
