import MixtapeCore

/// Translates the criteria of a Rhythmbox automatic playlist into a query of query.md, so the
/// playlist can be evaluated on the index like any search (spec/sources.md, "Smart playlists of
/// Rhythmbox"). Pure: criteria values in, query text (or the condition that has no
/// translation) out.
///
/// The semantics followed are Rhythmbox's own (rhythmdb-tree.c, rhythmdb-query.c):
/// - `greater` is *at least* and `less` *at most* (the query creator's wording);
/// - a number Rhythmbox does not have is 0, which the reader leaves absent: so `less` and a 0
///   also match an item without the value (`rating:<=40 | !rating:0..`), as in Rhythmbox;
/// - `date` conditions compare years (`equals prop="date"` is "in that year");
/// - `current-time-within prop="first-seen">604800` is "added in the last 7 days"
///   (`added:<=7d`), `-not-within` its negation (which a never-played item also passes);
/// - `like`/`not-like` on the folded (case-insensitive) properties are `field:value` and
///   `!field:value`, `equals`/`not-equal` are `field:=value` and `!field:=value`;
/// - a `<disjunction/>` between criteria is OR; the query language is an AND of OR groups
///   (`a | b c`), so the criteria are brought to that form by distribution.
///
/// No translation (the playlist then has no rule and a warning names the condition): `prefix`
/// and `suffix` (the language has no per-field prefix), properties the index does not keep
/// (`last-seen`, `mimetype`, `search-match`, …), relative times that are not whole days,
/// entry types that are not items (`iradio`), and conditions that can never hold.
public enum RhythmboxQueryTranslator {
    /// Why a playlist has no query: the condition, written as in playlists.xml, and the reason.
    public struct Untranslatable: Error, Hashable, Sendable {
        /// The condition as playlists.xml writes it, `<prefix prop="title-folded">love</prefix>`,
        /// so the warning names what the user built in Rhythmbox.
        public var condition: String
        /// Why the query language cannot say it.
        public var reason: String
    }

    /// More OR groups than this after distribution is not a query a person would read.
    static let groupLimit = 64

    /// The query for a top-level `<conjunction>`'s children, or the first condition that has
    /// no translation. The text is checked by Mixtape's own parser before it is returned.
    public static func translate(_ conjunction: [RhythmboxCriterion]) -> Result<String, Untranslatable> {
        let text: String
        do {
            let groups = try normalForm(of: expression(for: conjunction))
            text = groups.map { $0.joined(separator: " | ") }.joined(separator: " ")
        } catch {
            return .failure(error)
        }
        do {
            _ = try Query(parsing: text)
        } catch {
            return .failure(Untranslatable(condition: conjunction.map(\.description).joined(),
                                           reason: "its translation `\(text)` is not a valid query: \(error)"))
        }
        return .success(text)
    }

    /// A boolean expression over query terms, before it is brought to AND-of-OR form.
    indirect enum Expression: Hashable {
        case always
        case term(String)
        case any([Expression])
        case all([Expression])
    }

    /// A conjunction with `<disjunction/>` markers: OR of the runs between the markers.
    static func expression(for conjunction: [RhythmboxCriterion]) throws(Untranslatable) -> Expression {
        var alternatives: [[Expression]] = [[]]
        for criterion in conjunction {
            switch criterion {
            case .disjunction:
                alternatives.append([])
            case .subquery(let children):
                alternatives[alternatives.count - 1].append(try expression(for: children))
            case .condition(let relation, let property, let value):
                alternatives[alternatives.count - 1].append(
                    try RhythmboxCondition.expression(relation: relation, property: property, value: value))
            }
        }
        let runs = alternatives.filter { !$0.isEmpty }
        if runs.isEmpty { return .always }
        return runs.count == 1 ? .all(runs[0]) : .any(runs.map { .all($0) })
    }

    /// AND of OR groups of terms (conjunctive normal form), duplicates removed.
    static func normalForm(of expression: Expression) throws(Untranslatable) -> [[String]] {
        switch expression {
        case .always:
            return []
        case .term(let text):
            return [[text]]
        case .all(let parts):
            var groups: [[String]] = []
            for part in parts {
                for group in try normalForm(of: part) where !groups.contains(group) { groups.append(group) }
            }
            return groups
        case .any(let parts):
            var product: [[String]] = [[]]
            for part in parts {
                let groups = try normalForm(of: part)
                if groups.isEmpty { return [] }  // one alternative always holds
                var next: [[String]] = []
                for left in product {
                    for right in groups {
                        var merged = left
                        for term in right where !merged.contains(term) { merged.append(term) }
                        if !next.contains(merged) { next.append(merged) }
                    }
                }
                guard next.count <= groupLimit else {
                    throw Untranslatable(condition: "<disjunction/>",
                                         reason: "more than \(groupLimit) alternatives once written as a query")
                }
                product = next
            }
            return product
        }
    }
}
