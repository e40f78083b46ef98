import XMLEventsInput

/// A running 64-bit digest of a body's bytes, the same however they are split into deliveries:
/// to check that the bytes a server sends again, resuming a transfer from the start, are the
/// ones received before.
///
/// Not cryptographic: it catches a server that changed the document without changing its
/// validator, not one that forges both (which controls what it sends anyway). Bytes are mixed
/// eight at a time, so that checking costs far less than receiving them.
struct BodyChecksum: Equatable {
    private var state: UInt64 = 0x243F_6A88_85A3_08D3
    /// The bytes of a word not yet complete, the first in the lowest byte.
    private var pending: UInt64 = 0
    private var pendingCount = 0
    /// How many bytes went in.
    private(set) var byteCount = 0

    /// Adds the next bytes of the body.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        // Completes a word begun by the last delivery; `append` mixes it in and empties it.
        while pendingCount > 0, index < bytes.count {
            append(bytes[index])
            index += 1
        }
        while bytes.count - index >= 8 {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        while index < bytes.count {
            append(bytes[index])
            index += 1
        }
        byteCount += bytes.count
    }

    /// Adds one byte to the pending word, mixing the word in once it is complete.
    private mutating func append(_ byte: UInt8) {
        pending |= UInt64(byte) << (8 * UInt64(pendingCount))
        pendingCount += 1
        if pendingCount == 8 {
            mix(pending)
            pending = 0
            pendingCount = 0
        }
    }

    private mutating func mix(_ word: UInt64) {
        let mixed = state ^ (word &* 0x9E37_79B9_7F4A_7C15)
        state = ((mixed << 27) | (mixed >> 37)) &* 0xBF58_476D_1CE4_E5B9
    }
}
