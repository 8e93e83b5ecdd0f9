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
    /// What the manifest recorded of each source, by signature.
    private let known: [String: SyncManifest.Origin]
    /// ffprobe, which says what an `.m4a` holds; nil when it is not installed.
    private let ffprobe: String?

    /// Containers that hold a lossless or a lossy codec alike: ffprobe says which.
    static let ambiguousContainers: Set<String> = ["m4a", "mp4", "m4b"]

    init(previous: SyncManifest, ffprobe: String?) {
        var known: [String: SyncManifest.Origin] = [:]
        for entry in previous.entries {
            if let origin = entry.origin { known[origin.signature] = origin }
        }
        self.known = known
        self.ffprobe = ffprobe
    }

    func choices(for items: [(item: MediaItem, file: String)]) -> [SyncChoice] {
        let signatures = items.map { Self.signature(of: $0.file) }
        var origins = signatures.map { $0.flatMap { known[$0.text] } }
        let unknown = origins.indices.filter { origins[$0] == nil && signatures[$0] != nil }
        nonisolated(unsafe) let found = UnsafeMutableBufferPointer<SyncManifest.Origin?>.allocate(capacity: unknown.count)
        found.initialize(repeating: nil)
        defer { found.deinitialize(); found.deallocate() }
        DispatchQueue.concurrentPerform(iterations: unknown.count) { slot in
            let index = unknown[slot]
            guard let signature = signatures[index], let digest = Self.digest(of: items[index].file) else { return }
            found[slot] = SyncManifest.Origin(signature: signature.text, digest: digest, codec: codec(of: items[index].file))
        }
        for (slot, index) in unknown.enumerated() { origins[index] = found[slot] }
        return items.indices.map { index in
            let (item, file) = items[index]
            let origin = origins[index]
            let isPart = item.startMs != nil
            // A cue track is its range of the file: two tracks of one image differ.
            let content = "xxh64:" + (origin?.digest ?? "unreadable")
                + (isPart ? " part=\(item.startMs ?? 0)+\(item.durationMs ?? 0)" : "")
            return SyncChoice(item: item, file: file, content: content, isPart: isPart,
                              size: signatures[index]?.size ?? 0, origin: origin, format: origin?.codec)
        }
    }

    /// The audio codec of a container that may hold several, by ffprobe; nil for any other
    /// file, or when ffprobe is missing or cannot tell (the extension decides then).
    private func codec(of file: String) -> String? {
        guard let ffprobe, Self.ambiguousContainers.contains(SyncChoice.format(of: file)),
              let ended = try? ChildProcess.run(ffprobe, ["-v", "error", "-select_streams", "a:0", "-show_entries",
                                                          "stream=codec_name", "-of", "csv=p=0", file],
                                                output: true),
              ended.status == 0 else { return nil }
        let codec = ended.output.trimmingCharacters(in: .whitespacesAndNewlines)
        // AAC is what the extension says already; only another codec overrides it.
        return codec.isEmpty || codec == "aac" ? nil : codec
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
