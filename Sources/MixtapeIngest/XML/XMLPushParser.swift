import CLibXML2
import MixtapeCore

/// The life of one libxml2 push parser, shared by every reader on libxml2 (the iTunes plist,
/// the sidecars, `XMLEventStream`): created on the document's first bytes with
/// `XML_PARSE_NONET`, handed to `body`, and freed however `body` ends, the stand-in document
/// libxml2 makes for declared entities included.
enum XMLPushParser {
    /// Bytes libxml2 is given at creation: enough to sniff a byte-order mark or encoding.
    static let headCount = 4

    /// Runs `body` with a parser whose SAX callbacks are `handler`, reaching `context` through
    /// their user-data pointer, started on the first `min(count, headCount)` bytes at `bytes`
    /// (feed it the rest). `name` names the document in libxml2's errors.
    static func run<Result>(handler: inout xmlSAXHandler, context: UnsafeMutableRawPointer,
                            bytes: UnsafePointer<CChar>, count: Int, name: String,
                            _ body: (xmlParserCtxtPtr) throws -> Result) throws -> Result {
        xmlInitParser()
        guard let parser = xmlCreatePushParserCtxt(&handler, context, bytes, Int32(min(count, headCount)), name) else {
            throw MalformedSourceError(position: SourcePosition(file: name, line: 1, column: 1),
                                       reason: "could not start the XML parser")
        }
        defer {
            // A document that declares entities gets a stand-in xmlDoc to hold them (libxml2's
            // SAX "expat compatibility"), which xmlFreeParserCtxt does not free.
            if let stray = parser.pointee.myDoc {
                parser.pointee.myDoc = nil
                xmlFreeDoc(stray)
            }
            xmlFreeParserCtxt(parser)
        }
        xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue))
        return try body(parser)
    }
}
