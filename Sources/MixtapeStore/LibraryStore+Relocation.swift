import GRDB
import MixtapeCore

extension LibraryStore {
    /// Runs one relocation pass in a write transaction, then works out again what depends on
    /// items' paths: which rows are one file (`ItemAliases`) and the line snapshots that show
    /// paths (all of them when aliases changed, since items merged or parted). Returns whether
    /// any item's path changed.
    public func relocating(_ body: (RelocationSession) throws -> Void) throws -> Bool {
        try unjournaledWhileBuilt { try relocatingJournaled(body) }
    }

    private func relocatingJournaled(_ body: (RelocationSession) throws -> Void) throws -> Bool {
        try writing { db in
            let session = RelocationSession(db: db)
            defer { try? session.close() }
            try body(session)
            guard session.changedPaths else { return false }
            let before = try ItemAliases.load(in: db)
            try ItemAliases.refresh(in: db)
            if try Set(ItemAliases.load(in: db).pairs) != Set(before.pairs) {
                try LineSnapshot.invalidate(in: db)
            } else {
                try db.execute(sql: "DELETE FROM line_snapshots WHERE template LIKE '%{path%'")
            }
            return true
        }
    }

    public func forEachFileHere(_ body: (ItemID, _ path: String, _ size: Int64?, _ durationMs: Int64?,
                                         _ startMs: Int64?) throws -> Void) throws {
        try reading { db in try ItemReader.forEachFileHere(in: db, body) }
    }

    public func relocationRules() throws -> [String: [RelocationRule]] {
        try reading { db in try LibraryStore.relocationRules(in: db) }
    }

    public func keepRelocations(_ bySource: [String: PlaylistRelocation.Outcome]) throws {
        try writing { db in try LibraryStore.keepRelocations(bySource, in: db) }
    }

    /// Every source's rules set by hand, by source path, each source's in order (a few rows:
    /// one source's are read from them too).
    static func relocationRules(in db: Database) throws -> [String: [RelocationRule]] {
        var rules: [String: [RelocationRule]] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT s.path, from_path, to_path FROM relocation_rules r JOIN sources s ON s.id = r.source_id
            ORDER BY s.path, position
            """) {
            rules[row[0], default: []].append(RelocationRule(from: row[1], to: row[2], setBy: .user))
        }
        return rules
    }

    static func keepRelocations(_ bySource: [String: PlaylistRelocation.Outcome], in db: Database) throws {
        for (path, kept) in bySource {
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM sources WHERE path = ?", arguments: [path]) else { continue }
            _ = try RelocationSummary.write(kept.relocation, ambiguous: kept.ambiguous, ofSource: id, in: db)
        }
    }

    /// The rules a person set for the source at `path` (`sources relocate`), in order.
    public func relocationRules(of path: String) throws -> [RelocationRule] {
        try reading { db in try LibraryStore.relocationRules(in: db)[path] ?? [] }
    }

    /// Replaces the rules a person set for the source at `path`, and asks the next index run to
    /// resolve its entries again (`DerivedData`).
    public func setRelocationRules(_ rules: [RelocationRule], of path: String) throws {
        try writing { db in
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM sources WHERE path = ?", arguments: [path]) else { return }
            try db.execute(sql: "DELETE FROM relocation_rules WHERE source_id = ?", arguments: [id])
            for (position, rule) in rules.enumerated() {
                try db.execute(sql: "INSERT INTO relocation_rules VALUES (?, ?, ?, ?)",
                               arguments: [id, position, rule.from, rule.to])
            }
            try DerivedData.markPending(in: db)
        }
    }

    /// Whether some entry of the source at `path` (an item's, or a playlist file's) names a
    /// location `matches` accepts.
    public func anyLocation(of path: String, where matches: (String) -> Bool) throws -> Bool {
        try reading { db in
            for record in try PlaylistFileRows.all(in: db, ofSource: path) {
                if record.entries.contains(where: { if case .path(let target) = $0.target { matches(target) } else { false } }) {
                    return true
                }
            }
            let rows = try String.fetchCursor(db, sql: """
                SELECT location FROM items WHERE source_id = (SELECT id FROM sources WHERE path = ?) AND location IS NOT NULL
                """, arguments: [path])
            while let location = try rows.next() { if matches(location) { return true } }
            return false
        }
    }
}
