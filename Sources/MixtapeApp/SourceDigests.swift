import Foundation
import MixtapeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The chosen items as `SyncChoice`s: each with its file's size and content digest. A file
/// whose `stat` signature is the one the manifest recorded keeps its recorded digest (a re-run
/// of 10,000 unchanged files reads none of them); any other is read and hashed, on every core.
struct SourceDigests {
    /// Digests the manifest recorded, by signature.
    private let known: [String: String]

    init(previous: SyncManifest) {
        var known: [String: String] = [:]
        for entry in previous.entries {
            if let origin = entry.origin { known[origin.signature] = origin.digest }
        }
        self.known = known
    }

    func choices(for items: [(item: MediaItem, file: String)]) -> [SyncChoice] {
        let signatures = items.map { Self.signature(of: $0.file) }
        var digests = signatures.map { $0.flatMap { known[$0.text] } }
        let unknown = digests.indices.filter { digests[$0] == nil && signatures[$0] != nil }
        nonisolated(unsafe) let found = UnsafeMutableBufferPointer<String?>.allocate(capacity: unknown.count)
        found.initialize(repeating: nil)
        defer { found.deinitialize(); found.deallocate() }
        DispatchQueue.concurrentPerform(iterations: unknown.count) { slot in
            found[slot] = Self.digest(of: items[unknown[slot]].file)
        }
        for (slot, index) in unknown.enumerated() { digests[index] = found[slot] }
        return items.indices.map { index in
            let (item, file) = items[index]
            let digest = digests[index] ?? "unreadable"
            let isPart = item.startMs != nil
            // A cue track is its range of the file: two tracks of one image differ.
            let content = "xxh64:" + digest + (isPart ? " part=\(item.startMs ?? 0)+\(item.durationMs ?? 0)" : "")
            let origin = signatures[index].map { SyncManifest.Origin(signature: $0.text, digest: digest) }
            return SyncChoice(item: item, file: file, content: content, isPart: isPart,
                              size: signatures[index]?.size ?? 0, origin: digests[index] == nil ? nil : origin)
        }
    }

    /// What `stat` says of a file, as one string: device, inode, size, and modification and
    /// change times to the nanosecond.
    static func signature(of file: String) -> (text: String, size: Int64)? {
        var info = stat()
        guard stat(file, &info) == 0 else { return nil }
        #if canImport(Glibc)
        let modified = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)", changed = "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
        #else
        let modified = "\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
        let changed = "\(info.st_ctimespec.tv_sec).\(info.st_ctimespec.tv_nsec)"
        #endif
        return ("\(info.st_dev):\(info.st_ino):\(info.st_size):\(modified):\(changed)", Int64(info.st_size))
    }

    /// The file's `ContentDigest`, read in 1 MB blocks; nil when it cannot be read.
    static func digest(of file: String) -> String? {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var digest = ContentDigest()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress!, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return digest.hexDigest }
            digest.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }
}
