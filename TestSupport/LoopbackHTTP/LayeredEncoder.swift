import Foundation

/// Several codings one over the other: each chunk goes through them in order, each flushed, so
/// the client can undo them all at once.
struct LayeredEncoder: ContentEncoder {
    private var layers: [any ContentEncoder]

    init(_ layers: [any ContentEncoder]) {
        self.layers = layers
    }

    mutating func encode(_ chunk: Data) throws(ConnectionEnd) -> Data {
        var coded = chunk
        for index in layers.indices { coded = try layers[index].encode(coded) }
        return coded
    }

    mutating func finish() throws(ConnectionEnd) -> Data {
        // Each layer's ending is coded by the layers after it, which then end too.
        var coded = Data()
        for index in layers.indices {
            if !coded.isEmpty { coded = try layers[index].encode(coded) }
            coded.append(try layers[index].finish())
        }
        return coded
    }
}
