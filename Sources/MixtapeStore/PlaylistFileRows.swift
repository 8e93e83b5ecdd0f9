import Foundation
import GRDB
import MixtapeCore

/// The `playlist_files` rows: `PlaylistFileRecord`s as the index keeps them.
enum PlaylistFileRows {

    /// Every record, with the path of the source it belongs to, sources in the order added.
    static func all(in db: Database) throws -> [(source: String, record: PlaylistFileRecord)] {
        try Row.fetchAll(db, sql: """
            SELECT sources.path AS source, f.path, f.stamp, f.name, f.folders, f.entries, f.identity, f.position FROM playlist_files f
            JOIN sources ON sources.id = f.source_id ORDER BY f.source_id, f.path
            """).map { row in (row["source"], record(row)) }
    }

    /// The records at `paths` (those that exist), with their sources' paths.
    static func all(in db: Database, paths: Set<String>) throws -> [(source: String, record: PlaylistFileRecord)] {
        var found: [(String, PlaylistFileRecord)] = []
        for path in paths.sorted() {
            for row in try Row.fetchAll(db, sql: """
                SELECT sources.path AS source, f.path, f.stamp, f.name, f.folders, f.entries, f.identity, f.position FROM playlist_files f
                JOIN sources ON sources.id = f.source_id WHERE f.path = ?
                """, arguments: [path]) {
                found.append((row["source"], record(row)))
            }
        }
        return found
    }

    /// The records of the source at `path` (a playlist file named as a source has one, at its
    /// own path; foobar2000's playlists one a playlist).
    static func all(in db: Database, ofSource path: String) throws -> [PlaylistFileRecord] {
        try Row.fetchAll(db, sql: """
            SELECT f.path, f.stamp, f.name, f.folders, f.entries, f.identity, f.position FROM playlist_files f
            JOIN sources ON sources.id = f.source_id WHERE sources.path = ?
            """, arguments: [path]).map(record)
    }

    /// The stamps of a source's records, by path (what a walk compares against).
    static func stamps(sourceID: Int64, in db: Database) throws -> [String: Int64] {
        var stamps: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT path, stamp FROM playlist_files WHERE source_id = ?",
                                    arguments: [sourceID]) {
            stamps[row[0]] = row[1]
        }
        return stamps
    }

    /// Writes `records` (replacing those at the same paths) and deletes those at `removed`.
    static func write(_ records: [PlaylistFileRecord], removing removed: [String], sourceID: Int64,
                      in db: Database) throws {
        let delete = try db.makeStatement(sql: "DELETE FROM playlist_files WHERE source_id = ? AND path = ?")
        for path in removed { try delete.execute(arguments: [sourceID, path]) }
        let insert = try db.makeStatement(sql: """
            INSERT OR REPLACE INTO playlist_files (source_id, path, stamp, name, folders, entries, identity, position)
                VALUES (?,?,?,?,?,?,?,?)
            """)
        for record in records {
            try insert.execute(arguments: [sourceID, record.path, record.stamp, record.name,
                                           Data(StringListCodec.encode(record.folders)), Data(encode(record.entries)),
                                           record.identity, record.position])
        }
    }

    private static func record(_ row: Row) -> PlaylistFileRecord {
        PlaylistFileRecord(path: row["path"], stamp: row["stamp"], name: row["name"],
                           folders: StringListCodec.decode(Array(row["folders"] as Data)),
                           entries: decode(Array(row["entries"] as Data)), identity: row["identity"],
                           position: row["position"])
    }

    /// Five strings an entry: `u` (URL) or `p` (path), the target, artist, title, duration
    /// (empty for unknown).
    private static func encode(_ entries: [PlaylistFileRecord.Entry]) -> [UInt8] {
        var out: [UInt8] = []
        for entry in entries {
            let (kind, text): (String, String) = switch entry.target {
            case .path(let path): ("p", path)
            case .url(let url): ("u", url)
            }
            for string in [kind, text, entry.artist ?? "", entry.title ?? "", entry.durationMs.map(String.init) ?? ""] {
                StringListCodec.append(string, to: &out)
            }
        }
        return out
    }

    private static func decode(_ bytes: [UInt8]) -> [PlaylistFileRecord.Entry] {
        let strings = StringListCodec.decode(bytes)
        var entries: [PlaylistFileRecord.Entry] = []
        var index = 0
        while index + 5 <= strings.count {
            let text = strings[index + 1]
            entries.append(PlaylistFileRecord.Entry(target: strings[index] == "u" ? .url(text) : .path(text),
                                 artist: strings[index + 2].isEmpty ? nil : strings[index + 2],
                                 title: strings[index + 3].isEmpty ? nil : strings[index + 3],
                                 durationMs: Int64(strings[index + 4])))
            index += 5
        }
        return entries
    }
}

/// The `unresolved` column of a playlist row: five strings an entry (position, location,
/// artist, title, duration; empty for unknown).
enum UnresolvedEntryCodec {
    static func encode(_ entries: [UnresolvedEntry]) -> [UInt8] {
        var out: [UInt8] = []
        for entry in entries {
            for string in [String(entry.position), entry.location, entry.artist ?? "", entry.title ?? "",
                           entry.durationMs.map(String.init) ?? ""] {
                StringListCodec.append(string, to: &out)
            }
        }
        return out
    }

    static func decode(_ bytes: [UInt8]) -> [UnresolvedEntry] {
        let strings = StringListCodec.decode(bytes)
        var entries: [UnresolvedEntry] = []
        var index = 0
        while index + 5 <= strings.count {
            if let position = Int(strings[index]) {
                entries.append(UnresolvedEntry(position: position, location: strings[index + 1],
                                               artist: strings[index + 2].isEmpty ? nil : strings[index + 2],
                                               title: strings[index + 3].isEmpty ? nil : strings[index + 3],
                                               durationMs: Int64(strings[index + 4])))
            }
            index += 5
        }
        return entries
    }
}
