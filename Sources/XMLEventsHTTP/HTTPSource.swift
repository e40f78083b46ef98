import XMLEventsInput

/// What an HTTP ``XMLByteSource`` holds: the request, and the record of its iterations that
/// ``XMLByteSource/response`` answers from. Copies of the source share the record, as they share
/// the progress.
struct HTTPSource: ByteTransfer {
    let request: HTTPTransferRequest
    let responses: HTTPResponses

    init(request: HTTPTransferRequest) {
        self.request = request
        responses = HTTPResponses(request: request)
    }

    func makeReader(progress: XMLSourceProgress) -> any ByteTransferReader {
        HTTPBodyReader(iteration: responses.nextIteration(progress: progress), request: request)
    }
}
