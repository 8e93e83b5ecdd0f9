import MixtapeCore
import MixtapeIngest
import MixtapeStore

/// How one kind of source file (recognised by `SourceSniffer`) is read into the index: the
/// registry `index` looks a kind up in. A kind with no row here is recognised but not read
/// yet, and says so (exit 65). Plugging in a reader (a playlist file, rekordbox) is adding a
/// row to `all`.
struct LibraryFileReader: Sendable {
    /// What a read yields besides the items it streams.
    struct Outcome: Sendable {
        var readout: SourceReadout
        var warnings: [IndexWarning]
    }

    /// How the source is recorded in the index.
    let recordedKind: SourceKind
    /// Streams the file's items to `emit` in batches, then returns the rest.
    let read: @Sendable (_ path: String, _ emit: ([MediaItem]) throws -> Void) throws -> Outcome

    /// The readers by `ContentKind.id`.
    static let all: [String: LibraryFileReader] = [
        ContentKind.itunes.id: LibraryFileReader(recordedKind: .itunesLibrary) { path, emit in
            let summary = try ITunesLibraryReader(path: path).read(onItems: emit)
            return Outcome(readout: SourceReadout(playlists: summary.playlists,
                                                  contentFingerprint: summary.contentFingerprint,
                                                  applicationVersion: summary.applicationVersion),
                           warnings: summary.warnings)
        },
    ]

    /// The reader for `kind`, or the error that refuses it: not a source, or a source this
    /// version does not read yet (both exit 65, at `path:1:1`).
    static func reader(for kind: ContentKind, path: String) throws(MalformedSourceError) -> LibraryFileReader {
        if let reader = all[kind.id] { return reader }
        throw MalformedSourceError(position: SourcePosition(file: path, line: 1, column: 1), reason: kind.refusal)
    }
}
