import Foundation
import MixtapeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder `sync` writes to (spec/cli.md, `sync DEST`), as the adapter sees it: whether it
/// is there and writable, which names its file system takes (`--names` defaults to `fat` on
/// FAT, exFAT and NTFS, and on a FUSE disk, which is how Linux mounts exFAT and NTFS sticks
/// without a kernel driver), the room left on it, and what the sync keeps in its hidden
/// folder there: the manifest (so a sync from another machine knows what it wrote), the
/// journal of the run under way, the files being written, and a lock.
final class DeviceFolder: @unchecked Sendable {
    let path: String
    /// The lock's descriptor, held for the life of this value.
    private var lock: Int32 = -1
    private var journal: Int32 = -1
    /// The manifest as the device holds it, before a journal is taken in: a run that changes
    /// nothing does not write it again.
    private var stored: SyncManifest?
    /// Whether this run holds DEST (`claim`), and so may write there.
    private var claimed = false

    /// The hidden folder below DEST: players that list folders skip it.
    static let hiddenFolder = ".mixtape-sync"
    static let manifestPath = hiddenFolder + "/manifest.json"
    static let journalPath = hiddenFolder + "/journal.jsonl"
    /// Where files are written before they are renamed into place: on DEST, so the rename
    /// stays on its file system, and emptied by every run, so a killed run leaves nothing.
    static let partialFolder = hiddenFolder + "/partial"
    /// The largest manifest read: a million files' entries take about 400 MB; more is not one
    /// a sync wrote, and is not read into memory.
    static let manifestLimit: Int64 = 512 << 20

    /// DEST as given, checked: it exists (else `SyncError.noDevice`, exit 66) and is a folder.
    init(_ path: String) throws(SyncError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .noDevice(path) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .notAFolder(path) }
        self.path = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    }

    deinit {
        if journal >= 0 { close(journal) }
        if lock >= 0 { close(lock) }
    }

    /// The absolute path of `relative` (a path below DEST).
    func file(_ relative: String) -> String { path + "/" + relative }

    /// Claims DEST for this run: the hidden folder made, the lock held (another sync writing
    /// here is `SyncError.busy`), and what a killed run left half written removed. Throws
    /// `SyncError.cannotWrite` when DEST is read-only.
    func claim() throws(SyncError) {
        let hidden = file(Self.hiddenFolder)
        if mkdir(hidden, 0o755) != 0, errno != EEXIST { throw .cannotWrite(path, String(cString: strerror(errno))) }
        lock = open(hidden + "/lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw .cannotWrite(path, String(cString: strerror(errno))) }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { throw .busy(path) }
        claimed = true
        let partial = file(Self.partialFolder)
        try? FileManager.default.removeItem(atPath: partial)
        if mkdir(partial, 0o755) != 0, errno != EEXIST { throw .cannotWrite(path, String(cString: strerror(errno))) }
    }

    /// The names DEST's file system takes.
    var fileSystemNames: DeviceNames.Rules {
        guard let type = fileSystemType else { return .posix }
        return Self.fatTypes.contains(type) ? .fat : .posix
    }

    /// File systems with FAT's names: the kernel's, and FUSE's (`fuse.fusefat`, `fuse.exfat`;
    /// `fuseblk` is how FUSE mounts a block device, exFAT and NTFS sticks among them).
    static let fatTypes: Set<String> = ["vfat", "msdos", "exfat", "ntfs", "ntfs3", "fuseblk",
                                        "fuse.fusefat", "fuse.exfat", "fuse.exfat-fuse", "fuse.ntfs-3g"]

    /// Bytes free on DEST for this user.
    var freeBytes: Int64? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }

    /// Whether every folder on the way to `relative` is a real folder below DEST, not a
    /// symbolic link (which a device from anywhere may hold, leading to a person's files
    /// elsewhere): a sync writes, moves and deletes only through real folders.
    func staysInside(_ relative: String) -> Bool {
        var path = self.path
        for part in relative.split(separator: "/").dropLast() {
            path += "/" + part
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK { return false }
        }
        return true
    }

    /// The size of the file at `relative`, nil when there is none.
    func size(_ relative: String) -> Int64? {
        var info = stat()
        guard lstat(file(relative), &info) == 0 else { return nil }
        return Int64(info.st_size)
    }

    /// The type of the file system DEST is on (`vfat`, `exfat`, `ext4`), nil when unknown.
    var fileSystemType: String? {
        let real = (path as NSString).resolvingSymlinksInPath
        #if canImport(Glibc)
        // The mount whose point is the longest prefix of DEST, from the kernel's own table
        // (Glibc has no `statfs`; its magic numbers would say the same).
        guard let table = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return nil }
        var best: (point: String, type: String)?
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            let point = Self.unescaped(fields[1])
            let inside = real == point || point == "/" || real.hasPrefix(point + "/")
            if inside, point.count >= best?.point.count ?? 0 { best = (point, String(fields[2])) }
        }
        return best?.type
        #else
        var info = statfs()
        guard statfs(real, &info) == 0 else { return nil }
        return withUnsafeBytes(of: info.f_fstypename) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        #endif
    }
    /// A mount point as the table writes it: a space is `\040`, a tab `\011`, `\\` a backslash.
    static func unescaped(_ field: Substring) -> String {
        var bytes: [UInt8] = []
        var index = field.utf8.startIndex
        let utf8 = field.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            let rest = utf8[index...]
            if byte == 0x5c, rest.count >= 4,
               let value = UInt8(String(decoding: rest.dropFirst().prefix(3), as: UTF8.self), radix: 8) {
                bytes.append(value)
                index = utf8.index(index, offsetBy: 4)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What earlier syncs wrote here, with what a run that was cut short recorded in its
    /// journal; empty when nothing has synced here yet. Entries whose file is no longer there
    /// (a person deleted it, a run was cut short before the rename) are left out, so the plan
    /// writes them again.
    func manifest() throws(SyncError) -> SyncManifest {
        let file = file(Self.manifestPath)
        var manifest = SyncManifest()
        if let size = size(Self.manifestPath), size > Self.manifestLimit {
            throw .damagedManifest(file, "is \(size.byteSize), more than any sync writes (\(Self.manifestLimit.byteSize))")
        }
        if let data = FileManager.default.contents(atPath: file) {
            do {
                manifest = try JSONDecoder().decode(SyncManifest.self, from: data)
            } catch let DecodingError.dataCorrupted(context) {
                throw .damagedManifest(file, "is not JSON (\(context.debugDescription))")
            } catch {
                throw .damagedManifest(file, "is not a manifest this version reads (\(error))")
            }
        } else if FileManager.default.fileExists(atPath: file) {
            throw .damagedManifest(file, "cannot be read")
        }
        stored = manifest
        let changes = try journalChanges()
        manifest = manifest.applying(changes)
        if let (path, reason) = manifest.unsafeEntry {
            throw .damagedManifest(file, "names \(path), \(reason), which a sync never writes")
        }
        // A journal a cut-short run left is taken into the manifest now, so this run starts a
        // journal of its own rather than appending to one (some FAT drivers refuse appends).
        if claimed, !changes.isEmpty { try keep(manifest) }
        manifest.entries.removeAll { size($0.path) == nil }
        return manifest
    }

    /// The changes a run recorded and did not fold into the manifest (it was killed or the
    /// device was pulled out). A last line cut short is dropped: its file was never renamed.
    private func journalChanges() throws(SyncError) -> [SyncManifest.Change] {
        if let size = size(Self.journalPath), size > Self.manifestLimit {
            throw .damagedManifest(file(Self.journalPath), "is \(size.byteSize), more than any sync writes")
        }
        guard let data = FileManager.default.contents(atPath: file(Self.journalPath)) else { return [] }
        let decoder = JSONDecoder()
        return data.split(separator: UInt8(ascii: "\n")).compactMap { try? decoder.decode(SyncManifest.Change.self, from: Data($0)) }
    }

    /// Ends the run: the partial folder, empty now, goes.
    func finish() {
        rmdir(file(Self.partialFolder))
    }

    /// Appends `change` to the journal and flushes it to the device before the caller goes on.
    func record(_ change: SyncManifest.Change) throws(SyncError) {
        if journal < 0 {
            journal = open(file(Self.journalPath), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard journal >= 0 else { throw .cannotWrite(path, String(cString: strerror(errno))) }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var line = Array((try? encoder.encode(change)) ?? Data())
        line.append(UInt8(ascii: "\n"))
        let written = line.withUnsafeBytes { write(journal, $0.baseAddress!, $0.count) }
        guard written == line.count, fdatasync(journal) == 0 else { throw .cannotWrite(path, String(cString: strerror(errno))) }
    }

    /// Keeps `manifest` here, replacing the last one whole (a stick pulled out mid-write
    /// leaves the old manifest or the new, never a part), then empties the journal it holds.
    func keep(_ manifest: SyncManifest) throws(SyncError) {
        if manifest == stored, journal < 0, size(Self.journalPath) == nil { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            try AtomicFile.write(Array(try encoder.encode(manifest)), to: file(Self.manifestPath))
        } catch let failure as AtomicFile.Failure {
            throw .cannotWrite(path, failure.reason)
        } catch {
            throw .cannotWrite(path, "\(error)")
        }
        if journal >= 0 { close(journal); journal = -1 }
        unlink(file(Self.journalPath))
        stored = manifest
    }
}
