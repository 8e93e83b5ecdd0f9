import MixtapeCore

/// The state machine over a VirtualDJ database's SAX events: `<VirtualDJ_Database Version>`
/// (depth 1), `<Song FilePath FileSize>` (depth 2), its children (depth 3: attributes, and the
/// text of `<Comment>`). A song is complete when its end tag arrives and waits, with its id, in
/// `pending` for the reader to hand it on. The database has no playlists.
final class VirtualDJSink: XMLEventSink {
    let source: String
    /// Songs not yet handed to the caller, with their ids.
    var pending: [VirtualDJSong] = []
    /// The hash of every item id delivered, to notice a path listed twice.
    private(set) var known: Set<UInt64> = []
    private(set) var warnings: [IndexWarning] = []
    /// The root's `Version` (`8.5`, `2025`; VirtualDJ 7: `700`).
    private(set) var version: String?

    private var legacy = false
    /// The song being read, between its start and end tags.
    private var song: VirtualDJSong?
    /// Which of tags, infos, scan (or BPM), comment and FAME the song has had (bits 0–4):
    /// only the first of each counts.
    private var seenChildren: UInt8 = 0
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
            song = VirtualDJSong(filePath: path.string, fileSize: attributes["FileSize"]?.integer, legacy: legacy)
            seenChildren = 0
        case 3 where song != nil:
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
            if comment.contains(where: { !$0.isWhitespace }) { song?.comment = comment }
        } else if depth == 2, var finished = song.take() {
            let (id, hash) = finished.identity
            guard known.insert(hash).inserted else {
                warnings.append(IndexWarning(position: context.position,
                                             message: "\(finished.filePath) is listed twice; the first song is kept"))
                return
            }
            finished.id = id
            pending.append(finished)
        }
    }

    /// `Tags` (VirtualDJ 8) or `Display` (7), `Infos`, `Scan` (8) or `BPM` and `FAME` (7), and
    /// `Comment`; the first of each kind counts.
    private func readChild(_ name: XMLName, _ attributes: XMLAttributes) {
        let child: UInt8
        let fields: [(StaticString, VirtualDJSong.Field)]
        if name.is("Tags") || name.is("Display") { (child, fields) = (1, VirtualDJSong.tagFields) }
        else if name.is("Infos") { (child, fields) = (2, VirtualDJSong.infoFields) }
        else if name.is("Scan") { (child, fields) = (4, VirtualDJSong.scanFields) }
        else if name.is("BPM") { (child, fields) = (4, VirtualDJSong.legacyBPMFields) }
        else if name.is("FAME") { (child, fields) = (16, VirtualDJSong.legacyFAMEFields) }
        else if name.is("Comment") { (child, fields) = (8, []) }
        else { return }
        guard seenChildren & child == 0 else { return }
        seenChildren |= child
        if child == 8 {
            inComment = true
            text.begin()
            return
        }
        for index in 0..<attributes.count {
            let attribute = attributes.name(at: index)
            for (wanted, field) in fields where attribute.is(wanted) {
                song?.set(field, attributes.value(at: index))
                break
            }
        }
    }
}
