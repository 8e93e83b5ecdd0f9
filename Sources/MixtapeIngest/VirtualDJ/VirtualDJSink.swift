import MixtapeCore

/// The state machine over a VirtualDJ database's SAX events: `<VirtualDJ_Database Version>`
/// (depth 1), `<Song FilePath FileSize>` (depth 2), its children (depth 3: attributes, and the
/// text of `<Comment>`). A song is read in its place at the end of `pending`, where it gets
/// its identity when its end tag arrives and waits for the reader to hand it on
/// (`takeFinished`): made aside and appended, each song (some 400 bytes) was copied twice
/// more. The database has no playlists.
final class VirtualDJSink: XMLEventSink {
    let source: String
    /// Songs not yet handed to the caller, with their ids; the last one is still being read
    /// while `reading`.
    private(set) var pending: [VirtualDJSong] = []
    /// The hash of every item id delivered, to notice a path listed twice.
    private(set) var known = HashKeySet()
    private(set) var warnings: [IndexWarning] = []
    /// The root's `Version` (`8.5`, `2025`; VirtualDJ 7: `700`).
    private(set) var version: String?

    private var legacy = false
    /// Whether the last song of `pending` is being read, between its start and end tags.
    private var reading = false
    /// Which of tags, infos, scan (or BPM), comment and FAME the song has had (`Child.bit`):
    /// only the first of each counts.
    private var seenChildren: UInt8 = 0
    /// What each element name a song holds is, and each attribute name of each child reads.
    private var childNames = XMLNameMemo<Child?>()
    private var fieldNames = [XMLNameMemo<VirtualDJSong.Field?>](repeating: XMLNameMemo(), count: Child.allCases.count)
    private var inComment = false
    private var text = XMLTextBuffer()

    init(source: String) { self.source = source }

    var applicationVersion: String {
        (legacy ? "VirtualDJ 7" : "VirtualDJ") + " (database " + (version ?? "?") + ")"
    }

    func startElement(_ name: XMLName, attributes: XMLAttributes, depth: Int, context: XMLEventContext) {
        switch depth {
        case 1:
            guard name.is("VirtualDJ_Database") else {
                return context.fail("the root element is <\(name.string)>, not <VirtualDJ_Database>: not a VirtualDJ database")
            }
            version = attributes["Version"]?.nonBlank
            legacy = VirtualDJValues.isLegacy(version: version)
        case 2 where name.is("Song"):
            guard let path = attributes["FilePath"], !path.isEmpty else {
                warnings.append(IndexWarning(position: context.position, message: "a song without a FilePath is skipped"))
                return
            }
            pending.append(VirtualDJSong(filePath: path.string, fileSize: attributes["FileSize"]?.integer, legacy: legacy))
            reading = true
            seenChildren = 0
        case 3 where reading:
            readChild(name, attributes)
        default:
            break
        }
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>, context: XMLEventContext) {
        if inComment { text.append(bytes) }
    }

    func endElement(_ name: XMLName, depth: Int, context: XMLEventContext) {
        if depth == 3, inComment {
            inComment = false
            let comment = text.take()
            if comment.hasNonWhitespace { pending[pending.count - 1].comment = comment }
        } else if depth == 2, reading {
            reading = false
            let identity = VirtualDJSong.identity(filePath: pending[pending.count - 1].filePath)
            guard known.insert(identity.value) else {
                let repeated = pending.removeLast()
                warnings.append(IndexWarning(position: context.position,
                                             message: "\(repeated.filePath) is listed twice; the first song is kept"))
                return
            }
            pending[pending.count - 1].identity = identity
        }
    }

    /// Lends `body` the songs read to the end, to take: the one still being read, if any,
    /// stays in `pending`.
    func takeFinished<Result>(_ body: (inout [VirtualDJSong]) -> Result) -> Result {
        guard reading, let open = pending.popLast() else { return body(&pending) }
        defer { pending.append(open) }
        return body(&pending)
    }

    /// `Tags` (VirtualDJ 8) or `Display` (7), `Infos`, `Scan` (8) or `BPM` and `FAME` (7), and
    /// `Comment`; the first of each kind counts.
    private func readChild(_ name: XMLName, _ attributes: XMLAttributes) {
        guard let child = childNames.value(of: name, orMake: Child.init(name:)), seenChildren & child.bit == 0 else { return }
        seenChildren |= child.bit
        if child == .comment {
            inComment = true
            text.begin()
            return
        }
        for index in 0..<attributes.count {
            let field = fieldNames[child.rawValue].value(of: attributes.name(at: index), orMake: child.field(named:))
            if let field { pending[pending.count - 1].set(field, attributes.value(at: index)) }
        }
    }

    /// The elements of a song that are read.
    private enum Child: Int, CaseIterable {
        case tags, infos, scan, legacyBPM, legacyFAME, comment

        init?(name: XMLName) {
            if name.is("Tags") || name.is("Display") { self = .tags }
            else if name.is("Infos") { self = .infos }
            else if name.is("Scan") { self = .scan }
            else if name.is("BPM") { self = .legacyBPM }
            else if name.is("FAME") { self = .legacyFAME }
            else if name.is("Comment") { self = .comment }
            else { return nil }
        }

        /// Its place in `seenChildren`: VirtualDJ 8's scan and VirtualDJ 7's BPM are one kind.
        var bit: UInt8 {
            switch self {
            case .tags: 1
            case .infos: 2
            case .scan, .legacyBPM: 4
            case .comment: 8
            case .legacyFAME: 16
            }
        }

        /// The field an attribute of this element called `name` is read into, if any.
        func field(named name: XMLName) -> VirtualDJSong.Field? {
            let fields: [(StaticString, VirtualDJSong.Field)] = switch self {
            case .tags: VirtualDJSong.tagFields
            case .infos: VirtualDJSong.infoFields
            case .scan: VirtualDJSong.scanFields
            case .legacyBPM: VirtualDJSong.legacyBPMFields
            case .legacyFAME: VirtualDJSong.legacyFAMEFields
            case .comment: []
            }
            return fields.first { name.is($0.0) }?.1
        }
    }
}
