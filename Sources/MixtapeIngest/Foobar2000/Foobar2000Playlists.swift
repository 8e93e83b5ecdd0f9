#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MixtapeCore

/// Reads foobar2000's playlists (sources.md, "foobar2000 playlists") into the records the index
/// keeps for playlist files: one a playlist, in foobar2000's tab order, named as foobar2000
/// names it, its entries resolved afterwards to items of any source exactly as a playlist
/// file's are. The source has no items of its own.
///
/// - foobar2000 2.x: `playlists-v2.0/index.txt` (`Foobar2000IndexText`) names each playlist's
///   `playlist-GUID.fplite` beside it (`FPLiteReader`). The `-props.sqlite` files beside them
///   hold a playlist's properties (an autoplaylist's query, a focus marker), not its name or
///   order, and are not read: an autoplaylist is read as the entries foobar2000 last saved.
/// - foobar2000 1.x: `playlists-v1.4/index.dat` (`FPLIndexDat`) names each playlist's `.fpl`
///   (`FPLPlaylistFile`).
///
/// A playlist file the index names that is not there, or cannot be read, is a warning and the
/// playlist is listed with no entries: the others are read. An index that names playlists none
/// of whose files is beside it is refused (exit 65): it was copied without them. A malformed
/// index, or a 1.x `.fpl` of a layout this reader does not know, is a located error (exit 65).
public enum Foobar2000Playlists {
    /// Reads a file's bytes (tests and the fuzzer hand files over from memory).
    public typealias Loader = @Sendable (_ path: String, _ limit: Int) -> Foobar2000File

    /// Reads the playlists of the index at `path` (`index.txt` or `index.dat`). Throws
    /// `MalformedSourceError` (exit 65, located) or `SourceReadError` (the index cannot be read).
    public static func read(path: String, load: Loader = Foobar2000File.read) throws -> PlaylistFilesRead {
        let bytes: [UInt8]
        switch load(path, Foobar2000IndexText.limit) {
        case .bytes(let read): bytes = read
        case .missing: throw SourceReadError(path: path, code: ENOENT, reason: String(cString: strerror(ENOENT)))
        case .failed(let why):
            throw MalformedSourceError(position: SourcePosition(file: path, line: 1, column: 1),
                                       reason: "a foobar2000 playlist index that cannot be read: \(why)")
        }
        var fingerprint = Fingerprint()
        fingerprint.add(bytes)
        var read = bytes.starts(with: FPLIndexDat.magic)
            ? try legacy(bytes, path: path, load: load, fingerprint: &fingerprint)
            : try current(bytes, path: path, load: load, fingerprint: &fingerprint)
        read.contentFingerprint = fingerprint.hexDigest
        return read
    }

    /// The files read with the index at `path`, for telling whether the source changed: the
    /// playlist files it names (whether or not they are there); none when the index cannot be
    /// read. The folder itself is a companion folder (`LibraryFileReader`), so `watch` also sees
    /// a new playlist's file before the index names it.
    public static func companions(of path: String, load: Loader = Foobar2000File.read) -> [String] {
        let folder = FolderPath.parent(of: path)
        guard case .bytes(let bytes) = load(path, Foobar2000IndexText.limit) else { return [] }
        let names: [String]
        if bytes.starts(with: FPLIndexDat.magic) {
            names = ((try? FPLIndexDat.read(bytes, file: path)) ?? []).map(\.fileName)
        } else {
            names = ((try? Foobar2000IndexText.read(bytes, file: path))?.lines ?? []).map { fplite(of: $0.guid) }
        }
        return names.map { FolderPath.join(folder, $0) }
    }

    /// The index of foobar2000's playlists folder at `folder`: its `index.txt` or `index.dat`
    /// when that is one (by content), else nil.
    public static func indexFile(inFolder folder: String, load: Loader = Foobar2000File.read) -> String? {
        for name in ["index.txt", "index.dat"] {
            let path = FolderPath.join(folder, name)
            guard case .bytes(let bytes) = load(path, Foobar2000IndexText.limit) else { continue }
            if bytes.starts(with: FPLIndexDat.magic) || Foobar2000IndexText.looksLikeIndex(bytes, isWholeFile: true) {
                return path
            }
        }
        return nil
    }

    /// A 2.x playlist's file name.
    static func fplite(of guid: String) -> String { "playlist-\(guid).fplite" }

    // MARK: 2.x

    private static func current(_ bytes: [UInt8], path: String, load: Loader,
                                fingerprint: inout Fingerprint) throws -> PlaylistFilesRead {
        var (lines, warnings) = try Foobar2000IndexText.read(bytes, file: path)
        let folder = FolderPath.parent(of: path)
        let program = Foobar2000Location.programFolder(ofPlaylistsFolder: folder)
        var records: [PlaylistFileRecord] = []
        var found = 0
        for (position, line) in lines.enumerated() {
            var record = PlaylistFileRecord(path: FolderPath.join(folder, fplite(of: line.guid)), stamp: 0, name: line.name,
                                            folders: [], entries: [], identity: "foobar2000:" + line.guid.uppercased(),
                                            position: position)
            let spellings = [line.guid, line.guid.uppercased(), line.guid.lowercased()]
            let (file, loaded) = first(spellings.map { FolderPath.join(folder, fplite(of: $0)) }, load: load,
                                       limit: FPLiteReader.limit)
            switch loaded {
            case .bytes(let playlist):
                found += 1
                record.path = file
                record.stamp = fingerprint.add(playlist)
                let content = FPLiteReader.read(playlist)
                record.entries = content.entries.map {
                    PlaylistFileRecord.Entry(target: Foobar2000Location.target($0.location, programFolder: program))
                }
                warnings += content.problems.map {
                    IndexWarning(position: SourcePosition(file: file, line: $0.line, column: $0.column), message: $0.message)
                }
            case .missing, .failed:
                warnings.append(IndexWarning(position: SourcePosition(file: path, line: line.line, column: 1), message:
                    unread(fplite(of: line.guid), loaded, playlist: line.name)))
            }
            records.append(record)
        }
        if found == 0, !lines.isEmpty { throw alone(path, count: lines.count, kind: ".fplite", folder: "playlists-v2.0") }
        return PlaylistFilesRead(records: records, warnings: warnings, applicationVersion: "foobar2000 2.x", contentFingerprint: "")
    }

    // MARK: 1.x

    private static func legacy(_ bytes: [UInt8], path: String, load: Loader,
                               fingerprint: inout Fingerprint) throws -> PlaylistFilesRead {
        let playlists = try FPLIndexDat.read(bytes, file: path)
        let folder = FolderPath.parent(of: path)
        let program = Foobar2000Location.programFolder(ofPlaylistsFolder: folder)
        var records: [PlaylistFileRecord] = []
        var warnings: [IndexWarning] = []
        var found = 0
        var seen: Set<String> = []
        for playlist in playlists {
            let stem = String(playlist.fileName.dropLast(4))
            let identity = "foobar2000:" + (playlist.identity ?? stem)
            // Two playlists of one file, or of one identity, would be one playlist of the index.
            guard seen.insert(playlist.fileName).inserted, seen.insert(identity).inserted else {
                warnings.append(IndexWarning(position: SourcePosition(file: path, line: 1, column: playlist.offset + 1),
                                             message: "the playlist \"\(playlist.name)\" names the file or identity of "
                                                 + "one before it; skipped"))
                continue
            }
            var record = PlaylistFileRecord(path: FolderPath.join(folder, playlist.fileName), stamp: 0, name: playlist.name,
                                            folders: [], entries: [], identity: identity, position: records.count)
            let (file, loaded) = first([playlist.fileName, stem.lowercased() + ".fpl"].map { FolderPath.join(folder, $0) },
                                       load: load, limit: FPLPlaylistFile.limit)
            switch loaded {
            case .bytes(let data):
                found += 1
                record.path = file
                record.stamp = fingerprint.add(data)
                record.entries = try FPLPlaylistFile.read(data, file: file).map {
                    PlaylistFileRecord.Entry(target: Foobar2000Location.target($0.location, programFolder: program),
                                             durationMs: $0.durationMs)
                }
            case .missing, .failed:
                warnings.append(IndexWarning(position: SourcePosition(file: path, line: 1, column: playlist.offset + 1),
                                             message: unread(playlist.fileName, loaded, playlist: playlist.name)))
            }
            records.append(record)
        }
        if found == 0, !playlists.isEmpty {
            throw alone(path, count: playlists.count, kind: ".fpl", folder: "playlists-v1.4")
        }
        return PlaylistFilesRead(records: records, warnings: warnings, applicationVersion: "foobar2000 1.x", contentFingerprint: "")
    }

    // MARK: helpers

    /// The first of `paths` that is not missing, read (the last one's outcome when all are).
    private static func first(_ paths: [String], load: Loader, limit: Int) -> (String, Foobar2000File) {
        var tried: Set<String> = []
        var last: (String, Foobar2000File) = (paths[0], .missing)
        for path in paths where tried.insert(path).inserted {
            last = (path, load(path, limit))
            if case .missing = last.1 { continue }
            return last
        }
        return (paths[0], last.1)
    }

    private static func unread(_ name: String, _ outcome: Foobar2000File, playlist: String) -> String {
        let why = if case .failed(let reason) = outcome { "cannot be read (\(reason))" } else { "is not beside it" }
        return "the playlist \"\(playlist)\" is kept in \(name), which \(why); it is listed with no entries"
    }

    private static func alone(_ path: String, count: Int, kind: String, folder: String) -> MalformedSourceError {
        MalformedSourceError(position: SourcePosition(file: path, line: 1, column: 1), reason:
            "a foobar2000 playlist index, but none of the \(count) \(kind) files it names is beside it: "
            + "index foobar2000's \(folder) folder as it is, with its playlist files")
    }
}

/// FNV-1a over the bytes read, the same hash `StableHash` makes, run here over whole arrays.
struct Fingerprint {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Adds `bytes`; returns their own hash (a playlist file's stamp).
    @discardableResult
    mutating func add(_ bytes: [UInt8]) -> Int64 {
        var own: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                own = (own ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        value = (value ^ own) &* 0x0000_0100_0000_01b3
        return Int64(bitPattern: own)
    }

    var hexDigest: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
