/// A Traktor smart list's `SEARCH_EXPRESSION QUERY` (`$GENRE % "Hora" | $ARTIST % "x"`)
/// translated into a query of spec/query.md, so Mixtape evaluates it on the index as it does a
/// Rhythmbox automatic playlist.
///
/// Only what means the same on both sides is translated: "contains" (`%`) on title, artist,
/// album, genre, comment, label, remixer and key (case- and accent-insensitive in both), and
/// the star rating (`$RATING == 4`, `>=`, `>` with 1–5 stars), joined all by `|` (any) or all
/// by `&` (every). Anything else (file names, dates, the played flag, which the query language
/// has no field for, a mix of `|` and `&`) leaves the list with no items and names the condition.
enum TraktorSmartList {
    /// Traktor's text fields and the query field each becomes.
    static let textFields = ["TITLE": "title", "ARTIST": "artist", "ALBUM": "album", "GENRE": "genre", "COMMENT": "comments",
                             "LABEL": "label", "REMIXER": "remixer", "KEY": "musical_key"]

    /// The query, or the first condition that has no translation.
    static func translate(_ expression: String) -> Result<String, Untranslated> {
        let (conditions, joiners) = split(expression)
        guard joiners.count <= 1 else { return .failure(Untranslated(condition: expression)) }
        var terms: [String] = []
        for condition in conditions {
            guard let term = term(condition) else { return .failure(Untranslated(condition: condition)) }
            terms.append(term)
        }
        guard !terms.isEmpty else { return .failure(Untranslated(condition: expression)) }
        return .success(terms.joined(separator: joiners.first == "|" ? " | " : " "))
    }

    /// A condition the query language cannot say.
    struct Untranslated: Error, Equatable {
        var condition: String
    }

    /// The conditions between top-level `|` and `&` (outside quotes), trimmed, and which
    /// joiners occur.
    static func split(_ expression: String) -> (conditions: [String], joiners: Set<Character>) {
        var conditions: [String] = [], joiners: Set<Character> = [], current = "", quoted = false
        for character in expression {
            if character == "\"" { quoted.toggle() }
            if !quoted, character == "|" || character == "&" {
                joiners.insert(character)
                conditions.append(current.trimmingBlanks)
                current = ""
            } else {
                current.append(character)
            }
        }
        conditions.append(current.trimmingBlanks)
        return (conditions, joiners)
    }

    /// One `$FIELD OP VALUE` condition as a query term, or nil.
    static func term(_ condition: String) -> String? {
        let parts = condition.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].hasPrefix("$") else { return nil }
        let field = String(parts[0].dropFirst()), operation = parts[1], value = parts[2]
        if operation == "%", let name = textFields[field] {
            guard value.count >= 3, value.first == "\"", value.last == "\"" else { return nil }
            let text = value.dropFirst().dropLast()
            guard !text.isEmpty, !text.contains("\""), !text.contains("\\"), !text.contains("'") else { return nil }
            return name + ":\"" + text + "\""
        }
        if field == "RATING", let stars = Int(value), (1...5).contains(stars) {
            switch operation {
            case "==": return "stars:\(stars)"
            case ">=", ">": return "stars:\(operation)\(stars)"
            default: return nil
            }
        }
        return nil
    }
}
