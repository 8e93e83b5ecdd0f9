import MixtapeCore

/// Reads a Serato library: the `database V2` in a `_Serato_` folder (recognised by its `vrsn`
/// record, whatever the file is called), streamed record by record into items handed over in
/// batches, then every crate (`Subcrates/*.crate`) and smart crate (`SmartCrates/*.scrate`)
/// beside it as playlists (`SeratoCrateTree`). The crate files are the source's companions:
/// a change to one re-reads the source.
///
/// Bounded: memory is a read chunk, the record being read (at most
/// `SeratoRecordStream.maxRecordLength`), one batch of tracks and a hash per track, whatever
/// the file's size. Any record that does not fit is a `MalformedSourceError` at its byte offset
/// in the file at fault (the database or a crate): exit 65, the index untouched.
///
/// Fields and ids: `SeratoTrack`; paths: `SeratoDriveRoot`; values: `SeratoValues`.
public struct SeratoLibraryReader: Sendable {
    /// Tracks per `onUnmapped` call. The reading thread goes over a batch three times (the
    /// records into tracks, the tracks into items, the items' fingerprints and sort keys), so a
    /// batch is kept small enough to stay in a core's cache meanwhile: 128 tracks are some
    /// 200 KB. With 1,024 (a megabyte and a half) a 100,000-track database took 7 to 15% longer.
    static let batchSize = 128

    /// Absolute path of the `database V2`; used for messages and `MediaItem.source`.
    public let path: String

    /// A reader for the database at `path` (nothing is opened until `read`).
    public init(path: String) { self.path = path }

    /// The crate and smart crate files read with the database at `path`.
    public static func crateFiles(besides path: String) -> [String] {
        SeratoCrate.files(besides: path).map(\.path)
    }

    /// The folders whose crate files are read with the database at `path` (they may not exist).
    public static func crateFolders(besides path: String) -> [String] {
        let serato = FolderPath.parent(of: path)
        return [FolderPath.join(serato, "Subcrates"), FolderPath.join(serato, "SmartCrates")]
    }

    /// Streams the database, handing items to `onItems` in batches in file order, then reads
    /// the crates. Throws `MalformedSourceError` at a byte offset for a malformed database or
    /// crate, `SourceReadError` when one cannot be read; errors from `onItems` propagate.
    public func read(onItems: ([MediaItem]) throws -> Void) throws -> LibraryReadSummary {
        try read(onUnmapped: { try onItems($0.items()) })
    }

    /// `read(onItems:)`, each batch handed over before its tracks are mapped to items, so the
    /// caller maps them on a thread of its choosing.
    public func read(onUnmapped: (UnmappedItems) throws -> Void) throws -> LibraryReadSummary {
        let database = SeratoDatabase(source: path, root: SeratoDriveRoot.root(ofDatabase: path))
        let stream = try Self.stream(path)
        defer { stream.close() }
        try database.read(stream.records) {
            if database.pending.count >= Self.batchSize { try onUnmapped(Self.take(database)) }
        }
        if !database.pending.isEmpty { try onUnmapped(Self.take(database)) }
        var crates: [SeratoCrate] = []
        for file in SeratoCrate.files(besides: path) {
            let crateStream = try Self.stream(file.path)
            defer { crateStream.close() }
            crates.append(try SeratoCrate.read(file, from: crateStream.records))
        }
        return Self.summary(database, crates, databaseHash: stream.records.content.hexDigest)
    }

    /// Reads a database and its crates held in memory through the same path, for tests and
    /// fuzzing; `name` stands in for the database's path in messages and `source`, `root` for
    /// the drive root its paths are relative to.
    public static func read(bytes: [UInt8], crates: [(name: String, isSmart: Bool, bytes: [UInt8])] = [], name: String,
                            root: String = "/") throws -> (items: [MediaItem], summary: LibraryReadSummary) {
        let database = SeratoDatabase(source: name, root: root)
        var items: [MediaItem] = []
        let stream = SeratoRecordStream(file: name, bytes: bytes)
        try database.read(stream) { items += take(database).items() }
        items += take(database).items()
        let files = crates.map { crate in
            SeratoCrate.File(path: FolderPath.join(FolderPath.join(FolderPath.parent(of: name),
                                                                   crate.isSmart ? "SmartCrates" : "Subcrates"), crate.name),
                             isSmart: crate.isSmart, components: SeratoCrate.components(ofFileName: crate.name))
        }
        let read = try zip(files, crates).map { file, crate in
            try SeratoCrate.read(file, from: SeratoRecordStream(file: file.path, bytes: crate.bytes))
        }
        let ordered = read.sorted { a, b in
            a.file.isSmart != b.file.isSmart ? !a.file.isSmart : SeratoCrate.precedes(a.file.components, b.file.components)
        }
        return (items, summary(database, ordered, databaseHash: stream.content.hexDigest))
    }

    /// An open file and the record stream over it.
    private final class FileStream {
        let file: SourceFile
        let records: SeratoRecordStream

        init(_ file: SourceFile) {
            self.file = file
            records = SeratoRecordStream(file: file.path) { try file.readChunk(into: $0) }
        }

        func close() { file.closeFile() }
    }

    private static func stream(_ path: String) throws -> FileStream {
        FileStream(try SourceFile(path: path))
    }

    private static func take(_ database: SeratoDatabase) -> UnmappedItems {
        UnmappedItems(taking: &database.pending) { [source = database.source, root = database.root] in
            $0.item(source: source, root: root)
        }
    }

    private static func summary(_ database: SeratoDatabase, _ crates: [SeratoCrate], databaseHash: String) -> LibraryReadSummary {
        let (playlists, warnings) = SeratoCrateTree.playlists(crates, source: database.source, database: database)
        var fingerprint = StableHash()
        fingerprint.combine(databaseHash)
        for crate in crates {
            fingerprint.combine(FolderPath.name(of: crate.file.path))
            fingerprint.combine(crate.fingerprint)
        }
        return LibraryReadSummary(playlists: playlists, warnings: database.warnings + warnings,
                                  trackCount: database.known.count, applicationVersion: database.applicationVersion,
                                  contentFingerprint: fingerprint.hexDigest)
    }
}
