import Foundation
import MixtapeCore
import MixtapeStore

/// The `export-playlist` use case (spec/cli.md): items chosen by identity (the selection, a
/// query or an indexed playlist) become a playlist file whose paths work on the machine that
/// plays it: Locations mapped by `--map-prefix`, optionally made relative, checked for
/// existence, and written atomically.
public struct ExportPlaylist: Sendable {
    /// Where the entries come from (shared with `play`).
    public typealias Source = EntryChoice.Source

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
        /// Listed entries that are here but are not regular files (a device, a FIFO, a kernel
        /// file): kept, since an export lists names, with a warning, since a player would hang
        /// on them (`play` leaves them out).
        public var notFiles: [(path: String, kind: FileKind)] = []
        /// Cue tracks listed as their whole file, by a format with no start and stop (PLS).
        public var wholeFileTracks = 0
    }

    /// What an export reads from the index (the choice's snapshot).
    typealias Snapshot = EntryChoice.Snapshot

    /// Builds the playlist; throws `ExportError.missingFiles` under `--missing fail`.
    public func run() throws -> Outcome {
        try run(in: snapshot())
    }

    /// A snapshot of the index that reads what this export's format writes.
    func snapshot() throws -> Snapshot {
        try Snapshot(LibraryQueries(libraryPath: libraryPath), fields: format.itemFields)
    }

    /// The choosing of the entries, which `play` shares.
    var choice: EntryChoice {
        var choice = EntryChoice(libraryPath: libraryPath, now: now)
        choice.source = source
        choice.mapping = mapping
        choice.missing = missing
        choice.entriesHoldItems = format.readsItems
        return choice
    }

    func run(in snapshot: Snapshot) throws -> Outcome {
        try snapshot.prepare([choice])
        return try finish(choice.choose(in: snapshot))
    }

    /// The playlist of the entries chosen: paths made relative where asked, written in the
    /// format; throws `ExportError.missingFiles` under `--missing fail`.
    func finish(_ chosen: EntryChoice.Chosen) throws -> Outcome {
        var chosen = chosen
        if missing == .fail, !chosen.missingFiles.isEmpty {
            throw ExportError.missingFiles(chosen.missingFiles)
        }
        var outcome = Outcome(name: chosen.name, bytes: [])
        outcome.goneFromIndex = chosen.goneFromIndex
        outcome.withoutLocation = chosen.withoutLocation
        outcome.missingFiles = chosen.missingFiles
        outcome.notFiles = chosen.notFiles
        // Changed in place: a copy of each entry retained every string it holds.
        for index in chosen.entries.indices {
            // A path VLC needs as a URI stays absolute (and is written as a `file://` URI):
            // mpv and MPD read a relative line literally and VLC as a URI reference, so no
            // relative form of it opens in both (with `--plain-paths` it is written plain anyway).
            let path = chosen.entries[index].path
            if let relativeTo, !PlayablePath.isURL(path), PlayerPath.mayBeRelative(path, plain: plainPaths) {
                chosen.entries[index].path = RelativePath.make(path: path, relativeTo: relativeTo)
            }
            chosen.entries[index].plainPath = plainPaths
        }
        let entries = chosen.entries
        let written = format.write(name: chosen.name, entries: entries)
        outcome.bytes = written.bytes
        outcome.entries = entries.count - written.skipped.count
        outcome.unwritable = written.skipped.count
        if !format.writesRanges { outcome.wholeFileTracks = entries.count(where: \.isRange) }
        return outcome
    }
}

/// Why an export stopped.
public enum ExportError: Error, Sendable {
    /// `--missing fail` and these mapped paths do not exist.
    case missingFiles([String])
    /// No playlist has that name, path or id; close names offered.
    case noPlaylist(String, suggestions: [String])
    /// Several playlists share the name or path (in one source or several): each of them.
    case ambiguousPlaylist(String, candidates: [PlaylistCandidate])
}

extension ExportPlaylist {
    /// Writes the playlist to `path` atomically (exit 73 territory when it cannot).
    public func write(to path: String) throws -> Outcome {
        try write(to: path, in: snapshot())
    }

    func write(to path: String, in snapshot: Snapshot) throws -> Outcome {
        let outcome = try run(in: snapshot)
        try AtomicFile.write(outcome.bytes, to: path)
        return outcome
    }

    /// `--all-playlists DIR`: every playlist of the index, folders mirrored as subfolders. The
    /// library's master playlist and iTunes' own (Music, Movies, Podcasts…) are skipped unless
    /// `includeSpecial`; smart playlists are written with the members the export listed.
    /// When playlists come from more than one source, each source gets a folder of its own
    /// (`SourceFolderNames`), so every source's `Recently Played` keeps its name.
    public func writeAll(into folder: String, includeSpecial: Bool) throws -> [(path: String, outcome: Outcome)] {
        var results: [(String, Outcome)] = []
        var used: Set<String> = []
        let snapshot = try snapshot()
        try snapshot.loadAll()
        let chosen = try snapshot.playlists().filter { playlist, _ in
            !playlist.isFolder && (includeSpecial || !(playlist.isMaster || playlist.distinguishedKind != nil))
        }
        let sourceFolders = SourceFolderNames(sources: chosen.map { SourceFolderNames.source(of: $0.playlist) })
        for (playlist, path) in chosen {
            // Two playlists with one folder path must not overwrite each other: later ones are
            // numbered, in file order (`Mix.m3u8`, `Mix (2).m3u8`).
            let sourceFolder = sourceFolders.folder(for: SourceFolderNames.source(of: playlist)).map { "/" + $0 } ?? ""
            let base = folder + sourceFolder + "/" + ExportPlaylist.fileName(forPlaylistPath: path)
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
