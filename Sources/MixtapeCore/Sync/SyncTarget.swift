/// `sync --transcode FORMAT[:QUALITY]` (spec/cli.md): what a file whose format is not kept
/// becomes on the device: `mp3:V0` (VBR) or `mp3:320k` (CBR), `aac:256k`, `opus:160k`, `flac`.
public struct SyncTarget: Hashable, Sendable, CustomStringConvertible {
    public enum Format: String, Hashable, Sendable, CaseIterable {
        case mp3, aac, opus, flac

        /// The extension of a file in this format.
        public var fileExtension: String {
            switch self {
            case .mp3: "mp3"
            case .aac: "m4a"
            case .opus: "opus"
            case .flac: "flac"
            }
        }
    }

    public var format: Format
    /// `V0`…`V9` (mp3 only) or a bit rate such as `256k`; nil for the format's default.
    public var quality: String?

    public init(format: Format, quality: String? = nil) {
        self.format = format
        self.quality = quality
    }

    /// The default: MP3 V0, which every car stereo and phone plays.
    public static let standard = SyncTarget(format: .mp3, quality: "V0")

    public init(parsing text: String) throws(SyncTargetError) {
        let parts = text.lowercased().split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let format = Format(rawValue: String(parts[0])) else { throw .unknownFormat(text) }
        self.format = format
        guard parts.count == 2 else { return }
        let quality = String(parts[1])
        if format == .mp3, quality.count == 2, quality.first == "v", let level = Int(quality.dropFirst()), (0...9).contains(level) {
            self.quality = "V\(level)"
        } else if format != .flac, quality.hasSuffix("k"), let rate = Int(quality.dropLast()), (8...512).contains(rate) {
            self.quality = "\(rate)k"
        } else {
            throw .badQuality(text)
        }
    }

    /// About how many bytes a file of `durationMs` takes in this format, for `--dry-run` and
    /// the check for room on the device: a bit rate's worth (LAME's typical rates for V0…V9),
    /// a FLAC the size of its source.
    public func estimatedBytes(durationMs: Int64, sourceBytes: Int64) -> Int64 {
        let kilobits: Int64
        switch format {
        case .flac: return sourceBytes
        case .mp3:
            let vbr: [Int64] = [245, 225, 190, 175, 165, 130, 115, 100, 85, 65]
            if let quality, quality.hasPrefix("V"), let level = Int(quality.dropFirst()), vbr.indices.contains(level) {
                kilobits = vbr[level]
            } else {
                kilobits = Self.rate(quality) ?? 320
            }
        case .aac: kilobits = Self.rate(quality) ?? 256
        case .opus: kilobits = Self.rate(quality) ?? 160
        }
        return durationMs * kilobits / 8
    }

    private static func rate(_ quality: String?) -> Int64? {
        guard let quality, quality.hasSuffix("k") else { return nil }
        return Int64(quality.dropLast())
    }

    /// `mp3:V0`, as written back in a manifest and in messages.
    public var description: String { format.rawValue + (quality.map { ":" + $0 } ?? "") }
}

public enum SyncTargetError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownFormat(String)
    case badQuality(String)

    public var description: String {
        switch self {
        case .unknownFormat(let text): "--transcode \(text): the formats are mp3, aac, opus and flac"
        case .badQuality(let text):
            "--transcode \(text): a quality is V0 to V9 (mp3) or a bit rate such as 256k; flac takes none"
        }
    }
}
