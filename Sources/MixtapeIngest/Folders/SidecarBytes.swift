import MixtapeCore

/// The bytes of one sidecar, read whole but never past a limit: sidecars are a few kilobytes
/// (the largest real yt-dlp `.info.json` is about 1 MB, with every format listed), so a bigger
/// file is a mistake or hostile, and reading it would cost memory for nothing.
enum SidecarBytes {
    /// 8 MiB: eight times the largest real sidecar seen.
    static let limit = 8 << 20

    /// The file's bytes, or a warning at the sidecar's path (line and column 0) saying why
    /// there are none. The size is checked while reading too, since the file may have grown
    /// since the walk stat-ed it.
    static func read(path: String, limit: Int = SidecarBytes.limit, what: String = "sidecar")
        -> Result<[UInt8], SidecarBytesWarning> {
        let file: SourceFile
        do {
            file = try SourceFile(path: path)
        } catch {
            return .failure(SidecarBytesWarning(path: path, message: unreadable(error, what: what)))
        }
        defer { file.closeFile() }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { try file.readChunk(into: $0) }
            } catch {
                return .failure(SidecarBytesWarning(path: path, message: unreadable(error, what: what)))
            }
            if count == 0 { return .success(bytes) }
            bytes += chunk[..<count]
            if bytes.count > limit {
                return .failure(SidecarBytesWarning(path: path, message:
                    "the \(what) is larger than \(limit >> 20) MiB; ignored"))
            }
        }
    }

    private static func unreadable(_ error: any Error, what: String) -> String {
        "cannot read the \(what): \((error as? SourceReadError)?.reason ?? "\(error)"); ignored"
    }
}

/// Why a sidecar's bytes could not be had, as the warning the indexer reports.
struct SidecarBytesWarning: Error {
    var warning: IndexWarning

    init(path: String, message: String) {
        warning = IndexWarning(position: SourcePosition(file: path, line: 0, column: 0), message: message)
    }
}
