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
        let queries = LibraryQueries(libraryPath: libraryOptions.libraryPath)
        let writer = RecordWriter()
        if output.json {
            for (playlist, path) in try queries.playlists() {
                writer.write(PlaylistsCommand.json(playlist, path: path), terminator: output.terminator)
            }
        } else {
            // The tree needs the folder links, not every playlist's path.
            let playlists = try queries.playlists(entries: true, paths: false).map(\.playlist)
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
/// folder in file order, each playlist with its entry count. Every playlist is shown once: one
/// of a cycle of folders (which an index made before cycles were broken may hold) at the top,
/// and a playlist inside one that is not a folder under it.
enum PlaylistTree {
    /// Levels of indentation at most: a 10,000-deep chain of folders would otherwise print
    /// 100 million spaces. A line deeper than this says its level instead.
    static let deepest = 32

    static func lines(_ playlists: [Playlist]) -> [String] {
        var lines: [String] = []
        var sources: [String] = []
        var bySource: [String: [Playlist]] = [:]
        for playlist in playlists {
            let source = playlist.source ?? ""
            if bySource[source] == nil { sources.append(source) }
            bySource[source, default: []].append(playlist)
        }
        let headed = sources.count > 1
        for source in sources {
            let group = bySource[source] ?? []
            if headed { lines.append(source) }
            let tree = PlaylistParents(group)
            tree.walk(from: tree.roots) { index, depth in
                lines.append(indent(depth + (headed ? 1 : 0)) + label(group[index]))
            }
        }
        return lines
    }

    /// `depth` levels of two spaces, or for a line deeper than `deepest`, that many and its level.
    static func indent(_ depth: Int) -> String {
        let spaces = String(repeating: "  ", count: min(depth, deepest))
        return depth > deepest ? spaces + "(level \(depth)) " : spaces
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
