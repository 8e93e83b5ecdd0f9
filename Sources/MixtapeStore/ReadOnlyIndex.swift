import Foundation
import GRDB
import GRDBSQLite
import MixtapeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An index on a disk that is full or cannot be written (a read-only mount, folder or file) is
/// still read: `search`, `pick`, `playlists` and exports to another disk need no space. Opening
/// it the usual way writes (GRDB makes sure the WAL file exists, a migration writes), so when
/// that fails for want of space or permission it is opened read-only instead, or, when even
/// the WAL's shared-memory file cannot be made, as an immutable file.
public enum ReadOnlyIndex {
    /// SQLite's primary codes that say the disk or a file cannot be written, not that the index
    /// is damaged: SQLITE_PERM, SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN.
    static let storageCodes: Set<Int32> = [3, 8, 10, 13, 14]

    /// The index at `path` opened for reading only, after opening it for writing failed with
    /// `error`; nil when `error` is not about storage, the file is missing, or the index is not
    /// of the current schema (it would need a migration, which writes).
    static func open(_ path: String, configuration: Configuration, after error: StoreError) throws -> (any DatabaseWriter)? {
        guard let code = error.sqlitePrimaryCode, storageCodes.contains(code), access(path, R_OK) == 0 else { return nil }
        var readOnly = configuration
        readOnly.readonly = true
        if let pool = try? DatabasePool(path: path, configuration: readOnly), current(pool) { return pool }
        // No shared-memory file can be made beside it (a read-only mount with no WAL left):
        // immutable, which SQLite reads without one. Nothing can write there meanwhile.
        if let uri = immutableURI(path), let queue = try? DatabaseQueue(path: uri, configuration: readOnly),
           current(queue) {
            return queue
        }
        return nil
    }

    /// Whether the index `reader` opened has every migration applied (read, not written).
    private static func current(_ reader: any DatabaseReader) -> Bool {
        (try? reader.read { try Schema.migrator.hasCompletedMigrations($0) }) == true
    }

    /// `file:` URI opening `path` immutable, or nil where this SQLite takes no URIs.
    static func immutableURI(_ path: String) -> String? {
        guard sqlite3_compileoption_used("USE_URI") == 1 else { return nil }
        var escaped = ""
        for character in path.unicodeScalars {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return "file:" + escaped + "?immutable=1"
    }

    /// `error` in the user's terms when it says the index at `path` cannot be written: which
    /// file or disk, and how much space is left; other errors as they are.
    static func explained(_ error: StoreError, path: String) -> StoreError {
        guard let code = error.sqlitePrimaryCode, storageCodes.contains(code) else { return error }
        let folder = (path as NSString).deletingLastPathComponent
        let free = freeBytes(folder.isEmpty ? "." : folder)
        if code == 13 || free == 0 {
            return .cannotWrite(path: path, reason: "the disk holding it is full", freeBytes: free)
        }
        if let reason = unwritable(path, folder: folder.isEmpty ? "." : folder) {
            return .cannotWrite(path: path, reason: reason, freeBytes: free)
        }
        if code == 10, let free, free < 1 << 20 {
            return .cannotWrite(path: path, reason: "the disk holding it is nearly full", freeBytes: free)
        }
        return error
    }

    /// Gives the `-wal` and `-shm` beside the index at `path` back their owner's write
    /// permission when the index itself has it: a `chmod -R a-w` undone for the index file
    /// alone leaves them read-only, and SQLite then cannot write the index at all. They are
    /// SQLite's working files, not the user's, so nothing is protected by leaving them so.
    static func makeLeftoversWritable(beside path: String) {
        guard access(path, W_OK) == 0 else { return }
        for file in [path + "-wal", path + "-shm"] {
            var info = stat()
            guard stat(file, &info) == 0, info.st_uid == geteuid(), access(file, W_OK) != 0 else { continue }
            _ = chmod(file, info.st_mode & 0o7777 | S_IWUSR)
        }
    }

    /// What keeps the index at `path` from being written, if its files or folder say.
    public static func unwritable(_ path: String, folder: String) -> String? {
        var info = statvfs()
        if statvfs(folder, &info) == 0, info.f_flag & UInt(ST_RDONLY) != 0 {
            return "the disk holding it is mounted read-only"
        }
        for file in [path, path + "-wal", path + "-shm"] where access(file, F_OK) == 0 && access(file, W_OK) != 0 {
            let name = (file as NSString).lastPathComponent
            if file == path { return "\(name) is read-only (chmod u+w \(file))" }
            return "\(name) is left read-only (when no mixtape runs: rm \(file), or chmod u+w \(file))"
        }
        if access(folder, W_OK | X_OK) != 0 { return "its folder \(folder) cannot be written" }
        return nil
    }

    /// Bytes free for this user on the disk holding `folder`.
    public static func freeBytes(_ folder: String) -> Int64? {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }
}

extension StoreError {
    /// What `.cannotWrite` says, in every message that reports it (an error's, a `watch` log
    /// line's): the index, why, and the room left.
    public static func cannotWriteMessage(path: String, reason: String, freeBytes: Int64?) -> String {
        "the index \(path) cannot be written: \(reason)" + (freeBytes.map { "; \($0.byteSize) free" } ?? "")
    }
}
