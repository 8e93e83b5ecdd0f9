/// The ffmpeg arguments that make one device file from a file here (spec/cli.md, `sync`):
/// the audio encoded as `SyncTarget` says, a cue track cut to its part, the index's tags
/// written over the file's own (the index is what the person curated: album artist, track and
/// disc numbers, year, genre), and the cover art carried over, scaled down to fit `artPixels`.
/// Opus in Ogg carries no picture stream ffmpeg can write, so art goes only into MP3, M4A and
/// FLAC. Pure: the adapter runs it, writing to a temporary name it renames when ffmpeg is done.
public struct TranscodeCommand: Hashable, Sendable {
    public var arguments: [String]

    public init(_ choice: SyncChoice, to output: String, target: SyncTarget, artPixels: Int?) {
        var arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"]
        if choice.isPart, let start = choice.item.startMs {
            arguments += ["-ss", Self.seconds(start)]
            if let duration = choice.item.durationMs { arguments += ["-t", Self.seconds(duration)] }
        }
        arguments += ["-i", choice.file, "-map", "0:a:0"]
        let art = target.format != .opus
        if art { arguments += ["-map", "0:v:0?"] }
        arguments += ["-map_metadata", "0", "-map_chapters", "-1"]
        arguments += Self.codec(target)
        if art {
            arguments += ["-c:v", "mjpeg", "-disposition:v", "attached_pic"]
            if let artPixels {
                // Never scaled up; the longer side made at most `artPixels`, the ratio kept.
                arguments += ["-vf", "scale='min(\(artPixels),iw)':'min(\(artPixels),ih)':force_original_aspect_ratio=decrease"]
            }
        }
        for (key, value) in Self.tags(of: choice.item) { arguments += ["-metadata", "\(key)=\(value)"] }
        switch target.format {
        case .mp3: arguments += ["-id3v2_version", "3", "-f", "mp3"]
        case .aac: arguments += ["-f", "ipod"]
        case .opus: arguments += ["-f", "ogg"]
        case .flac: arguments += ["-f", "flac"]
        }
        arguments.append(output)
        self.arguments = arguments
    }

    private static func codec(_ target: SyncTarget) -> [String] {
        switch target.format {
        case .mp3:
            if let quality = target.quality, quality.hasPrefix("V") { return ["-c:a", "libmp3lame", "-q:a", String(quality.dropFirst())] }
            return ["-c:a", "libmp3lame", "-b:a", target.quality ?? "320k"]
        case .aac: return ["-c:a", "aac", "-b:a", target.quality ?? "256k"]
        case .opus: return ["-c:a", "libopus", "-b:a", target.quality ?? "160k"]
        case .flac: return ["-c:a", "flac"]
        }
    }

    /// The index's tags, under the names ffmpeg's muxers map to each format's own.
    static func tags(of item: MediaItem) -> [(String, String)] {
        var tags: [(String, String)] = []
        func add(_ key: String, _ value: String?) {
            if let value, !value.isEmpty { tags.append((key, value)) }
        }
        add("title", item.title)
        add("artist", item.artist)
        add("album_artist", item.albumArtist)
        add("album", item.album)
        add("genre", item.genre)
        add("composer", item.composer)
        add("date", item.year.map(String.init))
        add("track", item.trackNumber.map { number in item.trackCount.map { "\(number)/\($0)" } ?? "\(number)" })
        add("disc", item.discNumber.map { number in item.discCount.map { "\(number)/\($0)" } ?? "\(number)" })
        return tags
    }

    /// Milliseconds as ffmpeg's seconds (`183.250`).
    static func seconds(_ milliseconds: Int64) -> String {
        let whole = milliseconds / 1_000, rest = milliseconds % 1_000
        return "\(whole)." + String(repeating: "0", count: 3 - String(rest).count) + String(rest)
    }
}
