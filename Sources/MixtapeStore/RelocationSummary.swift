import Foundation
import GRDB
import MixtapeCore

/// What relocation made of a library source's entries, as the index keeps it for `sources`,
/// `sources --json` (json.md: `found`, `missing`, `ambiguous`, `relocations`) and `doctor`.
public struct RelocationSummary: Hashable, Sendable {
    /// One rule and the entries it found here.
    public struct Rule: Hashable, Sendable {
        public var from: String
        public var to: String
        public var entries: Int
        public var setBy: RelocationRule.SetBy
    }

    public var found: Int
    public var missing: Int
    public var ambiguous: Int
    /// Entries found as written (or but for NFC/NFD or letter case).
    public var asWritten: Int
    /// Entries found by name and size (or duration) alone.
    public var byName: Int
    /// Entries of a playlist file found by their artist and title.
    public var byTags: Int
    public var rules: [Rule]
    /// Why the search stopped short, when it did.
    public var note: String?

    /// Every entry that names a file.
    public var entries: Int { found + missing + ambiguous }

    /// How step 3 found a source's files, as reports name it: a playlist file gives no sizes,
    /// only lengths (`#EXTINF`; foobar2000 1.x's `.fpl`).
    public static func byNameStep(of kind: SourceKind) -> String {
        kind.isPlaylistSource ? "by name and length" : "by name and size"
    }

    /// The summary of a source row, nil when relocation has not run on it.
    init?(_ row: Row) {
        guard let found: Int = row["found"] else { return nil }
        self.found = found
        missing = row["missing"] ?? 0
        ambiguous = row["ambiguous"] ?? 0
        note = row["relocation_note"]
        let stored = (row["relocations"] as String?).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
        let object = stored as? [String: Any] ?? [:]
        asWritten = object["as_written"] as? Int ?? 0
        byName = object["by_name"] as? Int ?? 0
        byTags = object["by_tags"] as? Int ?? 0
        rules = (object["rules"] as? [[String: Any]] ?? []).compactMap { rule in
            guard let from = rule["from"] as? String, let to = rule["to"] as? String else { return nil }
            return Rule(from: from, to: to, entries: rule["entries"] as? Int ?? 0,
                        setBy: RelocationRule.SetBy(rawValue: rule["set_by"] as? String ?? "") ?? .learned)
        }
    }

    /// Keeps what relocation made of the source with row id `source`: its counts, rules and
    /// steps, and its ambiguous entries with their candidates (for `doctor`). Returns whether
    /// the summary differs from the one kept before (what `index` reports).
    static func write(_ relocation: Relocation, ambiguous: [(path: String, candidates: [String])], ofSource source: Int64,
                      in db: Database) throws -> Bool {
        let before = try Row.fetchOne(db, sql: "SELECT found, missing, ambiguous, relocations FROM sources WHERE id = ?",
                                      arguments: [source])
        let summary = encode(relocation)
        try db.execute(sql: "DELETE FROM ambiguous_entries WHERE source_id = ?", arguments: [source])
        let insert = try db.makeStatement(sql: "INSERT INTO ambiguous_entries (source_id, location, candidates) VALUES (?, ?, ?)")
        for entry in ambiguous {
            try insert.execute(arguments: [source, entry.path, entry.candidates.joined(separator: "\n")])
        }
        try db.execute(sql: """
            UPDATE sources SET found = ?, missing = ?, ambiguous = ?, relocations = ?, relocation_note = ? WHERE id = ?
            """, arguments: [relocation.found, relocation.missing, relocation.ambiguous, summary, relocation.note, source])
        return before?[0] as Int? != relocation.found || before?[1] as Int? != relocation.missing
            || before?[2] as Int? != relocation.ambiguous || before?[3] as String? != summary
    }

    /// The stored form of `relocation`'s rules and step counts: JSON with its keys sorted,
    /// written here byte for byte as Foundation's `JSONSerialization` wrote it before (`write`
    /// compares the stored text to say whether anything changed). Its first use in a run cost
    /// some 5 ms, looking up conformances at run time, in every index run that relocated.
    static func encode(_ relocation: Relocation) -> String {
        var text = "{\"as_written\":\(relocation.foundAsWritten),\"by_name\":\(relocation.foundByName),"
        if relocation.foundByTags > 0 { text += "\"by_tags\":\(relocation.foundByTags)," }
        // A learned rule that found nothing (its entries were found before it) is no news.
        let rules = zip(relocation.rules, relocation.foundByRule).filter { $1 > 0 || $0.setBy == .user }.map { rule, entries in
            "{\"entries\":\(entries),\"from\":\(quoted(rule.from)),\"set_by\":\(quoted(rule.setBy.rawValue)),\"to\":\(quoted(rule.to))}"
        }
        return text + "\"rules\":[" + rules.joined(separator: ",") + "]}"
    }

    /// A JSON string as `JSONSerialization` writes one: `/` escaped too, control characters
    /// as their short escapes or `\u00xx` in lower case, everything else as it is.
    static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/": out += "\\/"
            case "\u{8}": out += "\\b"
            case "\u{c}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1f}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension RelocationSummary {
    /// The summary of a relocation just made (what `index` reports before reading it back).
    public init(_ relocation: Relocation) {
        found = relocation.found
        missing = relocation.missing
        ambiguous = relocation.ambiguous
        asWritten = relocation.foundAsWritten
        byName = relocation.foundByName
        byTags = relocation.foundByTags
        note = relocation.note
        rules = zip(relocation.rules, relocation.foundByRule).compactMap {
            $1 > 0 || $0.setBy == .user ? Rule(from: $0.from, to: $0.to, entries: $1, setBy: $0.setBy) : nil
        }
    }
}
