import CLibXML2
import MixtapeCore

/// Parses the bytes of an XML sidecar (XMP, Kodi `.nfo`) into a `SidecarXMLDocument` with
/// libxml2, under the same hostile-input rules as the iTunes reader:
///
/// - `XML_PARSE_NONET` and no resolver, DTD or entity callback: nothing is ever loaded from the
///   network or the file system, an external DTD is never read, and no entity is defined or
///   expanded, so `&xxe;` or a billion-laughs `&lol9;` is an undeclared entity and a warning.
/// - Nesting is capped (`SidecarXMLTreeBuilder.maxDepth`) below libxml2's own limit, and so are
///   the input size and element count, each with a warning rather than a crash.
///
/// The encoding is left to libxml2, which reads a UTF-8 or UTF-16 byte-order mark (or the XML
/// declaration) from the first bytes it is given. Parsing never throws: problems become
/// warnings with `file:line:column`, and the tree read before the first one is kept.
enum SidecarXMLParser {
    /// Sidecars are kilobytes; anything this large is not one.
    static let maxBytes = 8 << 20

    /// Parses `bytes`; `name` (the file's path) is used in warnings.
    static func parse(bytes: [UInt8], name: String) -> SidecarXMLDocument {
        var document = SidecarXMLDocument()
        guard !bytes.isEmpty else {
            document.warnings.append(IndexWarning(position: SourcePosition(file: name, line: 1, column: 1),
                                                  message: "empty file: expected an XML document"))
            return document
        }
        guard bytes.count <= maxBytes else {
            document.warnings.append(IndexWarning(position: nil, message:
                "\(name): \(bytes.count) bytes is too large for a sidecar (limit \(maxBytes >> 20) MiB); not read"))
            return document
        }
        let builder = SidecarXMLTreeBuilder(path: name)
        return withExtendedLifetime(builder) {
            bytes.withUnsafeBufferPointer { buffer in
                run(builder, buffer: buffer, name: name)
            }
            return builder.finish()
        }
    }

    /// One push parse over the whole buffer. Every libxml2 handle lives and dies in here.
    private static func run(_ builder: SidecarXMLTreeBuilder, buffer: UnsafeBufferPointer<UInt8>, name: String) {
        var handler = Self.handler()
        let base = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
        do {
            try XMLPushParser.run(handler: &handler, context: Unmanaged.passUnretained(builder).toOpaque(),
                                  bytes: base, count: buffer.count, name: name) { parser in
                builder.parser = parser
                defer { builder.parserFinished() }  // it reads the parser's state: before it is freed
                let head = min(buffer.count, XMLPushParser.headCount)
                xmlParseChunk(parser, base + head, Int32(buffer.count - head), 1)
            }
        } catch {
            builder.fail("could not start the XML parser", at: SourcePosition(file: name, line: 1, column: 1))
        }
    }

    /// A SAX2 handler with only the element, text and structured-error callbacks. With no
    /// entity, DTD or resolver callback installed no entity is ever defined, loaded or expanded.
    private static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localname, _, uri, _, _, count, _, attributes in
            guard let context, let localname else { return }
            let name = String(cString: localname)
            let namespace = uri.map { String(cString: $0) }
            let list = Self.attributes(attributes, count: Int(count))
            Self.builder(context).startElement(name, namespace: namespace, attributes: list)
        }
        handler.endElementNs = { context, _, _, _ in
            guard let context else { return }
            Self.builder(context).endElement()
        }
        handler.characters = { context, bytes, count in
            guard let context, let bytes else { return }
            Self.builder(context).characters(bytes, count: Int(count))
        }
        handler.cdataBlock = handler.characters
        handler.ignorableWhitespace = handler.characters
        handler.serror = { context, error in
            guard let context, let error else { return }
            Self.builder(context).report(error.pointee)
        }
        return handler
    }

    /// The builder behind libxml2's user-data pointer (retained by `parse` for the parse).
    private static func builder(_ context: UnsafeMutableRawPointer) -> SidecarXMLTreeBuilder {
        Unmanaged<SidecarXMLTreeBuilder>.fromOpaque(context).takeUnretainedValue()
    }

    /// Reads libxml2's attribute array: five pointers per attribute (local name, prefix, URI,
    /// value start, value end). Without entity substitution libxml2 hands `&` over as the
    /// character reference `&#38;` (so a tree builder could re-parse it); undo that here.
    private static func attributes(_ raw: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
                                   count: Int) -> [SidecarXMLAttribute] {
        guard let raw, count > 0 else { return [] }
        var list: [SidecarXMLAttribute] = []
        list.reserveCapacity(count)
        for index in 0..<count {
            let entry = raw + index * 5
            guard let localname = entry[0], let start = entry[3], let end = entry[4] else { continue }
            let bytes = UnsafeBufferPointer(start: start, count: end - start)
            var value = String(decoding: bytes, as: UTF8.self)
            if value.contains("&#38;") { value = value.replacing("&#38;", with: "&") }
            list.append(SidecarXMLAttribute(namespace: entry[2].map { String(cString: $0) },
                                            name: String(cString: localname), value: value))
        }
        return list
    }
}
