/// A path split at its separators, for comparing paths the way a person means them rather than
/// byte by byte: `PathMapping` and `RelativePath` both work on these.
///
/// Windows paths (`C:\Music`, `c:/Music`, `\\server\share`) use `\` and `/` alike as the
/// separator and are rewritten with `/`; in a POSIX path a `\` is an ordinary file-name
/// character and stays. Splitting is on the UTF-8 byte `/`, never on `Character`s, so a `/`
/// followed by a combining mark still separates.
struct PathComponents {
    /// The path, with `\` turned into `/` when it is a Windows path; otherwise the path as it
    /// came, so slices of it keep the original bytes.
    let text: String
    let isWindows: Bool
    /// Slices of `text` between `/`s; a leading `/` gives an empty first component.
    let components: [Substring]

    init(_ path: String) {
        isWindows = PathComponents.isWindowsPath(path)
        text = isWindows ? String(decoding: path.utf8.map { $0 == 0x5c ? 0x2f : $0 }, as: UTF8.self) : path
        components = text.utf8.split(separator: 0x2f, omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// A drive path (`C:`, `C:\…`, `C:/…`) or a UNC path written with backslashes (`\\server`).
    static func isWindowsPath(_ path: String) -> Bool {
        let bytes = Array(path.utf8.prefix(3))
        if bytes.count >= 2, bytes[0] == 0x5c, bytes[1] == 0x5c { return true }
        return LocationEncoder.drivePath(bytes) != nil
    }

    /// How many leading components name the root: 1 for `/…` and `C:/…`, 4 for
    /// `//server/share/…`; nil for a relative path, a URL, or a UNC path without a share.
    var rootCount: Int? {
        if isWindows, components.count >= 1, components[0].utf8.count == 2, components[0].utf8.last == 0x3a {
            return 1
        }
        guard components.count >= 2, components[0].isEmpty else { return nil }
        guard components[1].isEmpty else { return 1 }
        // `/` alone, `///x` (which POSIX reads as `/x`), or `//server/share`: a UNC root.
        if components.count == 2 || components[2].isEmpty { return 1 }
        return components.count >= 4 ? 4 : nil
    }

    /// Whether two components name the same thing: canonically equivalent text (Swift's `==`,
    /// so an NFC name equals its NFD spelling), or the same drive letter in either case.
    static func same(_ a: Substring, _ b: Substring) -> Bool {
        if a.utf8.count == 2, b.utf8.count == 2, a.utf8.last == 0x3a, b.utf8.last == 0x3a,
           let x = a.utf8.first, let y = b.utf8.first,
           LocationEncoder.isASCIILetter(x), LocationEncoder.isASCIILetter(y) {
            return x | 0x20 == y | 0x20
        }
        return String(a) == String(b)
    }
}
