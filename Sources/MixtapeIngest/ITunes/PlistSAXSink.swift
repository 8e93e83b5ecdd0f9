import CLibXML2
import MixtapeCore

/// The object libxml2's callbacks reach through their `void *` user data. A `final class`
/// because C holds an unretained pointer to it for the parse; it never leaves the function that
/// runs the parser, so it need not be Sendable.
///
/// The parse state sits behind a pointer the sink owns rather than in a stored `var`: a class
/// property would cost a dynamic exclusivity check on each of the ~10 million SAX events of a
/// large library.
final class PlistSAXSink {
    let state: UnsafeMutablePointer<PlistStructure>

    init(path: String) {
        state = .allocate(capacity: 1)
        state.initialize(to: PlistStructure(path: path))
    }

    deinit {
        state.pointee.free()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// A SAX2 handler with only the element, text and structured-error callbacks. No entity,
    /// DTD or resolver callback is installed, so no entity is ever defined, loaded or expanded:
    /// `&xxe;` is an undeclared entity and therefore an error.
    static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localname, _, uri, _, _, _, _, _ in
            guard let context, let localname else { return }
            PlistSAXSink.state(context).pointee.startElement(localname, namespaced: uri != nil)
        }
        handler.endElementNs = { context, _, _, _ in
            guard let context else { return }
            PlistSAXSink.state(context).pointee.endElement()
        }
        handler.characters = { context, bytes, count in
            guard let context, let bytes else { return }
            PlistSAXSink.state(context).pointee.characters(bytes, count: Int(count))
        }
        handler.cdataBlock = handler.characters
        handler.ignorableWhitespace = handler.characters
        handler.serror = { context, error in
            guard let context, let error else { return }
            PlistSAXSink.report(error.pointee, to: PlistSAXSink.state(context))
        }
        return handler
    }

    @inline(__always)
    fileprivate static func state(_ context: UnsafeMutableRawPointer) -> UnsafeMutablePointer<PlistStructure> {
        Unmanaged<PlistSAXSink>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.state }
    }

    /// Errors end the parse. Warnings are ignored except an undeclared entity, which libxml2
    /// only warns about when the document names an external DTD (as every plist does): a
    /// reference that cannot be resolved must not silently vanish from the text.
    fileprivate static func report(_ error: xmlError, to state: UnsafeMutablePointer<PlistStructure>) {
        let undeclaredEntity = error.code == Int32(XML_WAR_UNDECLARED_ENTITY.rawValue)
        guard error.level.rawValue >= XML_ERR_ERROR.rawValue || undeclaredEntity else { return }
        var message = error.message.map { String(cString: $0) } ?? "XML error \(error.code)"
        while message.last?.isWhitespace == true { message.removeLast() }
        let atTag = error.code == Int32(XML_ERR_TAG_NAME_MISMATCH.rawValue)
        let atDocumentEnd = error.code == Int32(XML_ERR_DOCUMENT_END.rawValue)
        state.pointee.xmlError("malformed XML: " + message, line: Int(error.line), column: Int(error.int2),
                               atTag: atTag, atDocumentEnd: atDocumentEnd)
    }
}
