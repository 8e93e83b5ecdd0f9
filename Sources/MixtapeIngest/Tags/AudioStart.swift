#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MixtapeCore

/// A look at the start of a media file before TagLib reads it, so one damaged file costs a
/// bounded time. TagLib hunts through an MPEG file for its first frame, and through a file of
/// zeros (a copy that failed, a download not written yet, a sparse file) that hunt reads the
/// whole file: about 80 s a gigabyte, with the writer lock held. A file whose first 64 KB after
/// its ID3v2 tag are all zeros, or, for MPEG, hold no two frames in a row, is not given to
/// TagLib.
public enum AudioStart {
    /// How much of the file is looked at after its ID3v2 tag.
    public static let window = 64 * 1024
    /// Files smaller than this are not looked at: TagLib's hunt through them is short anyway.
    public static let smallestChecked: Int64 = 1 << 20

    /// Why the file at `path` (of `size` bytes, extension `ext` in lower case) is not worth
    /// TagLib's reading, or nil when it looks like audio (or could not be looked at: TagLib
    /// then says what it finds).
    public static func damage(path: String, size: Int64, ext: String) -> String? {
        guard size >= smallestChecked else { return nil }
        let fd = PathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 10)
        guard pread(fd, &header, 10, 0) == 10 else { return nil }
        let start = tagLength(header)
        var bytes = [UInt8](repeating: 0, count: window)
        let count = pread(fd, &bytes, window, off_t(start))
        guard count > 0 else { return nil }
        return damage(of: bytes[..<count], ext: ext)
    }

    /// The verdict on the bytes that follow the file's ID3v2 tag (pure, for tests and fuzzing).
    public static func damage(of bytes: ArraySlice<UInt8>, ext: String) -> String? {
        if !bytes.contains(where: { $0 != 0 }) {
            return "its first \(bytes.count / 1024) KB of audio are all zeros (a copy that failed, or a file not "
                + "written yet)"
        }
        if mpegExtensions.contains(ext), !hasFrameSync(bytes) {
            return "no MPEG audio frames in its first \(bytes.count / 1024) KB of audio"
        }
        return nil
    }

    static let mpegExtensions: Set<String> = ["mp3", "mp2", "mpga"]

    /// The length of the ID3v2 tag `header` (the file's first 10 bytes) opens, header and
    /// footer included; 0 when it opens none. Its size is four 7-bit bytes.
    static func tagLength(_ header: [UInt8]) -> Int {
        guard header.count >= 10, header[0] == 0x49, header[1] == 0x44, header[2] == 0x33,
              header[6...9].allSatisfy({ $0 < 0x80 }) else { return 0 }
        let size = header[6...9].reduce(0) { $0 << 7 | Int($1) }
        return 10 + size + (header[5] & 0x10 != 0 ? 10 : 0)
    }

    /// Whether an MPEG audio frame starts somewhere in `bytes` the way TagLib checks one: a
    /// valid header (11 sync bits, a version, layer, bitrate and sample rate that are not
    /// reserved) followed, one frame length on, by the header of a frame of the same version,
    /// layer and sample rate. A header alone is not enough: two bytes of noise make one, and
    /// TagLib, finding no next frame behind it, hunts on through the whole file (12 s for
    /// 100 MB). A frame whose successor lies past `bytes` is taken on trust only when `bytes`
    /// is all there is (the file ends within the window). Free-format frames (bitrate 0, so no
    /// length to find the next one by) are not counted: random bytes make one in most 64 KB,
    /// and no encoder in use writes them.
    static func hasFrameSync(_ bytes: ArraySlice<UInt8>) -> Bool {
        let fileEnds = bytes.count < window
        var index = bytes.startIndex
        while index + 3 < bytes.endIndex {
            if let frame = MPEGFrame(bytes, at: index), let length = frame.length {
                let next = index + length
                if next + 3 >= bytes.endIndex {
                    if fileEnds { return true }
                } else if let following = MPEGFrame(bytes, at: next), following.isSameStream(as: frame) {
                    return true
                }
            }
            index += 1
        }
        return false
    }
}

/// An MPEG audio frame header (ISO 11172-3 and 13818-3): what `AudioStart` needs of it to find
/// the next one.
struct MPEGFrame {
    /// 3 = MPEG 1, 2 = MPEG 2, 0 = MPEG 2.5 (the header's two version bits).
    let version: UInt8
    /// 3 = layer I, 2 = layer II, 1 = layer III (the header's two layer bits).
    let layer: UInt8
    let sampleRate: Int
    /// Bits per second; nil for free format.
    let bitrate: Int?
    let padded: Bool

    /// The header at `index`, or nil when the four bytes there are not a valid one.
    init?(_ bytes: ArraySlice<UInt8>, at index: Int) {
        guard index + 3 < bytes.endIndex, bytes[index] == 0xFF, bytes[index + 1] & 0xE0 == 0xE0 else { return nil }
        version = bytes[index + 1] >> 3 & 0x03
        layer = bytes[index + 1] >> 1 & 0x03
        let bitrateIndex = Int(bytes[index + 2] >> 4), rateIndex = Int(bytes[index + 2] >> 2 & 0x03)
        guard version != 1, layer != 0, bitrateIndex != 15, rateIndex != 3 else { return nil }
        sampleRate = [44100, 48000, 32000][rateIndex] >> (version == 3 ? 0 : version == 2 ? 1 : 2)
        let table = version == 3 ? MPEGFrame.mpeg1Kilobits[Int(3 - layer)]
            : MPEGFrame.mpeg2Kilobits[layer == 3 ? 0 : 1]
        bitrate = bitrateIndex == 0 ? nil : table[bitrateIndex - 1] * 1000
        padded = bytes[index + 2] & 0x02 != 0
    }

    /// Bytes from this header to the next; nil for free format.
    var length: Int? {
        guard let bitrate else { return nil }
        let padding = padded ? 1 : 0
        switch layer {
        case 3: return (12 * bitrate / sampleRate + padding) * 4
        case 1 where version != 3: return 72 * bitrate / sampleRate + padding
        default: return 144 * bitrate / sampleRate + padding
        }
    }

    func isSameStream(as other: MPEGFrame) -> Bool {
        version == other.version && layer == other.layer && sampleRate == other.sampleRate
    }

    /// Kilobits per second by bitrate index 1…14: MPEG 1 layers I, II, III.
    static let mpeg1Kilobits: [[Int]] = [
        [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
        [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
        [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
    ]
    /// MPEG 2 and 2.5: layer I, then layers II and III.
    static let mpeg2Kilobits: [[Int]] = [
        [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
        [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    ]
}
