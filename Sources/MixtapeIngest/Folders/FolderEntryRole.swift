import MixtapeCore

/// What a file name says the file is, from its extension alone (ASCII case ignored): the walk
/// stats only media files and sidecars, so the test must be cheap and need no disk access.
enum FolderEntryRole: Equatable, Sendable {
    case media
    case sidecar
    /// `.m3u`, `.m3u8`, `.pls`, `.xspf`, `.wpl`: a playlist of the folder source.
    case playlist
    case other

    init(name: String) {
        if let ext = FolderEntryRole.pathExtension(of: name), FolderWalker.mediaExtensions.contains(ext) {
            self = .media
        } else if FolderEntryRole.sidecarSuffixes.contains(where: { FolderEntryRole.name(name, hasSuffix: $0) }) {
            self = .sidecar
        } else if PlaylistFileFormat(fileName: name) != nil {
            self = .playlist
        } else {
            self = .other
        }
    }

    static let sidecarSuffixes = [".xmp", ".nfo", ".info.json", ".cue"]

    /// The text after the last `.`, ASCII-lower-cased; nil when there is none or nothing
    /// before it (`.mp3` is a hidden file's name, not an extension).
    static func pathExtension(of name: String) -> String? {
        let bytes = name.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return nil }
        let ext = bytes[bytes.index(after: dot)...]
        guard !ext.isEmpty else { return nil }
        return String(decoding: ext.map(asciiLowercased), as: UTF8.self)
    }

    /// Whether `name` ends with `suffix` (ASCII, lower case), ignoring ASCII case in `name`.
    static func name(_ name: String, hasSuffix suffix: String) -> Bool {
        let bytes = name.utf8
        let wanted = suffix.utf8
        guard bytes.count > wanted.count else { return false }
        return zip(bytes.suffix(wanted.count), wanted).allSatisfy { asciiLowercased($0) == $1 }
    }

    /// `name` without the last `count` bytes (an ASCII suffix, so no character is cut).
    static func name(_ name: String, droppingLast count: Int) -> String {
        String(decoding: name.utf8.dropLast(count), as: UTF8.self)
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
