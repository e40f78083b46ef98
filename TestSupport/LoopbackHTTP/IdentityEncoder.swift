import Foundation

/// The `identity` coding: every chunk as it is.
struct IdentityEncoder: ContentEncoder {
    func encode(_ chunk: Data) -> Data { chunk }

    func finish() -> Data { Data() }
}
