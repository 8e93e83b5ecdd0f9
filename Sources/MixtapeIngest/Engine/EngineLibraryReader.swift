import Foundation
import MixtapeCore

/// Reads an Engine DJ / Engine Prime library database (`m.db`; `Database2/m.db` from Engine DJ
/// 2 on) into items, crates and playlists (spec/sources.md), read-only and as hostile input
/// (`ForeignDatabase`): a running Engine is never disturbed, and a damaged or crafted file is a
/// located error (`m.db: table Track, row 12: …`, exit 65), never a crash or a hang.
///
/// Every layout Engine has shipped is read (`EngineSchema`: 1.x `MetaData` tables with crates
/// in their own tables or in one `List` table; 2.x and later `Track` columns with
/// `PlaylistEntity` linked lists). Tracks stream to the caller in batches during one pass over
/// `Track`, so memory holds one batch and a set of track ids, not the library. Fields:
/// `EngineTrack`; lists: `EngineLists`. The performance data (`p.db`, or `PerformanceData` in
/// 4.x: beat grids, cues, waveforms) is not read.
public struct EngineLibraryReader: Sendable {
    /// Items per `onUnmapped` call.
    static let batchSize = 1024
    /// The longest uuid taken as one: Engine writes 36 characters.
    static let longestUUID = 64

    /// Absolute path of the `m.db`; used for messages and `MediaItem.source`.
    public let path: String

    /// A reader for the database at `path` (nothing is opened until `read`).
    public init(path: String) {
        self.path = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The files whose change is a change to the library: the write-ahead log beside the
    /// database, where a running Engine DJ keeps its latest writes until a checkpoint.
    public static func companions(of path: String) -> [String] { [path + "-wal"] }

    /// Reads the database, handing items to `onItems` in batches. Throws `MalformedSourceError`
    /// naming the file and the table (and row) for a database that is not an Engine library or
    /// is damaged; errors from `onItems` propagate.
    public func read(onItems: ([MediaItem]) throws -> Void) throws -> LibraryReadSummary {
        try read(onUnmapped: { try onItems($0.items()) })
    }

    /// `read(onItems:)`, each batch handed over before its rows are mapped to items.
    public func read(onUnmapped: (UnmappedItems) throws -> Void) throws -> LibraryReadSummary {
        let database = try ForeignDatabase(path: path)
        let schema = try EngineSchema.read(database)
        let (uuid, version) = try information(database, schema)
        let folder = EngineValues.libraryFolder(databasePath: path)
        var tracks = Set<Int64>()
        var warnings: [IndexWarning] = []
        var pending: [EngineTrack] = []
        let take = { (pending: inout [EngineTrack]) in
            UnmappedItems(taking: &pending) { [path] in $0.item(uuid: uuid, source: path, libraryFolder: folder) }
        }
        var row = 0
        do {
            try database.rows(EngineTrack.query(schema)) { found in
                row += 1
                guard let track = EngineTrack(row: found, family: schema.family) else { return }
                guard tracks.insert(track.id).inserted else {
                    warnings.append(warning("table Track, row \(row): track id \(track.id) is listed twice; the first is kept"))
                    return
                }
                pending.append(track)
                if pending.count >= Self.batchSize { try onUnmapped(take(&pending)) }
            }
        } catch let error as MalformedSourceError where error.position.file == path {
            throw MalformedSourceError(position: error.position, reason: "table Track, row \(row + 1): \(error.reason)")
        }
        if !pending.isEmpty { try onUnmapped(take(&pending)) }
        var lists = EngineLists(database: database, schema: schema, uuid: uuid, source: path, tracks: tracks)
        let playlists = try lists.read()
        return LibraryReadSummary(playlists: playlists, warnings: warnings + lists.warnings, trackCount: tracks.count,
                                  applicationVersion: version)
    }

    /// The database's uuid (lower-cased: the ids are made of it) and a version line from its
    /// first `Information` row.
    private func information(_ database: ForeignDatabase, _ schema: EngineSchema) throws -> (uuid: String, version: String) {
        var found: (uuid: String?, version: String)?
        let parts = ["schemaVersionMajor", "schemaVersionMinor", "schemaVersionPatch"].map {
            schema.column($0, of: "Information")
        }
        do {
            try database.rows("SELECT uuid, " + parts.joined(separator: ", ") + " FROM Information LIMIT 1") { row in
                let version = (1...3).map { row.integer($0).map(String.init) ?? "?" }.joined(separator: ".")
                found = (row.text(0), version)
            }
        } catch let error as MalformedSourceError {
            throw MalformedSourceError(position: error.position, reason: "table Information: \(error.reason)")
        }
        guard let found else { throw EngineSchema.error(database, "table Information has no row: the library has no uuid") }
        guard let uuid = found.uuid?.trimmingBlanks.lowercased(), !uuid.isEmpty, uuid.utf8.count <= Self.longestUUID,
              uuid.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7a) })
        else {
            throw EngineSchema.error(database, "table Information, row 1: the uuid is missing or not a uuid")
        }
        return (uuid, "Engine (database schema \(found.version))")
    }

    private func warning(_ message: String) -> IndexWarning {
        IndexWarning(position: SourcePosition(file: path, line: 0, column: 0), message: message)
    }
}
