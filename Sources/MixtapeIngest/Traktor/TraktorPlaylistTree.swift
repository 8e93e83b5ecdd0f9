import MixtapeCore

/// The `PLAYLISTS` node tree as it streams by: folders, playlists and smart lists in document
/// order, each playlist's PRIMARYKEY entries kept as written. Entries are resolved to item ids
/// only at the end (`playlists(known:source:)`), so a playlist may name a track the file lists
/// later, and keys that name no track are counted, not guessed.
struct TraktorPlaylistTree: Sendable {
    /// One `NODE`.
    struct Node: Sendable {
        var name: String
        var type: String
        var parent: Int?
        var path: String
        var uuid: String?
        /// A smart list's SEARCH_EXPRESSION QUERY as written.
        var expression: String?
        /// (PRIMARYKEY TYPE, KEY) in order, repeats kept.
        var entries: [(type: String, key: String)] = []
    }

    private(set) var nodes: [Node] = []
    /// Open NODE elements: an index into `nodes`, or nil for the hidden `$ROOT` folder.
    private var open: [Int?] = []

    /// The innermost open node that is listed (not `$ROOT`).
    var current: Int? { open.last ?? nil }

    /// A `NODE` starts. The top-level `$ROOT` folder, which Traktor never shows, is not listed:
    /// its children are at the top level.
    mutating func openNode(name: String, type: String) {
        if open.isEmpty, name == "$ROOT" {
            open.append(nil)
            return
        }
        let parent = open.last(where: { $0 != nil }) ?? nil
        let escaped = PlaylistPath.escape(name)
        let path = parent.map { nodes[$0].path + "/" + escaped } ?? escaped
        nodes.append(Node(name: name, type: type, parent: parent, path: path))
        open.append(nodes.count - 1)
    }

    /// A `NODE` ends.
    mutating func closeNode() { _ = open.popLast() }

    /// The UUID of the innermost node's `PLAYLIST` or `SMARTLIST`.
    mutating func setUUID(_ uuid: String) {
        guard let index = current, !uuid.isEmpty else { return }
        nodes[index].uuid = uuid
    }

    /// The search expression of the innermost node's `SMARTLIST`.
    mutating func setExpression(_ expression: String) {
        guard let index = current else { return }
        nodes[index].expression = expression
    }

    /// A `PRIMARYKEY` inside the innermost node's `PLAYLIST`.
    mutating func addEntry(type: String, key: String) {
        guard let index = current else { return }
        nodes[index].entries.append((type, key))
    }

    /// The playlists, ids assigned and entries resolved: `traktor-playlist:` + the UUID as
    /// written, else + the path; a repeated id gets `#2`, `#3`, ... in document order. Only
    /// `TYPE="TRACK"` keys naming a known item (`known`: the hashes of the ids read) become
    /// items; the rest (a missing track, a Remix Set) count in `missing`. A smart list carries
    /// its search expression translated (`TraktorSmartList`) as a rule Mixtape evaluates, or no
    /// query and a warning.
    func playlists(known: Set<UInt64>, source: String) -> (playlists: [Playlist], warnings: [IndexWarning]) {
        var counts: [String: Int] = [:]
        var ids: [PlaylistID] = []
        for node in nodes {
            let base = node.uuid ?? node.path
            let count = (counts[base] ?? 0) + 1
            counts[base] = count
            ids.append(PlaylistID(rawValue: "traktor-playlist:" + base + (count > 1 ? "#\(count)" : "")))
        }
        var warnings: [IndexWarning] = []
        let playlists = nodes.indices.map { index in
            let node = nodes[index]
            var playlist = Playlist(id: ids[index], name: node.name)
            playlist.parentID = node.parent.map { ids[$0] }
            playlist.isFolder = node.type == "FOLDER"
            playlist.isSmart = node.type == "SMARTLIST"
            playlist.source = source
            for entry in node.entries {
                let identity = TraktorEntry.identity(primaryKey: entry.key)
                if entry.type == "TRACK", known.contains(identity.hash) {
                    playlist.items.append(identity.id)
                } else {
                    playlist.missing += 1
                }
            }
            if playlist.isSmart {
                switch TraktorSmartList.translate(node.expression ?? "") {
                case .success(let query):
                    playlist.rule = SmartRule(query: query)
                case .failure(let untranslated):
                    playlist.rule = SmartRule(query: nil)
                    warnings.append(IndexWarning(position: nil, message: "\(source): smart list '\(node.path)': "
                        + "the condition `\(untranslated.condition)` has no translation; listed with no items"))
                }
            }
            return playlist
        }
        return (playlists, warnings)
    }
}
