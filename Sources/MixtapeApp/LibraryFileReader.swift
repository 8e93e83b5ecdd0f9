import MixtapeCore
import MixtapeIngest
import MixtapeStore

/// How one kind of source file (recognised by `SourceSniffer`) is read into the index: the
/// registry `index` and `watch` look a kind up in. A kind with no row here is recognised but not
/// read yet, and says so (exit 65). A new kind is a reader in its own folder of MixtapeIngest
/// and one row of `all`.
struct LibraryFileReader: Sendable {
    /// What a read yields besides the items it streams.
    struct Outcome: Sendable {
        var readout: SourceReadout
        var warnings: [IndexWarning]
    }

    /// How a kind is read: its items streamed (a library), or, for a kind with no items of its
    /// own (foobar2000's playlists), the playlist files' records its playlists are resolved
    /// from, as a playlist file's are (`ResolvePlaylistFiles`).
    enum Reading: Sendable {
        /// Streams the file's items (and playlists a reader completes early) to `emit` in
        /// batches, then returns the rest.
        case items(@Sendable (_ path: String, _ emit: (ReadBatch) throws -> Void) throws -> Outcome)
        case playlistFiles(@Sendable (_ path: String) throws -> PlaylistFilesRead)
    }

    /// How the source is recorded in the index.
    let recordedKind: SourceKind
    /// Files beside the source that are read with it (Rhythmbox's `playlists.xml`): a change to
    /// one is a change to the source, for `index` and for `watch`.
    var companions: @Sendable (_ path: String) -> [String] = { _ in [] }
    /// Folders whose files are companions (Serato's `Subcrates` and `SmartCrates`, foobar2000's
    /// playlists folder): a file written, created, renamed or deleted there is a change to the
    /// source (a new foobar2000 playlist's file appears before its index names it), and the
    /// folders' own modification times join its stamp (a crate renamed changes no file's size
    /// or time).
    var companionFolders: @Sendable (_ path: String) -> [String] = { _ in [] }
    let reading: Reading

    /// A library's reader: `read` streams its items.
    init(recordedKind: SourceKind, companions: @escaping @Sendable (_ path: String) -> [String] = { _ in [] },
         companionFolders: @escaping @Sendable (_ path: String) -> [String] = { _ in [] },
         read: @escaping @Sendable (_ path: String, _ emit: (ReadBatch) throws -> Void) throws -> Outcome) {
        self.recordedKind = recordedKind
        self.companions = companions
        self.companionFolders = companionFolders
        reading = .items(read)
    }

    /// The reader of a kind with no items of its own.
    init(recordedKind: SourceKind, companions: @escaping @Sendable (_ path: String) -> [String],
         companionFolders: @escaping @Sendable (_ path: String) -> [String] = { _ in [] },
         playlistFiles: @escaping @Sendable (_ path: String) throws -> PlaylistFilesRead) {
        self.recordedKind = recordedKind
        self.companions = companions
        self.companionFolders = companionFolders
        reading = .playlistFiles(playlistFiles)
    }

    /// The readers by `ContentKind.id`.
    static let all: [String: LibraryFileReader] = [
        ContentKind.itunes.id: LibraryFileReader(recordedKind: .itunesLibrary) { path, emit in
            let summary = try ITunesLibraryReader(path: path).read(onItems: { try emit(.items($0)) },
                                                                   onPlaylists: { try emit(.playlists($0)) })
            return Outcome(readout: SourceReadout(playlists: summary.playlists,
                                                  contentFingerprint: summary.contentFingerprint,
                                                  applicationVersion: summary.applicationVersion),
                           warnings: summary.warnings)
        },
        ContentKind.rekordbox.id: LibraryFileReader(recordedKind: .rekordbox) { path, emit in
            outcome(try RekordboxLibraryReader(path: path).read(onItems: { try emit(.items($0)) }))
        },
        ContentKind.traktor.id: LibraryFileReader(recordedKind: .traktor) { path, emit in
            outcome(try TraktorLibraryReader(path: path).read(onUnmapped: { try emit(.unmapped($0)) }))
        },
        ContentKind.rhythmbox.id: LibraryFileReader(
            recordedKind: .rhythmbox, companions: { [RhythmboxLibraryReader.playlistsPath(besides: $0)] }
        ) { path, emit in
            outcome(try RhythmboxLibraryReader(path: path).read(onRules: { try emit(.rules($0)) },
                                                                onUnmapped: { try emit(.unmapped($0)) }))
        },
        ContentKind.virtualdj.id: LibraryFileReader(recordedKind: .virtualdj) { path, emit in
            outcome(try VirtualDJLibraryReader(path: path).read(onUnmapped: { try emit(.unmapped($0)) }))
        },
        ContentKind.serato.id: LibraryFileReader(
            recordedKind: .serato, companions: { SeratoLibraryReader.crateFiles(besides: $0) },
            companionFolders: { SeratoLibraryReader.crateFolders(besides: $0) }
        ) { path, emit in
            outcome(try SeratoLibraryReader(path: path).read(onUnmapped: { try emit(.unmapped($0)) }))
        },
        ContentKind.foobar2000.id: LibraryFileReader(
            recordedKind: .foobar2000, companions: { Foobar2000Playlists.companions(of: $0) },
            companionFolders: { [FolderPath.parent(of: $0)] },
            playlistFiles: { try Foobar2000Playlists.read(path: $0) }
        ),
        ContentKind.engine.id: LibraryFileReader(recordedKind: .engine, companions: EngineLibraryReader.companions) { path, emit in
            outcome(try EngineLibraryReader(path: path).read(onUnmapped: { try emit(.unmapped($0)) }))
        },
        ContentKind.strawberry.id: playerDatabase(.strawberry, recorded: .strawberry),
        ContentKind.clementine.id: playerDatabase(.clementine, recorded: .clementine),
    ]

    /// A Strawberry or Clementine database. Its `-wal` file is a companion: a player in WAL
    /// mode writes its changes there first, and the database file itself changes only when
    /// they are checkpointed, so a rating changed in the player shows at once (in `index` and
    /// in `watch`), not minutes later. (In rollback-journal mode, the default of both players,
    /// there is no `-wal` and the database file itself changes.)
    private static func playerDatabase(_ dialect: StrawberryDialect, recorded: SourceKind) -> LibraryFileReader {
        LibraryFileReader(recordedKind: recorded, companions: { [$0 + "-wal"] }) { path, emit in
            outcome(try StrawberryLibraryReader(path: path, dialect: dialect).read(onUnmapped: { try emit(.unmapped($0)) }))
        }
    }

    private static func outcome(_ summary: LibraryReadSummary) -> Outcome {
        Outcome(readout: SourceReadout(playlists: summary.playlists, contentFingerprint: summary.contentFingerprint,
                                       applicationVersion: summary.applicationVersion),
                warnings: summary.warnings)
    }

    /// The reader for `kind`, or the error that refuses it: not a source, or a source this
    /// version does not read yet (both exit 65, at `path:1:1`).
    static func reader(for kind: ContentKind, path: String) throws(MalformedSourceError) -> LibraryFileReader {
        if let reader = all[kind.id] { return reader }
        throw MalformedSourceError(position: SourcePosition(file: path, line: 1, column: 1), reason: kind.refusal)
    }

    /// The reader that records sources as `kind`, if any.
    static func reader(recording kind: SourceKind) -> LibraryFileReader? {
        all.values.first { $0.recordedKind == kind }
    }

    /// The companions of a source recorded as `kind` at `path` (none for most kinds).
    static func companions(of path: String, kind: SourceKind) -> [String] {
        reader(recording: kind)?.companions(path) ?? []
    }

    /// The companion folders of a source recorded as `kind` at `path` (none for most kinds).
    static func companionFolders(of path: String, kind: SourceKind) -> [String] {
        reader(recording: kind)?.companionFolders(path) ?? []
    }

    /// The stamp that tells whether the source changed: the file's own, folded with its
    /// companions' (sizes added, the latest modification time; a missing companion adds
    /// nothing) and its companion folders' times, so rewriting `playlists.xml` alone re-reads a
    /// Rhythmbox database, and adding, renaming or removing a crate a Serato library.
    static func stamp(of path: String, fileStamp: SourceStamp, kind: SourceKind) -> SourceStamp {
        var stamp = fileStamp
        for companion in companions(of: path, kind: kind) {
            guard case .file(let other) = FileFacts.inspect(companion) else { continue }
            stamp.size += other.size
            stamp.modificationTimeNs = max(stamp.modificationTimeNs, other.modificationTimeNs)
        }
        for folder in companionFolders(of: path, kind: kind) {
            guard let time = FileFacts.modificationTimeNs(of: folder) else { continue }
            stamp.modificationTimeNs = max(stamp.modificationTimeNs, time)
        }
        return stamp
    }
}
