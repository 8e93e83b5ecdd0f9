import Foundation
import MixtapeCore
import MixtapeStore

/// The `export-playlist` use case (spec/cli.md): items chosen by identity (the selection, a
/// query or an indexed playlist) become a playlist file whose paths work on the machine that
/// plays it: Locations mapped by `--map-prefix`, optionally made relative, checked for
/// existence, and written atomically.
public struct ExportPlaylist {
    /// Where the entries come from.
    public enum Source: Sendable {
        case selection
        case query(Query)
        /// A playlist name, folder path (`Road Trips/Europe/Iceland 2019`) or id.
        case playlist(String)
    }

    /// What to do with entries whose file does not exist here after mapping.
    public typealias Missing = MissingFilePolicy

    public var libraryPath: String
    public var source: Source = .selection
    public var format: PlaylistFormat = .m3u8
    public var mapping = PathMapping(rules: [])
    /// Write paths relative to this folder (the playlist's), when set.
    public var relativeTo: String?
    public var missing: Missing = .keep
    /// Write every local path plain, never as a `file://` URI (`--plain-paths`: MPD's reading).
    public var plainPaths = false
    public var now: Timestamp

    public init(libraryPath: String, now: Timestamp) {
        self.libraryPath = libraryPath
        self.now = now
    }

    /// What was exported, and what could not be.
    public struct Outcome: Sendable {
        public var name: String
        public var bytes: [UInt8]
        public var entries = 0
        /// Selected ids whose item is no longer in the index.
        public var goneFromIndex: [ItemID] = []
        /// Entries with no Location (cloud-only tracks): nothing to list.
        public var withoutLocation = 0
        /// Mapped paths that do not exist here (kept or skipped per `missing`).
        public var missingFiles: [String] = []
        /// Entries the format cannot hold (a path with a line break).
        public var unwritable = 0
        /// Cue tracks listed as their whole file, by a format with no start and stop (PLS).
        public var wholeFileTracks = 0
    }

    /// What an export reads from the index: loaded once for `--all-playlists`, not once per
    /// playlist.
    struct Snapshot {
        /// Every item with every field, in library order (what a saved query searches).
        var ordered: [MediaItem]
        /// Where each id is in `ordered`: positions, not item copies, so building it moves
        /// 100,000 integers rather than retaining every field of every item.
        var positions: [ItemID: Int] = [:]
        var playlists: [(playlist: Playlist, path: String)]
        var store: LibraryQueries

        init(_ store: LibraryQueries) throws {
            self.store = store
            ordered = try store.items()
            positions.reserveCapacity(ordered.count)
            for (position, item) in ordered.enumerated() { positions[item.id] = position }
            playlists = try store.playlists()
        }

        func item(_ id: ItemID) -> MediaItem? { positions[id].map { ordered[$0] } }
    }

    /// Builds the playlist; throws `ExportError.missingFiles` under `--missing fail`.
    public func run() throws -> Outcome {
        try run(in: Snapshot(LibraryQueries(libraryPath: libraryPath)))
    }

    func run(in snapshot: Snapshot) throws -> Outcome {
        let (name, ids, unresolved) = try resolve(snapshot)
        var outcome = Outcome(name: name, bytes: [])
        var entries: [PlaylistEntry] = []
        let finder = PlayablePath.Finder()
        // Unresolved entries go back to their places among all the playlist's entries.
        var pending = unresolved.sorted { $0.position < $1.position }[...]
        var slot = 0
        for id in ids {
            while let next = pending.first, next.position <= slot {
                pending = pending.dropFirst()
                add(next, to: &entries, outcome: &outcome, finder: finder)
                slot += 1
            }
            slot += 1
            guard let item = snapshot.item(id) else { outcome.goneFromIndex.append(id); continue }
            guard let location = item.location else { outcome.withoutLocation += 1; continue }
            guard var path = place(location, finder: finder, missingFiles: &outcome.missingFiles) else { continue }
            // A path VLC needs as a URI stays absolute (and is written as a `file://` URI):
            // mpv and MPD read a relative line literally and VLC as a URI reference, so no
            // relative form of it opens in both (with `--plain-paths` it is written plain anyway).
            if let relativeTo, !PlayablePath.isURL(path), PlayerPath.mayBeRelative(path, plain: plainPaths) {
                path = RelativePath.make(path: path, relativeTo: relativeTo)
            }
            var entry = PlaylistEntry(item: item, path: path)
            entry.plainPath = plainPaths
            entries.append(entry)
        }
        for entry in pending { add(entry, to: &entries, outcome: &outcome, finder: finder) }
        if missing == .fail, !outcome.missingFiles.isEmpty {
            throw ExportError.missingFiles(outcome.missingFiles)
        }
        let written = format.write(name: name, entries: entries)
        outcome.bytes = written.bytes
        outcome.entries = entries.count - written.skipped.count
        outcome.unwritable = written.skipped.count
        if !format.writesRanges { outcome.wholeFileTracks = entries.count(where: \.isRange) }
        return outcome
    }

    /// An entry of a playlist file that names no indexed item (a stream, a file not here), in
    /// its place: mapped and checked like any other, `--missing` deciding.
    private func add(_ entry: UnresolvedEntry, to entries: inout [PlaylistEntry], outcome: inout Outcome,
                     finder: PlayablePath.Finder) {
        guard var path = place(entry.location, finder: finder, missingFiles: &outcome.missingFiles) else { return }
        if let relativeTo, !PlayablePath.isURL(path), PlayerPath.mayBeRelative(path, plain: plainPaths) {
            path = RelativePath.make(path: path, relativeTo: relativeTo)
        }
        var written = PlaylistEntry(path: path, title: entry.title, artist: entry.artist, durationMs: entry.durationMs)
        written.plainPath = plainPaths
        entries.append(written)
    }

    /// The mapped path of a Location as it exists here, or nil when `--missing skip` drops it.
    private func place(_ location: String, finder: PlayablePath.Finder, missingFiles: inout [String]) -> String? {
        guard !PlayablePath.isURL(location) else { return location }
        let mapped = mapping.map(location)
        if let found = finder.existing(mapped) { return found }
        missingFiles.append(mapped)
        return missing == .skip ? nil : mapped
    }

    /// The playlist's name, its item ids in order (repeats kept), and for a playlist file the
    /// entries that name no item, each with its position among all entries.
    private func resolve(_ snapshot: Snapshot) throws -> (String, [ItemID], [UnresolvedEntry]) {
        switch source {
        case .selection:
            return ("Selection", try LibraryQueries(libraryPath: libraryPath).selection(), [])
        case .query(let query):
            // Over the items the snapshot holds already: one read of the index, not two.
            return ("Search", try SearchItems(libraryPath: libraryPath, query: query, now: now)
                .run(over: snapshot.ordered, store: snapshot.store).ids, [])
        case .playlist(let reference):
            let playlist = try PlaylistLookup.find(reference, in: snapshot.playlists)
            return (playlist.name, playlist.items, playlist.unresolved)
        }
    }
}

/// Why an export stopped.
public enum ExportError: Error, Sendable {
    /// `--missing fail` and these mapped paths do not exist.
    case missingFiles([String])
    /// No playlist has that name, path or id; close names offered.
    case noPlaylist(String, suggestions: [String])
    /// Several playlists share the name; their folder paths tell them apart.
    case ambiguousPlaylist(String, paths: [String])
}

extension ExportPlaylist {
    /// Writes the playlist to `path` atomically (exit 73 territory when it cannot).
    public func write(to path: String) throws -> Outcome {
        try write(to: path, in: Snapshot(LibraryQueries(libraryPath: libraryPath)))
    }

    func write(to path: String, in snapshot: Snapshot) throws -> Outcome {
        let outcome = try run(in: snapshot)
        try AtomicFile.write(outcome.bytes, to: path)
        return outcome
    }

    /// `--all-playlists DIR`: every playlist of the index, folders mirrored as subfolders. The
    /// library's master playlist and iTunes' own (Music, Movies, Podcasts…) are skipped unless
    /// `includeSpecial`; smart playlists are written with the members the export listed.
    public func writeAll(into folder: String, includeSpecial: Bool) throws -> [(path: String, outcome: Outcome)] {
        var results: [(String, Outcome)] = []
        var used: Set<String> = []
        let snapshot = try Snapshot(LibraryQueries(libraryPath: libraryPath))
        for (playlist, path) in snapshot.playlists where !playlist.isFolder {
            if !includeSpecial, playlist.isMaster || playlist.distinguishedKind != nil { continue }
            // Two playlists with one folder path must not overwrite each other: later ones are
            // numbered, in file order (`Mix.m3u8`, `Mix (2).m3u8`).
            let base = folder + "/" + ExportPlaylist.fileName(forPlaylistPath: path)
            var file = base + "." + format.fileExtension, number = 1
            while !used.insert(file).inserted {
                number += 1
                file = base + " (\(number))." + format.fileExtension
            }
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            var one = self
            one.source = .playlist(playlist.id.rawValue)
            if relativeTo != nil { one.relativeTo = (file as NSString).deletingLastPathComponent }
            results.append((file, try one.write(to: file, in: snapshot)))
        }
        return results
    }

    /// A playlist path as a relative file path: folders become folders, and a `/` inside a
    /// name (written `\/` in playlist paths) becomes `∕` (U+2215), which looks the same.
    static func fileName(forPlaylistPath path: String) -> String {
        var components: [String] = [], current = ""
        var escaped = false
        for character in path {
            if escaped { current.append(character == "/" ? "\u{2215}" : character); escaped = false }
            else if character == "\\" { escaped = true }
            else if character == "/" { components.append(current); current = "" }
            else { current.append(character) }
        }
        components.append(current)
        return components.map { $0 == "." || $0 == ".." || $0.isEmpty ? "_" + $0 : $0 }.joined(separator: "/")
    }
}

extension AtomicFile.Failure: CustomStringConvertible {
    var description: String { "cannot write \(path): \(reason)" }
}
