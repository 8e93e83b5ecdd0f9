import Foundation
import GRDB
import MixtapeCore

/// The `saved_exports` table: one row per `export-playlist --save NAME`. The mapping rules are
/// one BLOB of alternating FROM and TO strings (`StringListCodec`), since any byte may appear
/// in a path.
enum SavedExportStore {
    static func all(in db: Database) throws -> [SavedExport] {
        try Row.fetchAll(db, sql: "SELECT * FROM saved_exports ORDER BY name").compactMap { try savedExport($0) }
    }

    /// Records `saved`, replacing any saved export of the same name; true when one was replaced.
    static func save(_ saved: SavedExport, at time: Timestamp, in db: Database) throws -> Bool {
        let replaced = try Bool.fetchOne(db, sql: "SELECT 1 FROM saved_exports WHERE name = ?",
                                         arguments: [saved.name]) ?? false
        let (kind, source): (String, String) = switch saved.source {
        case .query(let text): ("query", text)
        case .playlist(let reference): ("playlist", reference)
        }
        let mapping = Data(StringListCodec.encode(saved.mapping.flatMap { [$0.from, $0.to] }))
        try db.execute(sql: """
            INSERT OR REPLACE INTO saved_exports
                (name, source_kind, source, format, output, mapping, missing, relative, saved_at, plain_paths)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [saved.name, kind, source, saved.format.rawValue, saved.output, mapping,
                             saved.missing.rawValue, saved.relative, time.rawValue, saved.plainPaths])
        return replaced
    }

    /// Forgets the saved export `name`; false when there was none.
    static func remove(_ name: String, in db: Database) throws -> Bool {
        try db.execute(sql: "DELETE FROM saved_exports WHERE name = ?", arguments: [name])
        return db.changesCount > 0
    }

    /// A row as a value; nil for a row a later version wrote with a kind or format this one
    /// does not know (it is listed by nobody rather than misread). Decoded with throwing
    /// calls, as `doctor` reads damaged indexes too.
    private static func savedExport(_ row: Row) throws -> SavedExport? {
        let text = try row.decode(String.self, forColumn: "source")
        let source: SavedExport.Source
        switch try row.decode(String.self, forColumn: "source_kind") {
        case "query": source = .query(text)
        case "playlist": source = .playlist(text)
        default: return nil
        }
        guard let format = PlaylistFormat(rawValue: try row.decode(String.self, forColumn: "format")),
              let missing = MissingFilePolicy(rawValue: try row.decode(String.self, forColumn: "missing")) else { return nil }
        let parts = StringListCodec.decode(Array(try row.decode(Data.self, forColumn: "mapping")))
        let mapping = stride(from: 0, to: parts.count - 1, by: 2).compactMap { index in
            try? PathMapping.Rule(from: parts[index], to: parts[index + 1])
        }
        return SavedExport(name: try row.decode(String.self, forColumn: "name"), source: source, format: format,
                           output: try row.decode(String.self, forColumn: "output"), mapping: mapping, missing: missing,
                           relative: try row.decode(Bool.self, forColumn: "relative"),
                           // Absent in an index from before v11, which `doctor` reads unmigrated.
                           plainPaths: row.hasColumn("plain_paths") ? try row.decode(Bool.self, forColumn: "plain_paths") : false)
    }
}
