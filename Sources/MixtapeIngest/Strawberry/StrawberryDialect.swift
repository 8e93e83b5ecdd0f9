import MixtapeCore

/// What differs between Strawberry's database and Clementine's. Strawberry is a fork of
/// Clementine and kept its tables (`songs`, `playlists`, `playlist_items`) and most of their
/// columns; the rest of the reading is one code path for both (`StrawberryLibraryReader`).
///
/// - a song's file: Strawberry's `url` (text), Clementine's `filename` (a `file://` URL stored
///   as a blob since schema 31, a bare path before);
/// - a playlist entry's song: Strawberry's `collection_id`, Clementine's `library_id`, both the
///   `ROWID` of a row of `songs`;
/// - a playlist entry's own file, for an entry not from the collection: Strawberry's `url`,
///   Clementine's `filename` (schema 29 on) or `url` (before);
/// - compilation: Strawberry's `compilation_effective`, Clementine's `effective_compilation`.
public struct StrawberryDialect: Sendable {
    /// The id scheme of items (`strawberry:`, `clementine:`).
    let scheme: StaticString
    /// The prefix of playlist ids.
    let playlistPrefix: String
    /// The application, for `applicationVersion` and messages.
    let application: String
    let songLocation: String
    let entrySong: String
    let entryLocations: [String]
    let compilation: [String]
    /// The first schema version that counts lengths in nanoseconds; nil when every one does.
    let nanosecondsSince: Int64?

    public static let strawberry = StrawberryDialect(
        scheme: "strawberry", playlistPrefix: "strawberry-playlist:", application: "Strawberry",
        songLocation: "url", entrySong: "collection_id", entryLocations: ["url"],
        compilation: ["compilation_effective", "compilation"], nanosecondsSince: nil)

    public static let clementine = StrawberryDialect(
        scheme: "clementine", playlistPrefix: "clementine-playlist:", application: "Clementine",
        songLocation: "filename", entrySong: "library_id", entryLocations: ["filename", "url"],
        compilation: ["effective_compilation", "compilation"], nanosecondsSince: 28)

    /// Clementine counted lengths in seconds until schema 28 converted them to nanoseconds;
    /// Strawberry always counted nanoseconds. No column tells the two apart, so this is the one
    /// place the schema's version number decides.
    func lengthsInSeconds(schemaVersion: Int64?) -> Bool {
        guard let nanosecondsSince, let schemaVersion else { return false }
        return schemaVersion < nanosecondsSince
    }
}
