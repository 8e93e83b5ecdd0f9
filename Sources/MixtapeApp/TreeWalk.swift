import Foundation
import MixtapeCore
import MixtapeIngest
import MixtapeStore

/// The media files under the folder an export sits in (`ResolveLocations.tree`), with the keys
/// the catalog finds them by. Listed where relocation needs them, or ahead of it on a thread
/// of its own while the sources are read (`ahead`): relocation asks for them only after the
/// read, and listing a copied iTunes folder of a hundred thousand files takes as long as a
/// third of reading its export. A walk ahead that nobody takes (every entry was where it
/// says) stops when it is let go.
final class TreeWalk: @unchecked Sendable {
    /// What a walk found, and the limit that stopped it (nil: the whole tree).
    struct Found: Sendable {
        /// Each file's path and folded tail in one string, `path NUL tail` (no path holds a
        /// NUL): one allocation a file instead of three, held while the sources are read.
        private var packed: [(text: String, size: Int64?)] = []
        var limit: FolderWalker.WalkLimit?

        mutating func append(_ listed: FileCatalog.Listed) {
            packed.append((listed.file.path + "\u{0}" + listed.tail, listed.file.size))
        }

        /// Each file as the catalog takes it.
        func forEach(_ body: (FileCatalog.Listed) throws -> Void) rethrows {
            for (text, size) in packed {
                let utf8 = text.utf8
                guard let nul = utf8.firstIndex(of: 0) else { continue }
                let tail = String(text[utf8.index(after: nul)...])
                let name = tail.utf8.lastIndex(of: 0x2f).map { String(tail[tail.utf8.index(after: $0)...]) } ?? tail
                try body(FileCatalog.Listed(LocalFile(path: String(text[..<nul]), size: size), name: name, tail: tail))
            }
        }
    }

    let tree: String
    private let shared: Shared
    private let task: BackgroundTask<Void>

    /// Starts walking `tree` now, within the bounds of `ResolveLocations`.
    init(ahead tree: String, files: Int, seconds: Double) {
        self.tree = tree
        let shared = Shared()
        self.shared = shared
        task = BackgroundTask {
            var found = Found()
            found.limit = try TreeWalk.list(tree, files: files, seconds: seconds) { listed in
                guard !shared.stopped else { throw CancellationError() }
                found.append(listed)
            }
            shared.put(found)
        }
    }

    deinit { stop() }

    /// Stops the walk where it is, if it still runs.
    func stop() { shared.stop() }

    /// Waits for the walk; what it found, handed over once (nil after, or when it failed: the
    /// tree is walked again where it is needed).
    func take() -> Found? {
        guard (try? task.value()) != nil else { return nil }
        return shared.take()
    }

    /// Whether the export at `path` looks like it names files that are not here: the first
    /// `file://` URL in its head (an iTunes export's Music Folder, a rekordbox or Rhythmbox
    /// track) is in a folder this machine does not have. Only a hint of when to walk ahead, so
    /// that the export of this machine's own library, the usual case, costs no walk at all;
    /// an export with no URL there (Traktor) is searched when relocation needs it.
    static func namesFilesElsewhere(_ path: String) -> Bool {
        guard let head = try? FileHead.read(path: path), let start = head.offset(of: "file://") else { return false }
        let bytes = head.bytes[start...]
        // The URL ends where its attribute or element does (`&` too: an entity is no URL byte).
        let end = bytes.firstIndex { $0 <= 0x20 || $0 == 0x22 || $0 == 0x27 || $0 == 0x3c || $0 == 0x26 } ?? bytes.endIndex
        let location = LocationDecoder.decode(String(decoding: bytes[..<end], as: UTF8.self))
        return !FileFacts.exists(FolderPath.parent(of: location))
    }

    /// Hands each media file under `tree` to `body` with its keys; returns the limit that
    /// stopped the walk, if one did.
    static func list(_ tree: String, files: Int, seconds: Double,
                     _ body: (FileCatalog.Listed) throws -> Void) throws -> FolderWalker.WalkLimit? {
        try FolderWalker.mediaFiles(under: tree, files: files, seconds: seconds) { path, size in
            try body(FileCatalog.Listed(LocalFile(path: path, size: size)))
        }
    }

    /// What the walking thread and the one that takes its result share, behind a lock.
    private final class Shared: @unchecked Sendable {
        private let lock = NSLock()
        private var isStopped = false
        private var found: Found?

        var stopped: Bool { lock.withLock { isStopped } }
        func stop() { lock.withLock { isStopped = true } }
        func put(_ value: Found) { lock.withLock { found = value } }
        func take() -> Found? {
            lock.withLock {
                defer { found = nil }
                return found
            }
        }
    }
}
