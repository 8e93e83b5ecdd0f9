import CLibXML2
import MixtapeCore

/// The object libxml2's SAX callbacks reach through their `void *` user data while a sidecar is
/// parsed: it stacks open elements into a `SidecarXMLElement` tree and turns libxml2's errors
/// into warnings. A `final class` because C holds an unretained pointer to it for the parse; it
/// never leaves `SidecarXMLParser.parse`, so it need not be Sendable.
///
/// The first error ends the parse (libxml2 stops, and so do we), but the tree read so far is
/// kept: a sidecar cut off after its title still gives the title.
final class SidecarXMLTreeBuilder {
    /// Sidecars nest a dozen levels at most; libxml2's own limit (256) is the second line.
    static let maxDepth = 128
    /// Enough for a Kodi movie with hundreds of actors or a darktable edit history, small
    /// enough that a hostile file cannot make the tree eat memory.
    static let maxElements = 100_000

    /// An open element and the bytes of its text so far (decoded once, when it closes).
    private struct Frame {
        var element: SidecarXMLElement
        var text: [UInt8] = []
    }

    let path: String
    var parser: xmlParserCtxtPtr?
    private var stack: [Frame] = []
    private var elementCount = 0
    private(set) var document = SidecarXMLDocument()
    private var stopped = false

    init(path: String) { self.path = path }

    // MARK: SAX events

    /// Opens an element, unless the depth or element limit is reached (which ends the parse).
    func startElement(_ name: String, namespace: String?, attributes: [SidecarXMLAttribute]) {
        guard !stopped, !document.rootClosed else { return }
        if stack.count >= Self.maxDepth {
            return fail("elements nested more than \(Self.maxDepth) levels deep", at: currentPosition())
        }
        elementCount += 1
        if elementCount > Self.maxElements {
            return fail("more than \(Self.maxElements) elements: too large for a sidecar", at: currentPosition())
        }
        let element = SidecarXMLElement(namespace: namespace, name: name, attributes: attributes,
                                        position: tagStart())
        stack.append(Frame(element: element))
    }

    /// Closes the innermost element into its parent, or into the document as its root.
    func endElement() {
        guard !stopped, !stack.isEmpty else { return }
        closeTop()
        if stack.isEmpty { document.rootClosed = true }
    }

    /// Adds text (or CDATA, or whitespace) to the innermost element.
    func characters(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard !stopped, !stack.isEmpty else { return }
        stack[stack.count - 1].text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }

    /// Errors end the parse. Warnings are ignored except an undeclared entity: a reference that
    /// cannot be resolved must not silently vanish from the text. After the root's end tag,
    /// libxml2's "extra content" error only marks where trailing content starts.
    func report(_ error: xmlError) {
        let undeclaredEntity = error.code == Int32(XML_WAR_UNDECLARED_ENTITY.rawValue)
        guard !stopped, error.level.rawValue >= XML_ERR_ERROR.rawValue || undeclaredEntity else { return }
        var position = SourcePosition(file: path, line: Int(error.line), column: Int(error.int2))
        if position.line <= 0 { position = currentPosition() }
        if document.rootClosed, error.code == Int32(XML_ERR_DOCUMENT_END.rawValue) {
            document.trailing = SidecarXMLTrailingContent(position: position, elementName: elementNameAtCursor())
            return stop()
        }
        var message = error.message.map { String(cString: $0) } ?? "XML error \(error.code)"
        while message.last?.isWhitespace == true { message.removeLast() }
        fail("malformed XML: " + message, at: position)
    }

    /// Records a problem libxml2 noted without reporting it, then lets go of the parser
    /// (called by `SidecarXMLParser` just before it frees it).
    func parserFinished() {
        if let parser, !stopped, parser.pointee.wellFormed == 0 {
            let last = parser.pointee.lastError
            let reason = last.message.map { String(cString: $0) } ?? "XML error \(last.code)"
            fail("malformed XML: " + SidecarXMLValues.trimmed(reason), at: currentPosition())
        }
        parser = nil
    }

    /// Closes whatever an error left open, so the partial tree becomes the root. An element
    /// cut off by the error keeps its complete children but not its own text, which may be
    /// cut mid-word: a half-read `<plot>` is no plot.
    func finish() -> SidecarXMLDocument {
        while !stack.isEmpty { closeTop(complete: false) }
        return document
    }

    // MARK: Helpers

    /// Pops the innermost element, decodes its text and attaches it to its parent.
    private func closeTop(complete: Bool = true) {
        var frame = stack.removeLast()
        frame.element.text = complete ? String(decoding: frame.text, as: UTF8.self) : ""
        if stack.isEmpty {
            if document.root == nil { document.root = frame.element }
        } else {
            stack[stack.count - 1].element.children.append(frame.element)
        }
    }

    /// Records `message` as the parse's one error and stops libxml2.
    func fail(_ message: String, at position: SourcePosition) {
        guard !stopped else { return }
        document.warnings.append(IndexWarning(position: position, message: message))
        stop()
    }

    /// Ends the parse: libxml2 delivers no more events, and late ones are ignored.
    private func stop() {
        stopped = true
        if let parser { xmlStopParser(parser) }
    }

    /// libxml2's cursor as a 1-based position (1:1 when there is no parser).
    private func currentPosition() -> SourcePosition {
        guard let parser else { return SourcePosition(file: path, line: 1, column: 1) }
        return SourcePosition(file: path, line: max(1, Int(xmlSAX2GetLineNumber(parser))),
                              column: max(1, Int(xmlSAX2GetColumnNumber(parser))))
    }

    /// The position of the `<` of the start tag just read. libxml2's cursor sits just past the
    /// tag's `>`, which for an `rdf:Description` with twenty attributes is many lines below
    /// where an editor should jump; walk back to the `<`, counting the lines crossed.
    private func tagStart() -> SourcePosition {
        var position = currentPosition()
        guard let input = parser?.pointee.input?.pointee, let cursor = input.cur, let base = input.base else {
            return position
        }
        var probe = cursor
        var newlines = 0
        while probe > base, cursor - probe < 65_536 {
            probe -= 1
            if probe.pointee == 0x0A { newlines += 1 }
            guard probe.pointee == UInt8(ascii: "<") else { continue }
            if newlines == 0 { position.column = max(1, position.column - (cursor - probe)); return position }
            var lineStart = probe
            while lineStart > base, (lineStart - 1).pointee != 0x0A { lineStart -= 1 }
            position.line = max(1, position.line - newlines)
            position.column = probe - lineStart + 1
            return position
        }
        return position
    }

    /// The name of the element whose `<` libxml2's cursor is on, if it is one.
    private func elementNameAtCursor() -> String? {
        guard let input = parser?.pointee.input?.pointee, let cursor = input.cur, let end = input.end,
              cursor < end, cursor.pointee == UInt8(ascii: "<") else { return nil }
        var bytes: [UInt8] = []
        var probe = cursor + 1
        while probe < end, bytes.count < 64 {
            let byte = probe.pointee
            let isNameByte = byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (!bytes.isEmpty && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))))
            guard isNameByte else { break }
            bytes.append(byte)
            probe += 1
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
