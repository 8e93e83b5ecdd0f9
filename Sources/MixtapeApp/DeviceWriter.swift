import Foundation
import MixtapeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Carries out a `SyncPlan` on the device: deletions, then renames, then the files, copied or
/// made by ffmpeg one per core, then the playlists. Every file is written in the device's
/// partial folder, flushed, recorded in the journal and only then renamed into place, so a
/// kill or a pulled-out stick leaves no half file under a final name and the next run knows
/// what this one finished. A source ffmpeg cannot decode is a failure of that file alone; a
/// full device stops the run (what is written stays, and is recorded).
final class DeviceWriter: @unchecked Sendable {
    private let device: DeviceFolder
    private let settings: SyncSettings
    private let ffmpeg: String?
    private let workers: Int
    private let progress: @Sendable (SyncDevice.Progress) -> Void
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var outcome = SyncDevice.Outcome()
    private var stopped: SyncError?
    private var temporaryNumber = 0
    /// The next file to take, files done and their bytes.
    private var next = 0, done = 0, bytesDone: Int64 = 0

    init(device: DeviceFolder, settings: SyncSettings, ffmpeg: String?, workers: Int,
         progress: @escaping @Sendable (SyncDevice.Progress) -> Void) {
        self.device = device
        self.settings = settings
        self.ffmpeg = ffmpeg
        self.workers = max(1, workers)
        self.progress = progress
    }

    /// Takes every step of `plan`; throws when the device is full or cannot be written, after
    /// recording what was done.
    func apply(_ plan: SyncPlan) throws(SyncError) -> SyncDevice.Outcome {
        let entries = Dictionary(plan.manifest.entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var renames: [(from: String, to: String)] = []
        var files: [SyncPlan.Step] = []
        var playlists: [(path: String, text: String)] = []
        for step in plan.steps {
            switch step {
            case .delete(let path): try delete(path)
            case .rename(let from, let to): renames.append((from, to))
            case .copy, .transcode: files.append(step)
            case .writePlaylist(let path, let text): playlists.append((path, text))
            }
        }
        try move(renames, entries: entries)
        try makeFiles(files, entries: entries)
        if let stopped { throw stopped }
        for (path, text) in playlists {
            let missing = Set(outcome.failed.map(\.destination) + outcome.refused.map(\.destination))
            let written = SyncPlan.playlistText(text, leavingOut: missing)
            try writePlaylist(path, text: written, entry: entries[path])
        }
        return outcome
    }

    // MARK: - Deletions and renames

    private func delete(_ path: String) throws(SyncError) {
        guard device.staysInside(path) else { throw .refusedName(path, Self.linkedOut) }
        if unlink(device.file(path)) != 0, errno != ENOENT {
            throw .cannotWrite(device.file(path), String(cString: strerror(errno)))
        }
        try device.record(.removed(path))
        outcome.changes.append(.removed(path))
        outcome.deleted += 1
        removeEmptyFolders(above: path)
    }

    /// Renames through temporary names, since two files may swap places.
    private func move(_ renames: [(from: String, to: String)], entries: [String: SyncManifest.Entry]) throws(SyncError) {
        var parked: [(temporary: String, from: String, to: String)] = []
        for (from, to) in renames {
            guard device.staysInside(from), device.staysInside(to) else { throw .refusedName(to, Self.linkedOut) }
            let temporary = nextTemporary(extension: "")
            guard rename(device.file(from), temporary) == 0 else {
                throw .cannotWrite(device.file(from), String(cString: strerror(errno)))
            }
            parked.append((temporary, from, to))
        }
        // Every old path is recorded gone before any new one is recorded written: in a swap,
        // one file's new path is the other's old one.
        for (_, from, _) in parked {
            try device.record(.removed(from))
            outcome.changes.append(.removed(from))
        }
        for (temporary, from, to) in parked {
            if let entry = entries[to] { try putInPlace(temporary, as: entry) }
            outcome.renamed += 1
            removeEmptyFolders(above: from)
        }
    }

    // MARK: - Files

    /// Copies and transcodes on `workers` threads, each taking the next step.
    private func makeFiles(_ steps: [SyncPlan.Step], entries: [String: SyncManifest.Entry]) throws(SyncError) {
        guard !steps.isEmpty else { return }
        let sizes = steps.map { SyncPlan.estimatedBytes($0, settings: settings) }
        let totalBytes = sizes.reduce(0, +)
        let started = Date()
        DispatchQueue.concurrentPerform(iterations: min(workers, steps.count)) { _ in
            while true {
                let index: Int? = lock.withLock {
                    guard stopped == nil, next < steps.count else { return nil }
                    defer { next += 1 }
                    return next
                }
                guard let index else { return }
                make(steps[index], entries: entries)
                let report: SyncDevice.Progress = lock.withLock {
                    done += 1
                    bytesDone += sizes[index]
                    return SyncDevice.Progress(files: done, totalFiles: steps.count, bytes: bytesDone, totalBytes: totalBytes,
                                    seconds: Date().timeIntervalSince(started))
                }
                progress(report)
            }
        }
    }

    /// One file: made in the partial folder, then put in place; a failure is recorded.
    private func make(_ step: SyncPlan.Step, entries: [String: SyncManifest.Entry]) {
        guard let destination = Self.destination(of: step), let entry = entries[destination] else { return }
        let temporary = lock.withLock { nextTemporary(extension: (destination as NSString).pathExtension) }
        do {
            switch step {
            case .copy(let choice, _): try copy(choice.file, to: temporary)
            case .transcode(let choice, _): try transcode(choice, to: temporary)
            default: return
            }
            try flush(temporary)
            let size = fileSize(temporary)
            try lock.withLock {
                guard stopped == nil else { unlink(temporary); return }
                try putInPlace(temporary, as: entry)
                if case .copy = step { outcome.copied += 1 } else { outcome.transcoded += 1 }
                outcome.bytesWritten += size
            }
        } catch {
            unlink(temporary)
            let failure = error as? SyncError ?? .cannotWrite(device.file(destination), "\(error)")
            lock.withLock {
                switch failure {
                case .undecodable(let file, let reason): outcome.failed.append((file, destination, reason))
                case .refusedName(_, let reason): outcome.refused.append((destination, reason))
                default: if stopped == nil { stopped = failure }
                }
            }
        }
    }

    private func transcode(_ choice: SyncChoice, to temporary: String) throws(SyncError) {
        guard let ffmpeg else { throw .noFFmpeg }
        let command = TranscodeCommand(choice, to: temporary, target: settings.transcode, artPixels: settings.artPixels)
        let ended = try ChildProcess.run(ffmpeg, command.arguments)
        guard ended.status != 0 else { return }
        if ended.output.contains("No space left on device") || (device.freeBytes ?? 1) <= 0 {
            throw .full(needed: nil, free: device.freeBytes)
        }
        // ffmpeg names the file it could not write: then the device is at fault, not the source.
        if ended.output.contains(temporary) {
            throw .cannotWrite(temporary, ended.output.split(separator: "\n").last.map(String.init) ?? "ffmpeg could not write it")
        }
        let reason = ended.output.split(separator: "\n").last.map(String.init) ?? "ffmpeg exited with status \(ended.status)"
        throw .undecodable(choice.file, reason)
    }

    /// Copies the bytes of `source` to `target`.
    private func copy(_ source: String, to target: String) throws(SyncError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .undecodable(source, String(cString: strerror(errno))) }
        defer { close(input) }
        let output = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw .cannotWrite(target, String(cString: strerror(errno))) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .undecodable(source, String(cString: strerror(errno))) }
            if count == 0 { return }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { write(output, $0.baseAddress! + offset, count - offset) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw Self.writeFailure(target) }
                offset += written
            }
        }
    }

    /// The playlist's text, written whole, recorded with the digest of what it holds.
    private func writePlaylist(_ path: String, text: String, entry: SyncManifest.Entry?) throws(SyncError) {
        let temporary = nextTemporary(extension: "m3u8")
        guard let handle = FileHandle(forWritingAtPath: temporary) ?? {
            FileManager.default.createFile(atPath: temporary, contents: nil) ? FileHandle(forWritingAtPath: temporary) : nil
        }() else { throw .cannotWrite(device.file(path), String(cString: strerror(errno))) }
        do {
            try handle.write(contentsOf: Data(text.utf8))
            try handle.synchronize()
            try handle.close()
        } catch {
            unlink(temporary)
            throw Self.writeFailure(device.file(path))
        }
        var written = entry ?? SyncManifest.Entry(path: path, owner: "playlist:", content: "", made: "playlist")
        written.content = SyncPlan.playlistContent(text)
        try putInPlace(temporary, as: written)
        outcome.playlists += 1
        outcome.bytesWritten += Int64(text.utf8.count)
    }

    // MARK: - Putting in place

    /// Records `entry`, then renames `temporary` to its path (folders made as needed). A name
    /// the device refuses is `SyncError.refusedName`, recorded gone again.
    private func putInPlace(_ temporary: String, as entry: SyncManifest.Entry) throws(SyncError) {
        guard device.staysInside(entry.path) else { throw .refusedName(entry.path, Self.linkedOut) }
        try device.record(.wrote(entry))
        outcome.changes.append(.wrote(entry))
        var made = ""
        var failure: Int32 = 0
        for part in entry.path.split(separator: "/").dropLast() {
            made += (made.isEmpty ? "" : "/") + part
            if mkdir(device.file(made), 0o755) != 0, errno != EEXIST { failure = errno; break }
        }
        if failure == 0, rename(temporary, device.file(entry.path)) != 0 { failure = errno }
        guard failure != 0 else { return }
        let reason = String(cString: strerror(failure))
        guard [EPERM, EINVAL, EILSEQ, ENAMETOOLONG].contains(failure) else { throw .cannotWrite(device.file(entry.path), reason) }
        try device.record(.removed(entry.path))
        outcome.changes.append(.removed(entry.path))
        throw .refusedName(entry.path, reason)
    }

    /// Flushes a finished file to the device before it is renamed into place.
    private func flush(_ path: String) throws(SyncError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotWrite(path, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Self.writeFailure(path) }
    }

    /// A new name in the partial folder. Callers hold `lock` or run before the workers start.
    private func nextTemporary(extension ext: String) -> String {
        temporaryNumber += 1
        return device.file(DeviceFolder.partialFolder) + "/\(temporaryNumber)" + (ext.isEmpty ? "" : "." + ext)
    }

    /// Removes the folders above `path` that its going left empty, up to DEST (a folder that
    /// holds anything, a person's file included, stays).
    private func removeEmptyFolders(above path: String) {
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty, rmdir(device.file(folder)) == 0 {
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    private func fileSize(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }

    static let linkedOut = "a folder on its way is a symbolic link, which may lead out of DEST"

    private static func writeFailure(_ path: String) -> SyncError {
        errno == ENOSPC || errno == EDQUOT ? .full(needed: nil, free: nil) : .cannotWrite(path, String(cString: strerror(errno)))
    }

    static func destination(of step: SyncPlan.Step) -> String? {
        switch step {
        case .copy(_, let to), .transcode(_, let to): to
        default: nil
        }
    }
}
