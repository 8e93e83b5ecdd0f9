import CLibXML2
import MixtapeCore

/// The plist grammar checked event by event: which element may appear where, that every key
/// has exactly one value, that numbers and dates parse. It turns SAX events into
/// `LibraryAssembler` calls and records the first problem as a `MalformedSourceError` with the
/// position of the offending element, then stops the parser.
///
/// It lives behind a pointer owned by `PlistSAXSink`, so the SAX hot path pays no exclusivity
/// check, retain or Array bookkeeping: frames and text buffers are manually managed memory,
/// released by `free()`. Do not copy it.
struct PlistStructure {
    /// An open `<plist>`, `<dict>` or `<array>`.
    private struct Frame {
        var element: PlistElement
        var context: LibraryContext
        /// For a dict: the key awaiting its value, or nil when a key is expected next.
        var key: LibraryKey?
        /// For the `<plist>` root: how many values it holds.
        var values = 0
    }

    let path: String
    var library: LibraryAssembler
    /// The first problem found; once set, every further event is ignored.
    private(set) var failure: MalformedSourceError?
    /// Whether `</plist>` (or a bare root's `</dict>`) closed a complete document.
    private(set) var finished = false
    /// Whether the root is a bare `<dict>`, with no `<plist>` around it, as some tools rewrite
    /// exports; Python's plistlib reads it as that dict, and so does this reader.
    private(set) var bareRoot = false
    var parser: xmlParserCtxtPtr?

    /// libxml2 stops at 256 levels without XML_PARSE_HUGE; this is a second line of defence.
    private static let maxDepth = 512
    /// The longest value (or key) read: no field of a real export comes near it (the longest
    /// comments are a few KiB), while a hostile 100 MB `<string>` would otherwise cost a dozen
    /// times its size on its way into the index. Longer is malformed, with the value's position.
    static let maxValueBytes = 4 << 20
    private let frames: UnsafeMutablePointer<Frame>
    private var depth = 0
    /// The scalar element (or `<key>`) currently open, if any.
    private var scalar: PlistElement?
    private var collecting = false
    private var text = ByteBuffer(capacity: 4096)
    /// The last key's bytes, kept until the next key for messages.
    private var keyText = ByteBuffer(capacity: 64)
    private var sawRoot = false
    private var elementNames = ElementNameCache()

    init(path: String) {
        self.path = path
        library = LibraryAssembler(source: path)
        frames = .allocate(capacity: Self.maxDepth)
    }

    /// Releases the manually managed buffers.
    func free() {
        frames.deinitialize(count: depth)
        frames.deallocate()
        text.free()
        keyText.free()
    }

    private var top: Frame? { depth > 0 ? frames[depth - 1] : nil }

    private mutating func push(_ frame: Frame) -> Bool {
        guard depth < Self.maxDepth else { return false }
        (frames + depth).initialize(to: frame)
        depth += 1
        return true
    }

    // MARK: SAX events

    mutating func startElement(_ name: UnsafePointer<UInt8>, namespaced: Bool) {
        guard failure == nil else { return }
        if depth == 0, namespaced || sawRoot || ![.plist, .dict].contains(elementNames.element(for: name)) {
            let root = String(cString: name)
            return fail("not a property list: the root element is <\(root)>, expected <plist> (or a bare <dict>)",
                        atElement: true)
        }
        if depth == 0, elementNames.element(for: name) == .dict {
            // A bare <dict>: read it as the value of an implied <plist>.
            sawRoot = true
            bareRoot = true
            _ = push(Frame(element: .plist, context: .root))
        }
        guard !namespaced, let element = elementNames.element(for: name) else {
            return fail("unknown element <\(String(cString: name))>", atElement: true)
        }
        if let open = scalar { return fail("unexpected <\(element)> inside <\(open)>", atElement: true) }
        guard let parent = top else {
            sawRoot = true
            _ = push(Frame(element: .plist, context: .root))
            return
        }
        if element == .plist { return fail("unexpected <plist> inside <\(parent.element)>", atElement: true) }
        if element == .key { return startKey(in: parent) }
        let key: LibraryKey
        switch parent.element {
        case .dict:
            guard let pending = parent.key else {
                return fail("expected <key> in <dict>, found <\(element)> without a key", atElement: true)
            }
            key = pending
        case .plist:
            guard parent.values == 0 else { return fail("<plist> holds more than one value", atElement: true) }
            key = .unknown
        default:
            key = .unknown
        }
        let context: LibraryContext
        switch parent.context.child(element, key: key) {
        case .success(let child): context = child
        case .failure(let error): return fail(error.reason, atElement: true)
        }
        if element.isContainer {
            guard push(Frame(element: element, context: context)) else {
                return fail("elements nested too deeply", atElement: true)
            }
            let position = context == .track || context == .playlist ? elementStart() : nil
            library.begin(context, parent: parent.context, key: key, position: position)
        } else {
            scalar = element
            collecting = element.isNumericOrDate || (element == .string && key.keepsString)
            text.removeAll()
        }
    }

    mutating func endElement() {
        guard failure == nil else { return }
        if let element = scalar {
            scalar = nil
            return element == .key ? finishKey() : finishScalar(element)
        }
        guard depth > 0 else { return }
        depth -= 1
        let frame = (frames + depth).move()
        switch frame.element {
        case .plist:
            guard frame.values == 1 else {
                return fail("not an iTunes library: the <plist> holds no <dict>", atElement: true)
            }
            finished = true
        case .dict where frame.key != nil:
            fail("expected a value after <key>\(keyDescription)</key>, found </dict>", atElement: true)
        default:
            library.end(frame.context)
            valueFinished()
            if bareRoot, depth == 1 {
                // The bare root dict closed: so does its implied <plist>.
                depth = 0
                _ = (frames + depth).move()
                finished = true
            }
        }
    }

    mutating func characters(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard failure == nil else { return }
        let chunk = UnsafeBufferPointer(start: bytes, count: count)
        if let element = scalar {
            if collecting {
                let held = element == .key ? keyText.count : text.count
                guard held + count <= PlistStructure.maxValueBytes else {
                    return fail("a <\(element)> value longer than \(PlistStructure.maxValueBytes >> 20) MiB: "
                                + "not what iTunes or Music write", atElement: true)
                }
                if element == .key { keyText.append(bytes, count: count) } else { text.append(bytes, count: count) }
            } else if element != .string, element != .data, !PlistScalarText.isWhitespace(chunk) {
                fail("unexpected text inside <\(element)/>", atElement: false)
            }
        } else if !PlistScalarText.isWhitespace(chunk) {
            let container = top.map { "<\($0.element)>" } ?? "the document"
            let preview = String(decoding: chunk.prefix(40), as: UTF8.self)
            fail("unexpected text \"\(preview)\" in \(container)", atElement: false)
        }
    }

    /// Records an error libxml2 reported (well-formedness, encoding, depth...). For a tag that
    /// closes the wrong element, libxml2 points past the tag; point at its `<` instead.
    mutating func xmlError(_ reason: String, line: Int, column: Int, atTag: Bool, atDocumentEnd: Bool = false) {
        guard failure == nil else { return }
        var reason = reason
        if atDocumentEnd, !finished, let open = scalar.map({ "\($0)" }) ?? top.map({ "\($0.element)" }) {
            // A push parser told the input is over reports a cut-off file as "extra content at
            // the end of the document"; say what happened instead.
            reason = "the file ends inside <\(open)>: the export looks truncated"
        }
        var position = SourcePosition(file: path, line: line, column: column)
        if atTag {
            let start = elementStart()
            if start.line == line { position.column = start.column }
        }
        failure = MalformedSourceError(position: position, reason: reason)
    }

    // MARK: Keys and values

    private mutating func startKey(in parent: Frame) {
        guard parent.element == .dict else {
            return fail("unexpected <key> inside <\(parent.element)>", atElement: true)
        }
        if parent.key != nil {
            return fail("expected a value after <key>\(keyDescription)</key>, found <key>", atElement: true)
        }
        scalar = .key
        collecting = true
        keyText.removeAll()
    }

    private mutating func finishKey() {
        let frame = frames + (depth - 1)
        let context = frame.pointee.context
        if context == .tracks {
            frame.pointee.key = .trackEntry
            let number = PlistScalarText.integer(keyText.bytes)
            if case .value(let id) = number { library.trackEntryKey(id) } else { library.trackEntryKey(nil) }
        } else {
            frame.pointee.key = context.lookup(keyText.bytes)
        }
    }

    private mutating func finishScalar(_ element: PlistElement) {
        let value: PlistValue
        switch element {
        case .integer, .real:
            let number = element == .integer ? PlistScalarText.integer(text.bytes) : PlistScalarText.real(text.bytes)
            switch number {
            case .value(let int): value = .integer(int)
            case .unrepresentable: value = .integer(nil)
            case .malformed:
                return fail("<\(element)>\(textPreview)</\(element)> is not \(element == .integer ? "an integer" : "a number")", atElement: true)
            }
        case .date:
            guard let time = PlistScalarText.date(text.bytes) else {
                return fail("<date>\(textPreview)</date> is not an ISO 8601 date", atElement: true)
            }
            value = .date(time)
        case .true: value = .bool(true)
        case .false: value = .bool(false)
        case .data: value = .data
        default: value = .string
        }
        let frame = frames[depth - 1]
        library.value(value, text: text.bytes, context: frame.context, key: frame.key ?? .unknown)
        valueFinished()
    }

    /// The innermost container has received one complete value.
    private mutating func valueFinished() {
        guard depth > 0 else { return }
        let frame = frames + (depth - 1)
        switch frame.pointee.element {
        case .dict: frame.pointee.key = nil
        case .plist: frame.pointee.values += 1
        default: break
        }
    }

    // MARK: Errors and positions

    private var keyDescription: String { String(decoding: keyText.bytes.prefix(80), as: UTF8.self) }
    private var textPreview: String { String(decoding: text.bytes.prefix(40), as: UTF8.self) }

    private mutating func fail(_ reason: String, atElement: Bool) {
        guard failure == nil else { return }
        let position = atElement ? elementStart() : currentPosition()
        failure = MalformedSourceError(position: position, reason: reason)
        if let parser { xmlStopParser(parser) }
    }

    private func currentPosition() -> SourcePosition {
        guard let parser else { return SourcePosition(file: path, line: 0, column: 0) }
        return SourcePosition(file: path, line: Int(xmlSAX2GetLineNumber(parser)),
                              column: Int(xmlSAX2GetColumnNumber(parser)))
    }

    /// The position of the `<` that starts the tag being reported. libxml2's cursor sits at or
    /// just past the tag's `>`; walking back on the same line to the `<` gives the column an
    /// editor would jump to.
    private func elementStart() -> SourcePosition {
        var position = currentPosition()
        guard let parser, let input = parser.pointee.input, let cur = input.pointee.cur,
              let base = input.pointee.base else { return position }
        var probe = cur
        var steps = 0
        while probe > base, steps < 4096 {
            probe -= 1
            steps += 1
            if probe.pointee == 0x0A { return position }
            if probe.pointee == 0x3C {
                position.column = max(1, position.column - steps)
                return position
            }
        }
        return position
    }
}
