/// The ways one parse can end, from the two kinds of source whose native resources (a libxml2
/// context; a libcurl easy handle and its connection) must be freed whichever way it ends.
enum LeakCycleKind: CaseIterable, Sendable {
    case fileComplete
    case fileError
    case fileCancelled
    case fileAbandoned
    case httpComplete
    case httpError
    case httpCancelled
    case httpAbandoned
}
