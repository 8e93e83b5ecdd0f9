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
/// its ID3v2 tag are all zeros, or, for MPEG, hold no frame sync, is not given to TagLib.
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
            return "no MPEG audio frame in its first \(bytes.count / 1024) KB of audio"
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

    /// Whether an MPEG frame header may start somewhere in `bytes`: 11 set bits (0xFF, then a
    /// byte whose top three bits are set) with a layer that is not "reserved".
    static func hasFrameSync(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            if bytes[index] == 0xFF, bytes[index + 1] & 0xE0 == 0xE0, bytes[index + 1] & 0x06 != 0 { return true }
            index += 1
        }
        return false
    }
}
