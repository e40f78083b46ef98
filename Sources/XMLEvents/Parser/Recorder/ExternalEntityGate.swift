import CLibXML2
import Foundation
import ThreadSafety

/// The one place where libxml2 could read a file or open a connection because of a document.
///
/// libxml2 loads every external entity, parameter entity and external DTD subset through one
/// process-wide loader (`xmlSetExternalEntityLoader`). The gate installs itself there once and
/// decides for the package's own parsers (known by the recorder address in `ctxt->_private`):
/// the user's ``XMLExternalEntityResolver`` answers, or nothing is loaded. Parsers that are not
/// ours (another library's in the same process) go to the loader that was there before.
enum ExternalEntityGate {
    /// Addresses are kept as integers: they are identities here, never dereferenced through
    /// the state.
    private struct State {
        var previousLoader: UInt = 0
        var parsers: Set<UInt> = []
    }

    private static let state = LockedState(State())

    /// Registers a parser, by the address in its `ctxt->_private`, and makes sure the gate is the installed loader (another library may
    /// have replaced it since; the gate then chains to that one).
    static func register(_ parser: UnsafeMutableRawPointer) {
        LibXML2Runtime.initialize()
        let key = UInt(bitPattern: parser)
        state.withLock { state in
            state.parsers.insert(key)
            let current = address(of: xmlGetExternalEntityLoader())
            if current != address(of: loader) {
                state.previousLoader = current
                xmlSetExternalEntityLoader(loader)
            }
        }
    }

    static func unregister(_ parser: UnsafeMutableRawPointer) {
        let key = UInt(bitPattern: parser)
        state.withLock { _ = $0.parsers.remove(key) }
    }

    private static func address(of function: xmlExternalEntityLoader?) -> UInt {
        guard let function else { return 0 }
        return UInt(bitPattern: unsafeBitCast(function, to: UnsafeRawPointer.self))
    }

    private static func function(at address: UInt) -> xmlExternalEntityLoader? {
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        return unsafeBitCast(pointer, to: xmlExternalEntityLoader.self)
    }

    private static let loader: xmlExternalEntityLoader = { url, publicID, context in
        let key = UInt(bitPattern: context?.pointee._private)
        let route = state.withLock { state in
            (isOurs: key != 0 && state.parsers.contains(key), previous: state.previousLoader)
        }
        guard route.isOurs, let context, let session = ParserSession.of(context) else {
            return function(at: route.previous)?(url, publicID, context)
        }
        guard !session.pointee.status.hasFailed, let resolver = session.pointee.resolver else { return nil }
        let request = XMLExternalEntityRequest(
            systemID: url.map { String(cString: $0) },
            publicID: publicID.map { String(cString: $0) }
        )
        let data: Data?
        do {
            data = try resolver(request)
        } catch {
            session.pointee.status.fail(
                .externalEntityFailed,
                "the external entity resolver failed for \(request.systemID ?? request.publicID ?? "?"): \(error)")
            return nil
        }
        guard let data else { return nil }
        return makeInput(data, url: url, context: context)
    }

    private static func makeInput(
        _ data: Data,
        url: UnsafePointer<CChar>?,
        context: xmlParserCtxtPtr
    ) -> xmlParserInputPtr? {
        let buffer: xmlParserInputBufferPtr? = data.withUnsafeBytes { bytes in
            // libxml2 copies the bytes; an empty entity still needs a valid address.
            let empty: StaticString = ""
            let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
            return empty.withUTF8Buffer { emptyBytes in
                let address = start ?? UnsafeRawPointer(emptyBytes.baseAddress)?.assumingMemoryBound(to: CChar.self)
                return xmlParserInputBufferCreateMem(address, Int32(clamping: bytes.count), XML_CHAR_ENCODING_NONE)
            }
        }
        guard let buffer else { return nil }
        guard let input = xmlNewIOInputStream(context, buffer, XML_CHAR_ENCODING_NONE) else {
            xmlFreeParserInputBuffer(buffer)
            return nil
        }
        if let url {
            // libxml2 frees the name with the input; it resolves nested references against it.
            input.pointee.filename = UnsafeRawPointer(xmlCharStrdup(url))?.assumingMemoryBound(to: CChar.self)
        }
        return input
    }
}
