import MixtapeCore

/// A `database V2` read record by record from a `SeratoRecordStream`: `vrsn` first (UTF-16
/// `2.0/Serato Scratch LIVE Database`), then one `otrk` per track. Tracks wait with their ids
/// in `pending` until the reader hands them on; other top-level records are skipped.
final class SeratoDatabase {
    // Literals, not `SeratoRecord.tag("vrsn")`: see `SeratoTrack.pfil`.
    static let vrsn: UInt32 = 0x7672736E, otrk: UInt32 = 0x6F74726B
    /// What the `vrsn` record of a database says after its version number.
    static let signature = "Serato Scratch LIVE Database"

    let source: String
    let root: String
    /// Tracks not yet handed to the caller, with their ids.
    var pending: [SeratoTrack] = []
    /// The hash of every track's key delivered: repeats, and crate entries, are checked here.
    private(set) var known = HashKeySet()
    private(set) var warnings: [IndexWarning] = []
    /// `vrsn`'s text (`2.0/Serato Scratch LIVE Database`).
    private(set) var version: String?

    init(source: String, root: String) {
        self.source = source
        self.root = root
    }

    /// `Serato Scratch LIVE Database 2.0`: the name and then the version, as other kinds say it.
    var applicationVersion: String? {
        guard let version, let slash = version.firstIndex(of: "/") else { return version }
        return version[version.index(after: slash)...] + " " + version[..<slash]
    }

    /// Reads every record, calling `afterRecord` after each track (where the reader hands a
    /// full batch on). A file that does not start with a database's `vrsn` is an error at byte 0.
    func read(_ stream: SeratoRecordStream, afterTrack: () throws -> Void) throws {
        var first = true
        while try stream.next({ record in
            if first {
                first = false
                try checkVersion(record, file: stream.file)
            } else if record.tag == Self.otrk {
                try add(SeratoTrack.read(record, file: stream.file), at: record.offset)
            }
        }) {
            if !pending.isEmpty { try afterTrack() }
        }
        if first {
            throw SeratoRecord.error(stream.file, at: 0, "an empty file, not a Serato database V2")
        }
    }

    private func checkVersion(_ record: SeratoRecord, file: String) throws {
        let text = record.tag == Self.vrsn && record.body.count % 2 == 0 ? try record.text(file: file) : ""
        guard text.contains(Self.signature) else {
            throw SeratoRecord.error(file, at: 0, "not a Serato database V2 (its first record is not a vrsn naming "
                                     + "\"\(Self.signature)\")")
        }
        version = text
    }

    private func add(_ track: consuming SeratoTrack, at offset: Int) {
        guard !track.path.isEmpty else {
            warnings.append(IndexWarning(position: SourcePosition(file: source, byteOffset: offset),
                                         message: "a track without a path (pfil) is skipped"))
            return
        }
        let (id, hash) = SeratoTrack.identity(path: track.path)
        guard known.insert(hash) else {
            warnings.append(IndexWarning(position: SourcePosition(file: source, byteOffset: offset),
                                         message: "\(track.path) is listed twice; the first track is kept"))
            return
        }
        track.id = id
        pending.append(track)
    }

    /// Whether a crate's path names a track of the database, and its id.
    func id(ofEntry path: String) -> ItemID? {
        let (id, hash) = SeratoTrack.identity(path: path)
        return known.contains(hash) ? id : nil
    }
}
