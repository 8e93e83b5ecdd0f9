import MixtapeCore

/// An automatic playlist's criteria and attributes as a `SmartRule`: the query from
/// `RhythmboxQueryTranslator`, the order from `sort-key`/`sort-direction`, the limit from
/// `limit-count` (or the older `limit`), `limit-size` or `limit-time`, the first that is set
/// winning as in rb-auto-playlist-source.c.
public enum RhythmboxSmartRule {
    /// Rhythmbox's sort keys (rb-query-creator-properties.c) as `--sort` fields.
    static let sortFields: [String: String] = [
        "Artist": "artist", "Composer": "composer", "Album": "album", "AlbumArtist": "album_artist",
        "Genre": "genre", "Title": "title", "Rating": "rating", "PlayCount": "play_count", "Year": "year",
        "Time": "duration_ms", "Track": "track_number", "LastPlayed": "play_date", "FirstSeen": "date_added",
        "Comment": "comments", "BPM": "bpm",
    ]

    /// The rule, and the condition that had no translation when the query is nil.
    public static func rule(criteria: [RhythmboxCriterion], attributes: [String: String])
        -> (rule: SmartRule, problem: RhythmboxQueryTranslator.Untranslatable?) {
        var sort: String?
        if let key = attributes["sort-key"], let field = sortFields[key] {
            sort = field + (attributes["sort-direction"] == "1" ? "-" : "")
        }
        let limit = self.limit(attributes)
        switch RhythmboxQueryTranslator.translate(criteria) {
        case .success(let query):
            return (SmartRule(query: query, sort: sort, limit: limit), nil)
        case .failure(let problem):
            return (SmartRule(query: nil, sort: sort, limit: limit), problem)
        }
    }

    /// `limit-size` is in MiB and Rhythmbox keeps entries while the total's whole MiB stay
    /// within it (rhythmdb-query-model.c), so the byte budget runs to the end of that MiB;
    /// `limit-time` is in seconds.
    static func limit(_ attributes: [String: String]) -> SmartLimit? {
        func positive(_ name: String) -> Int64? {
            guard let text = attributes[name], let value = Int64(text.trimmingBlanks), value > 0 else { return nil }
            return value
        }
        if let count = positive("limit-count") ?? positive("limit") {
            return .items(Int(clamping: count))
        }
        if let mebibytes = positive("limit-size"), mebibytes < Int64.max / 2_097_152 {
            return .bytes((mebibytes + 1) * 1_048_576 - 1)
        }
        if let seconds = positive("limit-time"), seconds < Int64.max / 1000 {
            return .durationMs(seconds * 1000)
        }
        return nil
    }
}
