/// Relocation for playlist files (spec/sources.md, "Where the files are now": every entry of
/// every playlist file): an `.m3u` written on another computer names `D:/Music/Abba/Gold/01.mp3`,
/// which no item's path is. The entries the path rules left unsettled are relocated per source
/// as an export's are (`Relocator`: prefix rules the entries elect, then the only file of its
/// name and length), among the files the indexed items have here, since an entry names an
/// item, never a file the index does not hold. An entry placed on a file is that file's item
/// (or the tracks of its cue sheet, in order); two equally good files are ambiguous, never
/// guessed.
///
/// Built in steps like `PlaylistResolver`, so memory follows the entries, not the library:
/// `init` is told what the path rules settled; `offer` is called once per item with a file
/// here and keeps it only when an unsettled entry has its name; `relocate` places the entries;
/// `relocations` says per source what became of every entry, once the last rule (artist and
/// title) has had its turn.
public struct PlaylistRelocation {
    /// What relocation made of one source's entries: the counts `sources --json` shows and
    /// the ambiguous entries `doctor` lists with their candidates.
    public struct Outcome: Sendable {
        public var relocation = Relocation()
        public var ambiguous: [(path: String, candidates: [String])] = []
    }

    /// Each source's unsettled paths (each once, by bytes) and how many entries name each.
    private var open: [String: [Relocator.Entry]] = [:]
    private let wantedNames: Set<String>
    /// The items the path rules settled entries on, and those of them with a file here.
    private let settledItems: Set<ItemID>
    private var settledHere: Set<ItemID> = []
    private var files: [LocalFile] = []
    private var itemsAt: [ExactPath: [PlaylistResolver.Candidate]] = [:]
    /// Where each source's open entries were placed, by path.
    private var placements: [String: [ExactPath: Placement]] = [:]
    private var rules: [String: [RelocationRule]] = [:]
    private let sources: [String]
    private let records: [PlaylistFileRecord]
    private let settled: [[[ItemID]]]
    /// What each entry resolved to once relocation placed what it could.
    private var relocated: [[[ItemID]]]

    /// `records` (each with its source) and what the path rules settled each entry on.
    public init(_ records: [(source: String, record: PlaylistFileRecord)], settled: [[[ItemID]]]) {
        sources = records.map(\.source)
        self.records = records.map(\.record)
        self.settled = settled
        relocated = settled
        var names: Set<String> = []
        var items: Set<ItemID> = []
        var seen: [String: [ExactPath: Int]] = [:]
        for ((source, record), found) in zip(records, settled) {
            for (entry, ids) in zip(record.entries, found) {
                guard ids.isEmpty else { items.formUnion(ids); continue }
                guard case .path(let path) = entry.target else { continue }
                let key = ExactPath(path)
                if let index = seen[source]?[key] {
                    open[source]![index].items += 1
                } else {
                    seen[source, default: [:]][key] = open[source, default: []].count
                    open[source, default: []].append(Relocator.Entry(path: path, size: nil, durationMs: entry.durationMs))
                    names.insert(FoldedPath.name(path))
                }
            }
        }
        wantedNames = names
        settledItems = items
    }

    /// Whether any entry is left for relocation to place.
    public var hasOpenEntries: Bool { !open.isEmpty }

    /// Considers an item whose file is here at `path` (`startMs` set for a cue track).
    public mutating func offer(id: ItemID, path: String, size: Int64?, durationMs: Int64?, startMs: Int64?) {
        if settledItems.contains(id) { settledHere.insert(id) }
        guard !wantedNames.isEmpty, wantedNames.contains(FoldedPath.name(path)) else { return }
        let key = ExactPath(path)
        if itemsAt[key] == nil {
            // A split file is one file whatever its tracks say: the whole image's length.
            files.append(LocalFile(path: path, size: size, durationMs: startMs == nil ? durationMs : nil))
        }
        itemsAt[key, default: []].append(PlaylistResolver.Candidate(id: id, location: path, startMs: startMs))
    }

    /// Places every source's open entries, with the rules a person set for each (`sources
    /// relocate`); returns what each entry resolves to now (the settled ones as they were).
    public mutating func relocate(userRules: [String: [RelocationRule]]) -> [[[ItemID]]] {
        let here = ListedFiles(files)
        files = []
        for (source, entries) in open {
            let relocator = Relocator(userRules: userRules[source] ?? [])
            let (placed, relocation) = relocator.relocate(entries, in: here)
            rules[source] = relocation.rules
            var bySource: [ExactPath: Placement] = [:]
            for (entry, placement) in zip(entries, placed) { bySource[ExactPath(entry.path)] = placement }
            placements[source] = bySource
        }
        var found = settled
        defer { relocated = found }
        for index in records.indices {
            for (position, entry) in records[index].entries.enumerated() where found[index][position].isEmpty {
                guard case .path(let path) = entry.target, let placement = placements[sources[index]]?[ExactPath(path)],
                      let file = placement.path else { continue }
                found[index][position] = items(at: file)
            }
        }
        return found
    }

    /// The item a placed file is, or its cue tracks; none when unrelated items share it.
    private func items(at file: String) -> [ItemID] {
        PlaylistResolver.one(itemsAt[ExactPath(file)] ?? []) ?? []
    }

    /// The items only the artist-and-title rule found: whether each has a file here is asked
    /// of the index once more (`relocations(found:taggedHere:)`), for these few.
    public func foundByTags(_ found: [[[ItemID]]]) -> Set<ItemID> {
        var ids: Set<ItemID> = []
        for (index, record) in records.enumerated() {
            for position in record.entries.indices where relocated[index][position].isEmpty {
                ids.formUnion(found[index][position])
            }
        }
        return ids
    }

    /// What became of each source's path entries, counted per entry (a repeat counts again),
    /// given what every entry resolved to in the end (`found`, after the artist-and-title
    /// rule) and which of the items that rule found have a file here (`taggedHere`): found as
    /// written (the path rules settled it on an item with a file here), by a rule, by name and
    /// length, by artist and title, or missing (an item with no file here is no file found)
    /// or ambiguous, with the ambiguous paths and their candidates.
    public func relocations(found: [[[ItemID]]], taggedHere: Set<ItemID> = []) -> [String: Outcome] {
        var result: [String: Outcome] = [:]
        var listed: Set<ExactPath> = []  // ambiguous paths listed (for their source)
        for index in records.indices {
            let source = sources[index]
            var entry = result[source] ?? Outcome()
            if entry.relocation.rules.isEmpty, let rules = rules[source] {
                entry.relocation.rules = rules
                entry.relocation.foundByRule = Array(repeating: 0, count: rules.count)
            }
            for (position, item) in records[index].entries.enumerated() {
                guard case .path(let path) = item.target else { continue }
                let ids = found[index][position]
                if !settled[index][position].isEmpty {
                    if ids.allSatisfy(settledHere.contains) { entry.relocation.foundAsWritten += 1 } else { entry.relocation.missing += 1 }
                    continue
                }
                let placement = placements[source]?[ExactPath(path)] ?? .missing
                switch placement {
                case .ambiguous(let candidates) where ids.isEmpty:
                    if listed.insert(ExactPath(source + "\u{0}" + path)).inserted { entry.ambiguous.append((path, candidates)) }
                    entry.relocation.ambiguous += 1
                case _ where !relocated[index][position].isEmpty: entry.relocation.count(placement)
                case _ where !ids.isEmpty:
                    if ids.allSatisfy(taggedHere.contains) { entry.relocation.foundByTags += 1 } else { entry.relocation.missing += 1 }
                case .ambiguous, .asWritten, .byRule, .byName:
                    // Placed on a file two unrelated items share: no one item is it.
                    entry.relocation.ambiguous += 1
                    if let file = placement.path, listed.insert(ExactPath(source + "\u{0}" + path)).inserted {
                        entry.ambiguous.append((path, [file]))
                    }
                case .missing: entry.relocation.missing += 1
                }
            }
            result[source] = entry
        }
        return result
    }
}
