import CLibXML2
import MixtapeCore

/// The parse as a sink sees it: where the parser is, and the way to stop it with a located
/// error. One per parse; it also carries the sink and the stream's own bookkeeping (depth, the
/// root, the first failure), since libxml2 reaches all of it through one `void *`.
public final class XMLEventContext {
    /// Deeper nesting than this is refused: no library format nests a tenth as deep, and it
    /// bounds the work a hostile file can make.
    static let maxDepth = 256

    /// The file (for messages).
    public let path: String
    let sink: any XMLEventSink
    var parser: xmlParserCtxtPtr?
    /// Open elements now; 1 inside the root.
    var depth = 0
    /// The root element's name, once seen.
    var root: String?
    /// Whether the root element closed.
    var rootClosed = false
    /// The first problem: a sink's `fail` or a libxml2 error. The parse stops at it.
    private(set) var failure: MalformedSourceError? {
        didSet { stopped = failure != nil }
    }
    /// Whether there is a `failure`, asked by every event: a flag, where asking the optional
    /// error itself called out to its type's value witness each time.
    private var stopped = false

    init(path: String, sink: any XMLEventSink) {
        self.path = path
        self.sink = sink
    }

    /// Where the parser is now (the end of the current start tag, inside a start callback).
    public var position: SourcePosition {
        guard let parser else { return SourcePosition(file: path, line: 1, column: 1) }
        return SourcePosition(file: path, line: Int(xmlSAX2GetLineNumber(parser)),
                              column: Int(xmlSAX2GetColumnNumber(parser)))
    }

    /// Ends the parse: the file is malformed for the reason given, at the current position.
    public func fail(_ reason: String) {
        fail(MalformedSourceError(position: position, reason: reason))
    }

    /// Ends the parse with `error` (the first failure wins).
    func fail(_ error: MalformedSourceError) {
        guard failure == nil else { return }
        failure = error
        if let parser { xmlStopParser(parser) }
    }

    // MARK: Events from libxml2

    func start(_ name: UnsafePointer<UInt8>, attributes: XMLAttributes) {
        guard !stopped else { return }
        if depth == 0 {
            guard root == nil else { return fail("a second root element <\(String(cString: name))>") }
            root = String(cString: name)
        }
        depth += 1
        guard depth <= Self.maxDepth else {
            return fail("elements nest deeper than \(Self.maxDepth) levels: not a library export")
        }
        sink.startElement(XMLName(name), attributes: attributes, depth: depth, context: self)
    }

    func end(_ name: UnsafePointer<UInt8>) {
        guard !stopped else { return }
        sink.endElement(XMLName(name), depth: depth, context: self)
        depth -= 1
        if depth == 0 { rootClosed = true }
    }

    func text(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard !stopped, depth > 0 else { return }
        sink.characters(UnsafeBufferPointer(start: bytes, count: count), context: self)
    }

    /// libxml2's errors end the parse; its warnings are ignored except an undeclared entity,
    /// which it only warns about when the document names an external DTD: a reference that
    /// cannot be resolved must not silently vanish from the text.
    func report(_ error: xmlError) {
        let undeclaredEntity = error.code == Int32(XML_WAR_UNDECLARED_ENTITY.rawValue)
        guard error.level.rawValue >= XML_ERR_ERROR.rawValue || undeclaredEntity else { return }
        var message = error.message.map { String(cString: $0) } ?? "XML error \(error.code)"
        while message.last?.isWhitespace == true { message.removeLast() }
        var reason = "malformed XML: " + message
        if error.code == Int32(XML_ERR_DOCUMENT_END.rawValue), depth > 0, let root {
            // A push parser told the input is over reports a cut-off file as "extra content
            // at the end of the document"; say what happened instead.
            reason = "the file ends inside <\(root)>: it looks truncated"
        }
        fail(MalformedSourceError(position: SourcePosition(file: path, line: Int(error.line), column: Int(error.int2)),
                                  reason: reason))
    }
}
