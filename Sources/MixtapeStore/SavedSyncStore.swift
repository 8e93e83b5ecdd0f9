import Foundation
import GRDB
import MixtapeCore

/// The `saved_syncs` table: one row per `sync DEST --save NAME`. The source is a kind and a
/// text (the query, or the playlist references as a JSON array); the settings one JSON object,
/// since they are read and written whole and never queried.
enum SavedSyncStore {
    static func all(in db: Database) throws -> [SavedSync] {
        try Row.fetchAll(db, sql: "SELECT * FROM saved_syncs ORDER BY name").compactMap { try savedSync($0) }
    }

    /// The names of the saved syncs that have not run since the index last changed.
    static func pending(in db: Database) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT name FROM saved_syncs WHERE pending"))
    }

    /// Records `saved`, replacing any saved sync of the same name; true when one was replaced.
    /// It has just run, so it is not pending.
    static func save(_ saved: SavedSync, at time: Timestamp, in db: Database) throws -> Bool {
        let replaced = try Bool.fetchOne(db, sql: "SELECT 1 FROM saved_syncs WHERE name = ?",
                                         arguments: [saved.name]) ?? false
        let (kind, source): (String, String) = switch saved.source {
        case .selection: ("selection", "")
        case .query(let text): ("query", text)
        case .playlists(let references): ("playlists", encoded(references))
        case .allPlaylists: ("all-playlists", "")
        }
        try db.execute(sql: """
            INSERT OR REPLACE INTO saved_syncs (name, destination, source_kind, source, settings, pending, saved_at)
            VALUES (?, ?, ?, ?, ?, 0, ?)
            """, arguments: [saved.name, saved.destination, kind, source, encoded(StoredSettings(saved.settings)),
                             time.rawValue])
        return replaced
    }

    /// Marks the saved syncs `names` pending (they could not run) or done.
    static func mark(_ names: [String], pending: Bool, in db: Database) throws {
        for name in names {
            try db.execute(sql: "UPDATE saved_syncs SET pending = ? WHERE name = ?", arguments: [pending, name])
        }
    }

    /// Forgets the saved sync `name`; false when there was none.
    static func remove(_ name: String, in db: Database) throws -> Bool {
        try db.execute(sql: "DELETE FROM saved_syncs WHERE name = ?", arguments: [name])
        return db.changesCount > 0
    }

    /// A row as a value; nil for one a later version wrote with a kind or setting this one does
    /// not know (listed by nobody rather than misread). Decoded with throwing calls, as
    /// `doctor` reads damaged indexes too.
    private static func savedSync(_ row: Row) throws -> SavedSync? {
        let text = try row.decode(String.self, forColumn: "source")
        let source: SavedSync.Source
        switch try row.decode(String.self, forColumn: "source_kind") {
        case "selection": source = .selection
        case "query": source = .query(text)
        case "playlists":
            guard let references = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) else { return nil }
            source = .playlists(references)
        case "all-playlists": source = .allPlaylists
        default: return nil
        }
        let json = try row.decode(String.self, forColumn: "settings")
        guard let stored = try? JSONDecoder().decode(StoredSettings.self, from: Data(json.utf8)),
              let settings = stored.settings else { return nil }
        return SavedSync(name: try row.decode(String.self, forColumn: "name"),
                         destination: try row.decode(String.self, forColumn: "destination"), source: source,
                         settings: settings)
    }

    private static func encoded(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and booleans only: encoding cannot fail.
        return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// The settings as stored: each in the words `sync` takes (`mp3:V0`, the layout's text,
    /// `fat`), so a row reads as the flags that made it.
    private struct StoredSettings: Codable {
        var transcode: String
        var keep: [String]
        var layout: String
        var names: String?
        var stemLimit: Int?
        var art: Int?
        var delete: Bool
        var strict: Bool
        /// Absent in a row saved before these options existed: false.
        var playlistFolders: Bool?
        var ascii: Bool?

        enum CodingKeys: String, CodingKey {
            case transcode, keep, layout, names, art, delete, strict, ascii
            case stemLimit = "stem_limit"
            case playlistFolders = "playlist_folders"
        }

        init(_ settings: SavedSync.Settings) {
            transcode = settings.transcode.description
            keep = settings.keep
            layout = settings.layout.text
            names = settings.names?.rawValue
            stemLimit = settings.stemLimit
            art = settings.artPixels
            delete = settings.delete
            strict = settings.strict
            playlistFolders = settings.playlistFolders
            ascii = settings.ascii
        }

        /// Nil when a value does not parse in this version.
        var settings: SavedSync.Settings? {
            guard let target = try? SyncTarget(parsing: transcode), let layout = try? DeviceLayout(layout) else { return nil }
            var rules: DeviceNames.Rules?
            if let names {
                guard let known = DeviceNames.Rules(rawValue: names) else { return nil }
                rules = known
            }
            return SavedSync.Settings(transcode: target, keep: keep, layout: layout, names: rules, stemLimit: stemLimit,
                                      artPixels: art, delete: delete, strict: strict, playlistFolders: playlistFolders ?? false,
                                      ascii: ascii ?? false)
        }
    }
}
