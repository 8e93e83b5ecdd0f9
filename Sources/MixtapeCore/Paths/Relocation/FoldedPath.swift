/// A path as relocation compares it (spec/sources.md, "Where the files are now"): split at `/`
/// (and at `\` in a Windows path), each component in NFC and lower case, so the NFD name a Mac
/// wrote, the NFC name Linux holds and the `Artist/` a Windows export spells `artist/` all
/// fold to one key.
///
/// The keys are what the index stores and looks files up by (`name`, `tail`): text that
/// SQLite compares byte for byte, which is why they are normalised here rather than compared
/// by Swift's canonical equivalence.
public enum FoldedPath {
    /// The folded text of one component (or any text): NFC, then lower case.
    public static func fold(_ text: some StringProtocol) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII, most paths: one pass over the bytes, no Unicode tables.
            return String(decoding: text.utf8.map { (0x41...0x5a).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        // `_nfcCodeUnits` is the standard library's NFC, the form its own `String` hashing uses.
        let nfc = String(decoding: String(text)._nfcCodeUnits, as: UTF8.self)
        return nfc.lowercased()
    }

    /// The components of `path` (empty ones dropped: a root's `/`, a doubled `/`).
    public static func components(_ path: String) -> [Substring] {
        PathComponents(path).components.filter { !$0.isEmpty }
    }

    /// The folded file name: the key of a lookup by name (`LocalFiles.named`).
    public static func name(_ path: String) -> String {
        fold(last(2, of: path).last ?? "")
    }

    /// The folded last two components (`album/01 intro.mp3`): the key of a lookup by tail,
    /// which a library of a hundred thousand `01 Intro.mp3` still answers with a few files.
    public static func tail(_ path: String) -> String {
        last(2, of: path).map(fold).joined(separator: "/")
    }

    /// `name` and `tail` at once, from one look at the path's end (what the catalog stores).
    public static func keys(_ path: String) -> (name: String, tail: String) {
        // One fold of the two parts joined (no `/` is made or taken by NFC or lower case).
        let tail = fold(last(2, of: path).joined(separator: "/"))
        guard let slash = tail.utf8.lastIndex(of: 0x2f) else { return (tail, tail) }
        return (String(tail[tail.utf8.index(after: slash)...]), tail)
    }

    /// The last `count` components of `path` (fewer when it has fewer), found from its end:
    /// the catalog keys a hundred thousand files with these, where splitting each whole path
    /// cost more than the rest of the key. A Windows path with `\` is split whole.
    static func last(_ count: Int, of path: String) -> [Substring] {
        if path.utf8.contains(0x5c), PathComponents.isWindowsPath(path) { return Array(components(path).suffix(count)) }
        let utf8 = path.utf8
        var found: [Substring] = []
        var end = utf8.endIndex
        var index = end
        while found.count < count, index > utf8.startIndex {
            let before = utf8.index(before: index)
            if utf8[before] == 0x2f {
                if index < end { found.append(Substring(utf8[index..<end])) }
                end = before
            }
            index = before
        }
        if found.count < count, index < end { found.append(Substring(utf8[index..<end])) }
        return found.reversed()
    }

    /// How many trailing components `a` and `b` share, compared folded.
    static func sharedTail(_ a: [Substring], _ b: [Substring]) -> Int {
        var count = 0
        while count < a.count, count < b.count,
              same(a[a.count - 1 - count], b[b.count - 1 - count]) {
            count += 1
        }
        return count
    }

    /// Whether two components fold to the same text.
    static func same(_ a: Substring, _ b: Substring) -> Bool {
        a == b || fold(a) == fold(b)
    }
}
