import CLibXML2
import MixtapeCore

/// Streams one XML file through libxml2's SAX2 push parser into an `XMLEventSink`, a chunk at a
/// time, so a 500 MB collection never sits in memory: the reader of every XML library format
/// but iTunes's plist (rekordbox, Traktor, Rhythmbox) runs on it.
///
/// Hostile input is assumed, under the iTunes reader's rules: `XML_PARSE_NONET` and no
/// resolver, DTD or entity callback, so nothing is loaded from the network or the file system,
/// no external DTD is read and no entity is defined or expanded (`&xxe;` and a billion-laughs
/// `&lol9;` are undeclared entities, hence errors); nesting is capped
/// (`XMLEventContext.maxDepth`) and libxml2's own limits on names and text stay on (no
/// `XML_PARSE_HUGE`). Every malformed document, one that ends before its root closes
/// included, throws `MalformedSourceError` with file:line:column.
public enum XMLEventStream {
    /// Bytes handed to libxml2 per `xmlParseChunk`.
    static let chunkSize = 256 * 1024

    /// Streams the file at `path` into `sink`, calling `afterChunk` after each chunk (where a
    /// reader hands its finished items to the store). Returns a hash of the bytes read (16 hex
    /// digits). Throws `SourceReadError` when the file cannot be read, `MalformedSourceError`
    /// when it is not well-formed; errors from `afterChunk` propagate unchanged. With `controls`,
    /// raw control characters are read as spaces and recorded there (`XMLControlCharacters`);
    /// the hash is of the bytes as they are in the file.
    public static func read(path: String, into sink: some XMLEventSink, controls: XMLControlCharacters? = nil,
                            afterChunk: () throws -> Void = {}) throws -> String {
        let file = try SourceFile(path: path)
        defer { file.closeFile() }
        var content = StableHash()
        try parse(name: path, sink: sink, readChunk: { buffer in
            let count = try file.readChunk(into: buffer)
            content.combine(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            controls?.scrub(UnsafeMutableRawBufferPointer(rebasing: buffer[..<count]))
            return count
        }, afterChunk: afterChunk)
        return content.hexDigest
    }

    /// Streams a document held in memory through exactly the same path, for tests and fuzzing;
    /// `name` stands in for the path in messages.
    public static func read(bytes: [UInt8], name: String, into sink: some XMLEventSink,
                            controls: XMLControlCharacters? = nil, afterChunk: () throws -> Void = {}) throws {
        try bytes.withUnsafeBytes { all in
            var offset = 0
            try parse(name: name, sink: sink, readChunk: { buffer in
                let count = min(buffer.count, all.count - offset)
                if count > 0 { buffer.baseAddress!.copyMemory(from: all.baseAddress! + offset, byteCount: count) }
                offset += count
                controls?.scrub(UnsafeMutableRawBufferPointer(rebasing: buffer[..<count]))
                return count
            }, afterChunk: afterChunk)
        }
    }

    /// One push parse; every libxml2 handle lives and dies in here. `readChunk` fills a buffer
    /// and returns the byte count (0 at the end).
    static func parse(name: String, sink: some XMLEventSink, readChunk: (UnsafeMutableRawBufferPointer) throws -> Int,
                      afterChunk: () throws -> Void) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        let context = XMLEventContext(path: name, sink: sink)
        try withExtendedLifetime(context) {
            var count = try readChunk(buffer)
            guard count > 0 else {
                throw MalformedSourceError(position: SourcePosition(file: name, line: 1, column: 1),
                                           reason: "empty file: expected an XML document")
            }
            var handler = handler()
            let base = buffer.baseAddress!.assumingMemoryBound(to: CChar.self)
            try XMLPushParser.run(handler: &handler, context: Unmanaged.passUnretained(context).toOpaque(),
                                  bytes: base, count: count, name: name) { parser in
                context.parser = parser
                defer { context.parser = nil }
                var offset = min(count, XMLPushParser.headCount)
                while true {
                    let end = count == 0
                    let status = xmlParseChunk(parser, base + offset, Int32(count - offset), end ? 1 : 0)
                    if context.failure != nil || status != 0 { break }
                    try afterChunk()
                    if end { break }
                    count = try readChunk(buffer)
                    offset = 0
                }
                try checkComplete(context, parser: parser)
            }
        }
    }

    /// Throws the first problem found, one libxml2 recorded without reporting it, or a document
    /// that ended before its root closed.
    private static func checkComplete(_ context: XMLEventContext, parser: xmlParserCtxtPtr) throws {
        if let failure = context.failure { throw failure }
        if parser.pointee.wellFormed == 0 {
            let last = parser.pointee.lastError
            let reason = last.message.map { String(cString: $0) } ?? "XML error \(last.code)"
            throw MalformedSourceError(position: context.position, reason: "malformed XML: " + reason)
        }
        guard let root = context.root else {
            throw MalformedSourceError(position: context.position, reason: "no XML element: not a library export")
        }
        if !context.rootClosed {
            throw MalformedSourceError(position: context.position,
                                       reason: "the file ends inside <\(root)>: it looks truncated")
        }
    }

    /// A SAX2 handler with only the element, text and structured-error callbacks. With no
    /// entity, DTD or resolver callback installed, no entity is ever defined, loaded or expanded.
    private static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { user, localname, _, _, _, _, count, _, attributes in
            guard let user, let localname else { return }
            XMLEventStream.withEventContext(user) {
                $0.start(localname, attributes: XMLAttributes(raw: attributes, count: Int(count)))
            }
        }
        handler.endElementNs = { user, localname, _, _ in
            guard let user, let localname else { return }
            XMLEventStream.withEventContext(user) { $0.end(localname) }
        }
        handler.characters = { user, bytes, count in
            guard let user, let bytes else { return }
            XMLEventStream.withEventContext(user) { $0.text(bytes, count: Int(count)) }
        }
        handler.cdataBlock = handler.characters
        handler.ignorableWhitespace = handler.characters
        handler.serror = { user, error in
            guard let user, let error else { return }
            XMLEventStream.withEventContext(user) { $0.report(error.pointee) }
        }
        return handler
    }

    /// The context behind libxml2's user-data pointer, lent to `body` without a retain and a
    /// release: `parse` keeps it alive for the whole parse, and a retain pair per callback was
    /// about a tenth of a Rhythmbox read's reading thread (millions of elements and texts).
    @inline(__always)
    fileprivate static func withEventContext(_ user: UnsafeMutableRawPointer, _ body: (XMLEventContext) -> Void) {
        Unmanaged<XMLEventContext>.fromOpaque(user)._withUnsafeGuaranteedRef(body)
    }
}
