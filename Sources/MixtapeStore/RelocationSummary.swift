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
    public var rules: [Rule]
    /// Why the search stopped short, when it did.
    public var note: String?

    /// Every entry that names a file.
    public var entries: Int { found + missing + ambiguous }

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
        rules = (object["rules"] as? [[String: Any]] ?? []).compactMap { rule in
            guard let from = rule["from"] as? String, let to = rule["to"] as? String else { return nil }
            return Rule(from: from, to: to, entries: rule["entries"] as? Int ?? 0,
                        setBy: RelocationRule.SetBy(rawValue: rule["set_by"] as? String ?? "") ?? .learned)
        }
    }

    /// The stored form of `relocation`'s rules and step counts.
    static func encode(_ relocation: Relocation) -> String {
        // A learned rule that found nothing (its entries were found before it) is no news.
        let rules: [[String: Any]] = zip(relocation.rules, relocation.foundByRule).compactMap { rule, entries in
            guard entries > 0 || rule.setBy == .user else { return nil }
            return ["from": rule.from, "to": rule.to, "entries": entries, "set_by": rule.setBy.rawValue]
        }
        let object: [String: Any] = ["as_written": relocation.foundAsWritten, "by_name": relocation.foundByName, "rules": rules]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
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
        note = relocation.note
        rules = zip(relocation.rules, relocation.foundByRule).compactMap {
            $1 > 0 || $0.setBy == .user ? Rule(from: $0.from, to: $0.to, entries: $1, setBy: $0.setBy) : nil
        }
    }
}
