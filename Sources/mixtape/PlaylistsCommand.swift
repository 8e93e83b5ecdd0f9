import ArgumentParser
import MixtapeApp
import MixtapeCore

/// `mixtape playlists`: the playlists of every indexed export, as a folder tree.
struct PlaylistsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playlists",
        abstract: "List the playlists found in indexed library exports, as a tree.")

    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: RecordOutputOptions

    func run() throws {
        let playlists = try LibraryQueries(libraryPath: libraryOptions.libraryPath).playlists()
        let writer = RecordWriter()
        if output.json {
            for (playlist, path) in playlists {
                writer.write(PlaylistsCommand.json(playlist, path: path), terminator: output.terminator)
            }
        } else {
            for line in PlaylistTree.lines(playlists) { writer.write(line, terminator: output.terminator) }
        }
        writer.flush()
    }

    static func json(_ playlist: Playlist, path: String) -> String {
        var writer = JSONObjectWriter()
        writer.add("id", string: playlist.id.rawValue)
        writer.add("name", string: playlist.name)
        writer.add("parent_id", string: playlist.parentID?.rawValue)
        writer.add("path", string: path)
        writer.add("folder", bool: playlist.isFolder)
        writer.add("smart", bool: playlist.isSmart)
        writer.add("master", bool: playlist.isMaster)
        writer.add("distinguished_kind", int: playlist.distinguishedKind)
        writer.add("items", strings: playlist.items.map(\.rawValue))
        writer.add("missing", int: Int64(playlist.missing))
        writer.add("source", string: playlist.source)
        if let file = playlist.file { writer.add("file", string: file) }
        if let rule = playlist.rule {
            // A smart playlist Mixtape evaluates: the query it became (null: no translation),
            // and the order and limit it keeps (extra keys).
            writer.add("query", string: rule.query)
            if let sort = rule.sort { writer.add("query_sort", string: sort) }
            if let limit = rule.limit { writer.add("query_limit", string: limit.text) }
        }
        return writer.result
    }
}

/// The human tree: one heading per source, folders end in `/`, children indented under their
/// folder in file order, each playlist with its entry count.
enum PlaylistTree {
    static func lines(_ playlists: [(playlist: Playlist, path: String)]) -> [String] {
        var lines: [String] = []
        var sources: [String] = []
        var bySource: [String: [Playlist]] = [:]
        for (playlist, _) in playlists {
            let source = playlist.source ?? ""
            if bySource[source] == nil { sources.append(source) }
            bySource[source, default: []].append(playlist)
        }
        for source in sources {
            let group = bySource[source] ?? []
            if sources.count > 1 { lines.append(source) }
            let known = Set(group.map(\.id))
            var children: [PlaylistID?: [Playlist]] = [:]
            for playlist in group {
                let parent = playlist.parentID.flatMap { known.contains($0) ? $0 : nil }
                children[parent, default: []].append(playlist)
            }
            var visited: Set<PlaylistID> = []
            func walk(_ parent: PlaylistID?, depth: Int) {
                for playlist in children[parent] ?? [] where visited.insert(playlist.id).inserted {
                    lines.append(String(repeating: "  ", count: depth + (sources.count > 1 ? 1 : 0))
                                 + label(playlist))
                    if playlist.isFolder { walk(playlist.id, depth: depth + 1) }
                }
            }
            walk(nil, depth: 0)
        }
        return lines
    }

    /// `smart`, or for one Mixtape evaluates, the query it runs (or that it has none).
    private static func smartNote(_ rule: SmartRule?) -> String {
        guard let rule else { return "smart" }
        guard let query = rule.query else { return "smart, conditions not translated" }
        return query.isEmpty ? "smart: every item" : "smart: " + query
    }

    private static func label(_ playlist: Playlist) -> String {
        if playlist.isFolder { return playlist.name + "/" }
        var notes = [playlist.items.count.counted("item")]
        if playlist.isSmart { notes.append(smartNote(playlist.rule)) }
        if playlist.isMaster { notes.append("library") }
        if playlist.missing > 0 { notes.append("\(playlist.missing) missing") }
        return "\(playlist.name)  (\(notes.joined(separator: ", ")))"
    }
}
