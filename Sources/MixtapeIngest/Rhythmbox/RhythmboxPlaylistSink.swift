import MixtapeCore

/// The state machine over playlists.xml: `<rhythmdb-playlists>` (depth 1), `<playlist
/// name="…" type="static|automatic|queue" …>` (depth 2), then either `<location>` entries (a
/// static playlist, and the queue) or one `<conjunction>` of criteria, nested through
/// `<subquery>` (an automatic playlist).
///
/// - static playlists keep their order and repeats; a location that names no item (a file no
///   longer in the database, a radio station) stays in its place as an unresolved entry, which
///   an export writes (`--missing` decides), and is counted in `missing`
///   (`playlists(knowing:)`, once the database has been read: the playlists file is read first);
/// - automatic playlists become smart playlists with a `SmartRule` (`RhythmboxSmartRule`);
/// - the play queue is not listed: it is a transient list, and its name changes with its
///   length (`Play Queue (3)`), so it would be a new playlist after every song.
///
/// A playlist's id is `rhythmbox-playlist:` + a hash of its name (of the name and its rank
/// for a second playlist of the same name): Rhythmbox keeps no other identity for it.
final class RhythmboxPlaylistSink: XMLEventSink {
    let source: String
    /// Every playlist read, each static one with all its entries (`playlists(knowing:)` drops
    /// those that name no item).
    private(set) var playlists: [Playlist] = []
    /// The hash of each entry's location (`RhythmboxEntry.identity(forKey:)`), a list per
    /// playlist, what `playlists(knowing:)` checks against the database's items.
    private var entryHashes: [[UInt64]] = []
    private var currentHashes: [UInt64] = []
    /// The decoded location of each entry, a list per playlist, for the ones that name no item.
    private var entryLocations: [[String]] = []
    private var currentLocations: [String] = []
    private(set) var warnings: [IndexWarning] = []

    private var current: Playlist?
    private var kind = ""
    private var attributes: [String: String] = [:]
    private var position: SourcePosition?
    private var namesSeen: [String: Int] = [:]
    /// Open conjunctions, innermost last; `criteria` is the top-level one once closed.
    private var conjunctions: [[RhythmboxCriterion]] = []
    private var criteria: [RhythmboxCriterion] = []
    private var condition: (relation: String, property: String)?
    private var readingLocation = false
    private var text = XMLTextBuffer()

    init(source: String) {
        self.source = source
    }

    /// The playlists, each static one's entries items where they name an item of the
    /// database (whose hashes are `known`), the others unresolved entries in their places.
    func playlists(knowing known: Set<UInt64>) -> [Playlist] {
        zip(playlists, zip(entryHashes, entryLocations)).map { playlist, entries in
            let (hashes, locations) = entries
            guard !hashes.isEmpty else { return playlist }
            var resolved = playlist
            resolved.items = []
            for (position, (id, hash)) in zip(playlist.items, hashes).enumerated() {
                if known.contains(hash) {
                    resolved.items.append(id)
                } else {
                    resolved.unresolved.append(UnresolvedEntry(position: position, location: locations[position]))
                }
            }
            resolved.missing += resolved.unresolved.count
            return resolved
        }
    }

    func startElement(_ name: XMLName, attributes: XMLAttributes, depth: Int, context: XMLEventContext) {
        if depth == 1 {
            guard name.is("rhythmdb-playlists") else {
                return context.fail("the root element is <\(name.string)>, not <rhythmdb-playlists>")
            }
            return
        }
        if depth == 2 {
            return name.is("playlist") ? open(attributes, context: context) : ()
        }
        guard current != nil else { return }
        if kind == "static", depth == 3, name.is("location") {
            readingLocation = true
            text.begin()
        } else if kind == "automatic" {
            criterion(starting: name, attributes: attributes)
        }
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>, context: XMLEventContext) {
        text.append(bytes)
    }

    func endElement(_ name: XMLName, depth: Int, context: XMLEventContext) {
        if depth == 2 {
            close()
        } else if readingLocation {
            readingLocation = false
            // Decoded as the database's locations are, so a Latin-1 name matches its entry.
            entry(LocationDecoder.decode(text.take(), keepingBytes: true))
        } else if kind == "automatic" {
            criterion(ending: name)
        }
    }

    private func open(_ element: XMLAttributes, context: XMLEventContext) {
        kind = element["type"]?.string ?? ""
        guard kind == "static" || kind == "automatic" else { return }
        attributes = [:]
        for index in 0..<element.count {
            attributes[element.name(at: index).string] = element.value(at: index).string
        }
        let name = attributes["name"] ?? ""
        let rank = namesSeen[name, default: 0] + 1
        namesSeen[name] = rank
        var hash = StableHash()
        hash.combine(rank == 1 ? name : name + "\n" + String(rank))
        var playlist = Playlist(id: PlaylistID(rawValue: "rhythmbox-playlist:" + hash.hexDigest), name: name)
        playlist.source = source
        playlist.isSmart = kind == "automatic"
        current = playlist
        position = context.position
        currentHashes = []
        currentLocations = []
        conjunctions = []
        criteria = []
    }

    private func entry(_ location: String) {
        let (id, hash) = RhythmboxEntry.identity(forKey: location)
        current?.items.append(id)
        currentHashes.append(hash)
        currentLocations.append(location)
    }

    private func criterion(starting name: XMLName, attributes: XMLAttributes) {
        if name.is("conjunction") {
            conjunctions.append([])
        } else if name.is("disjunction") {
            if !conjunctions.isEmpty { conjunctions[conjunctions.count - 1].append(.disjunction) }
        } else if !name.is("subquery"), !conjunctions.isEmpty {
            condition = (name.string, attributes["prop"]?.string ?? "")
            text.begin()
        }
    }

    private func criterion(ending name: XMLName) {
        if name.is("conjunction") {
            guard let finished = conjunctions.popLast() else { return }
            if conjunctions.isEmpty {
                criteria = finished
            } else {
                conjunctions[conjunctions.count - 1].append(.subquery(finished))
            }
        } else if let open = condition {
            condition = nil
            let value = text.take()
            if !conjunctions.isEmpty {
                conjunctions[conjunctions.count - 1].append(.condition(relation: open.relation, property: open.property,
                                                                       value: value))
            }
        }
    }

    private func close() {
        guard var playlist = current else { return }
        current = nil
        if playlist.isSmart {
            let built = RhythmboxSmartRule.rule(criteria: criteria, attributes: attributes)
            playlist.rule = built.rule
            if let problem = built.problem {
                warnings.append(IndexWarning(position: position, message:
                    "automatic playlist \"\(playlist.name)\": \(problem.condition) has no translation "
                    + "(\(problem.reason)); it is listed with no items"))
            }
        }
        playlists.append(playlist)
        entryHashes.append(currentHashes)
        entryLocations.append(currentLocations)
    }
}
