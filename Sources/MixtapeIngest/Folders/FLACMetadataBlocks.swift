import MixtapeCore

/// The metadata blocks at the head of a FLAC file (after `fLaC`, through the block marked
/// last), read front to back: what `FLACCueSheet` needs to find a native `CUESHEET` block.
/// Cover art makes the head large at times, so reading stops at 16 MiB; a file that does not
/// start with `fLaC`, or ends before its last block, has none.
enum FLACMetadataBlocks {
    static let limit = 16 << 20

    static func read(path: String) -> [UInt8]? {
        guard let file = try? SourceFile(path: path) else { return nil }
        defer { file.closeFile() }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var offset = 4
        while bytes.count <= limit {
            let count = (try? chunk.withUnsafeMutableBytes { try file.readChunk(into: $0) }) ?? 0
            guard count > 0 else { return nil }
            bytes += chunk[..<count]
            guard bytes.count >= 4 else { continue }
            guard bytes.starts(with: Array("fLaC".utf8)) else { return nil }
            // Walk the block headers read so far; done once the last block is whole.
            while offset + 4 <= bytes.count {
                let length = Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                let end = offset + 4 + length
                guard end <= bytes.count else { break }
                if bytes[offset] & 0x80 != 0 { return Array(bytes[4..<end]) }
                offset = end
            }
        }
        return nil
    }
}
