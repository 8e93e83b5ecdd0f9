/// The query's field registry: one row per name a user can put before `:`, saying which filter
/// type reads the value. The parser looks names up here and has no per-field code, so adding a
/// field is adding a row.
///
/// Names are the JSON keys (json.md) plus the short aliases of query.md; `stars`, `duration`,
/// `path`, `playlist` and `selected` are query-only fields over existing data.
public struct QueryField: Hashable, Sendable {
    /// The name messages and suggestions use.
    public var name: String
    public var aliases: [String]
    public var type: FilterType

    public init(_ name: String, aliases: [String] = [], _ type: FilterType) {
        self.name = name
        self.aliases = aliases
        self.type = type
    }

    /// Every field a query can filter on.
    public static let all: [QueryField] = [
        QueryField("id", .string(.id)),
        QueryField("title", aliases: ["t", "name"], .string(.title)),
        QueryField("artist", aliases: ["a"], .string(.artist)),
        QueryField("album_artist", aliases: ["albumartist"], .string(.albumArtist)),
        QueryField("album", aliases: ["al"], .string(.album)),
        QueryField("composer", .string(.composer)),
        QueryField("genre", aliases: ["g"], .string(.genre)),
        QueryField("grouping", .string(.grouping)),
        QueryField("comments", .string(.comments)),
        QueryField("musical_key", aliases: ["key"], .string(.musicalKey)),
        QueryField("label", .string(.label)),
        QueryField("remixer", .string(.remixer)),
        QueryField("year", aliases: ["y"], .number(.year, NumberSyntax(noun: "a year", example: 1990...1999))),
        QueryField("bpm", .number(.bpm, NumberSyntax(noun: "a tempo", example: 120...130))),
        QueryField("play_count", aliases: ["plays"],
                   .number(.playCount, NumberSyntax(noun: "a count", example: 1...5, missingAsZero: true))),
        QueryField("skip_count", aliases: ["skips"],
                   .number(.skipCount, NumberSyntax(noun: "a count", example: 1...5, missingAsZero: true))),
        QueryField("bit_rate", aliases: ["bitrate"], .number(.bitRate, NumberSyntax(noun: "a bit rate in kbit/s", example: 192...320))),
        QueryField("sample_rate", .number(.sampleRate, NumberSyntax(noun: "a rate in Hz", example: 44100...48000))),
        QueryField("size", .number(.size, NumberSyntax(noun: "a size in bytes", example: 1_000_000...9_000_000))),
        QueryField("track_number", aliases: ["track"], .number(.trackNumber, NumberSyntax(example: 1...5))),
        QueryField("track_count", .number(.trackCount, NumberSyntax(example: 10...12))),
        QueryField("disc_number", aliases: ["disc"], .number(.discNumber, NumberSyntax(example: 1...2))),
        QueryField("disc_count", .number(.discCount, NumberSyntax(example: 1...2))),
        QueryField("duration_ms", .number(.durationMs, NumberSyntax(noun: "milliseconds", example: 180_000...240_000))),
        QueryField("duration", aliases: ["length"], .duration(.durationMs)),
        QueryField("start_ms", .number(.startMs, NumberSyntax(noun: "milliseconds", example: 0...60_000))),
        QueryField("end_ms", .number(.endMs, NumberSyntax(noun: "milliseconds", example: 60_000...240_000))),
        QueryField("rating", .number(.rating, NumberSyntax(noun: "a rating from 0 to 100", example: 60...80))),
        QueryField("stars", .number(.rating, NumberSyntax(noun: "a number of stars", example: 3...4, scale: 20))),
        QueryField("loved", .boolean(.loved)),
        QueryField("compilation", .boolean(.compilation)),
        QueryField("explicit", .boolean(.explicit)),
        QueryField("disabled", .boolean(.disabled)),
        QueryField("kind", .kind),
        QueryField("location", .string(.location)),
        QueryField("path", .path),
        QueryField("date_added", aliases: ["added"], .date(.dateAdded)),
        QueryField("date_modified", aliases: ["modified"], .date(.dateModified)),
        QueryField("play_date", aliases: ["played"], .date(.playDate)),
        QueryField("persistent_id", .string(.persistentID)),
        QueryField("track_id", .number(.trackID, NumberSyntax(example: 100...200))),
        QueryField("source", .string(.source)),
        QueryField("playlist", .playlist),
        QueryField("selected", .selected),
    ]

    private static let byName: [String: QueryField] = {
        var table: [String: QueryField] = [:]
        for field in all {
            for name in [field.name] + field.aliases { table[name] = field }
        }
        return table
    }()

    /// The row for a name or alias, in any case.
    public static func named(_ name: some StringProtocol) -> QueryField? {
        byName[name.lowercased()]
    }

    /// The known name closest to a mistyped one, when it is close enough to be a typo: at most
    /// one edit for short names, two for longer ones. Ties go to the earlier row.
    public static func suggestion(for name: some StringProtocol) -> String? {
        let typed = Array(name.lowercased())
        let allowed = typed.count <= 4 ? 1 : 2
        var best: (name: String, distance: Int)?
        for field in all {
            for candidate in [field.name] + field.aliases where candidate.count > 2 {
                let distance = editDistance(typed, Array(candidate))
                if distance <= allowed, distance < best?.distance ?? .max { best = (candidate, distance) }
            }
        }
        return best?.name
    }

    /// Levenshtein distance, with a swap of two neighbours counted as one edit (`artsit`).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
