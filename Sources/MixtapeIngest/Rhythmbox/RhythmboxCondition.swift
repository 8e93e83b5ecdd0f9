import MixtapeCore

/// One Rhythmbox condition (`<relation prop="property">value</relation>`) as query terms: the
/// property table and the rules of `RhythmboxQueryTranslator`'s documentation, one property
/// kind at a time.
enum RhythmboxCondition {
    typealias Expression = RhythmboxQueryTranslator.Expression
    typealias Untranslatable = RhythmboxQueryTranslator.Untranslatable

    /// What a Rhythmbox property is in the index, by the query field that reads it.
    enum Property {
        /// A string field (`artist`), folded or not.
        case text(String)
        /// The location, written in playlists.xml as an escaped URI fragment.
        case location
        /// A number; `scale` stored units per Rhythmbox unit (20 for stars), `fractional` for
        /// Rhythmbox doubles, `missingAsZero` for the fields the query counts as 0 when absent.
        case number(String, scale: Double, fractional: Bool, missingAsZero: Bool)
        /// Whole seconds over `duration_ms`.
        case duration
        /// A GLib Julian day compared by its year.
        case year
        /// Unix seconds compared with the current time.
        case time(String)
        /// The entry type.
        case type
    }

    static let properties: [String: Property] = [
        "title": .text("title"), "title-folded": .text("title"),
        "artist": .text("artist"), "artist-folded": .text("artist"),
        "album": .text("album"), "album-folded": .text("album"),
        "genre": .text("genre"), "genre-folded": .text("genre"),
        "composer": .text("composer"), "composer-folded": .text("composer"),
        "album-artist": .text("album_artist"), "album-artist-folded": .text("album_artist"),
        "comment": .text("comments"),
        "location": .location,
        "rating": .number("rating", scale: 20, fractional: true, missingAsZero: false),
        "beats-per-minute": .number("bpm", scale: 1, fractional: true, missingAsZero: false),
        "play-count": .number("plays", scale: 1, fractional: false, missingAsZero: true),
        "bitrate": .number("bit_rate", scale: 1, fractional: false, missingAsZero: false),
        "track-number": .number("track_number", scale: 1, fractional: false, missingAsZero: false),
        "track-total": .number("track_count", scale: 1, fractional: false, missingAsZero: false),
        "disc-number": .number("disc_number", scale: 1, fractional: false, missingAsZero: false),
        "disc-total": .number("disc_count", scale: 1, fractional: false, missingAsZero: false),
        "file-size": .number("size", scale: 1, fractional: false, missingAsZero: false),
        "duration": .duration,
        "date": .year,
        "first-seen": .time("added"),
        "last-played": .time("played"),
        "mtime": .time("modified"),
        "type": .type,
    ]

    /// The expression for one condition, or why it has none.
    static func expression(relation: String, property: String, value: String) throws(Untranslatable) -> Expression {
        let condition = RhythmboxCriterion.condition(relation: relation, property: property, value: value).description
        func fail(_ reason: String) -> Untranslatable { Untranslatable(condition: condition, reason: reason) }
        guard let kind = properties[property] else {
            throw fail("Mixtape's index does not keep the property `\(property)`")
        }
        let result: Expression? = switch kind {
        case .text(let field): text(field, relation, value)
        case .location: location(relation, value)
        case .number(let field, let scale, let fractional, let missingAsZero):
            number(field, relation, value, scale: scale, fractional: fractional, missingAsZero: missingAsZero)
        case .duration: duration(relation, value)
        case .year: year(relation, value)
        case .time(let field): time(field, relation, value)
        case .type: type(relation, value)
        }
        guard let result else {
            throw fail("the query language has no `\(relation)` on `\(property)` with this value")
        }
        return result
    }

    // MARK: strings

    static func text(_ field: String, _ relation: String, _ value: String) -> Expression? {
        switch relation {
        case "like": value.isEmpty ? .always : (value.hasPrefix("=") ? nil : .term(field + ":" + quoted(value)))
        case "not-like": value.isEmpty || value.hasPrefix("=") ? nil : .term("!" + field + ":" + quoted(value))
        case "equals": value.isEmpty ? nil : .term(field + ":=" + quoted(value))
        case "not-equal": value.isEmpty ? nil : .term("!" + field + ":=" + quoted(value))
        default: nil
        }
    }

    /// The query creator escapes what it stores in a location condition (`Jazz%20Club`).
    static func location(_ relation: String, _ value: String) -> Expression? {
        let decoded = value.lowercased().hasPrefix("file:")
            ? LocationDecoder.decode(value)
            : String(decoding: LocationDecoder.percentDecode(Array(value.utf8)), as: UTF8.self)
        return text("location", relation, decoded)
    }

    /// A value as one word of the query: quoted when it holds a space, a quote, a backslash
    /// or a control character.
    static func quoted(_ value: String) -> String {
        let plain = value.unicodeScalars.allSatisfy { $0.value > 0x20 && $0 != "\"" && $0 != "\\" && $0.value != 0x7f }
        if plain { return value }
        var out = "\""
        for character in value {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }

    // MARK: numbers

    /// A number as Rhythmbox writes it (`4.000000`, or `4,000000` in a comma locale), not negative.
    static func decimal(_ value: String) -> Double? {
        value.decimalNumber.flatMap { $0 >= 0 ? $0 : nil }
    }

    static func number(_ field: String, _ relation: String, _ value: String,
                       scale: Double, fractional: Bool, missingAsZero: Bool) -> Expression? {
        guard var written = decimal(value) else { return nil }
        if !fractional { written.round(.towardZero) }  // Rhythmbox reads integers with strtoull
        let threshold = written * scale
        let whole = (threshold - threshold.rounded()).magnitude < 1e-9 ? Int64(threshold.rounded()) : nil
        let missing: Expression = .term("!" + field + ":0..")
        switch relation {
        case "greater":
            guard threshold > 1e-9 else { return .always }
            return .term(field + ":>=" + String(Int64((threshold - 1e-9).rounded(.up))))
        case "less":
            let at = field + ":<=" + String(Int64((threshold + 1e-9).rounded(.down)))
            return missingAsZero ? .term(at) : .any([.term(at), missing])
        case "equals":
            guard let whole else { return nil }
            return whole == 0 ? .term("!" + field + ":1..") : .term(field + ":" + String(whole))
        case "not-equal":
            guard let whole else { return .always }
            return whole == 0 ? .term(field + ":1..") : .term("!" + field + ":" + String(whole))
        default:
            return nil
        }
    }

    static func duration(_ relation: String, _ value: String) -> Expression? {
        guard let written = decimal(value) else { return nil }
        let seconds = Int64(written.rounded(.towardZero))
        let clock = String(seconds / 60) + ":" + (seconds % 60 < 10 ? "0" : "") + String(seconds % 60)
        switch relation {
        case "greater": return seconds == 0 ? .always : .term("duration:>=" + clock)
        case "less": return .any([.term("duration:<=" + clock), .term("!duration:0..")])
        case "equals": return seconds == 0 ? .term("!duration:1..") : .term("duration:" + clock)
        case "not-equal": return seconds == 0 ? .term("duration:1..") : .term("!duration:" + clock)
        default: return nil
        }
    }

    /// `date` holds a Julian day (days since 1 January of year 1, day 1); Rhythmbox compares
    /// the year it falls in (rhythmdb_query_preprocess), 0 standing for "no date".
    static func year(_ relation: String, _ value: String) -> Expression? {
        guard let written = decimal(value) else { return nil }
        let julian = Int64(written.rounded(.towardZero))
        let none: Expression = .term("!year:0..")
        guard julian > 0 else {
            switch relation {
            case "equals", "less": return none
            case "greater": return .always
            case "not-equal": return .term("year:0..")
            default: return nil
            }
        }
        let year = String(Timestamp.civilFromDays(julian - 719_163).year)
        switch relation {
        case "equals": return .term("year:" + year)
        case "not-equal": return .term("!year:" + year)
        case "greater": return .term("year:>=" + year)
        case "less": return .any([.term("year:<=" + year), none])
        default: return nil
        }
    }

    /// "In the last N seconds": whole days only, the unit the query language counts in.
    static func time(_ field: String, _ relation: String, _ value: String) -> Expression? {
        guard let seconds = decimal(value), seconds >= 86_400, seconds.truncatingRemainder(dividingBy: 86_400) == 0 else {
            return nil
        }
        let age = field + ":<=" + String(Int64(seconds) / 86_400) + "d"
        switch relation {
        case "current-time-within": return .term(age)
        case "current-time-not-within": return .term("!" + age)
        default: return nil
        }
    }

    static func type(_ relation: String, _ value: String) -> Expression? {
        let kinds = ["song": "music", "podcast-post": "podcast"]
        guard let kind = kinds[value] else { return nil }
        switch relation {
        case "equals": return .term("kind:" + kind)
        case "not-equal": return .term("!kind:" + kind)
        default: return nil
        }
    }
}
