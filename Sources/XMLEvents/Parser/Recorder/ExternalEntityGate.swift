import CLibXML2
import Foundation
import ThreadSafety

/// The one place where libxml2 could read a file or open a connection because of a document.
///
/// libxml2 loads every external entity, parameter entity and external DTD subset through one
/// process-wide loader (`xmlSetExternalEntityLoader`). The gate installs itself there once and
/// decides for the package's own parsers (known by the recorder address in `ctxt->_private`):
/// the user's ``XMLParsingOptions/externalEntityResolver`` answers, or nothing is loaded, and a reference in
/// content whose entity is not loaded is recorded as skipped (libxml2 drops it without a word).
/// Parsers that are not ours (another library's in the same process) go to the loader that was
/// there before.
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
        // A reference in content loads its entity into a parser context of its own that has no
        // input yet; the external subset and parameter entities load into the document's.
        let referenced = context.pointee.inputNr == 0 ? session.pointee.externalEntityBeingLoaded : nil
        session.pointee.externalEntityBeingLoaded = nil
        guard !session.pointee.status.hasFailed else { return nil }
        guard let resolver = session.pointee.resolver else {
            if let referenced {
                session.pointee.recorder.skippedEntity(referenced, because: .notLoaded(resolverIsSet: false))
            }
            return nil
        }
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
        guard let data else {
            if let referenced {
                session.pointee.recorder.skippedEntity(referenced, because: .notLoaded(resolverIsSet: true))
            }
            return nil
        }
        return ExternalEntityInput.make(data, url: url, context: context, status: session.pointee.status)
    }
}
