/// `--relative`: a path written relative to the playlist's folder, so a playlist and its music
/// can move together (to a USB stick, another machine) and still play.
public enum RelativePath {
    /// `path` relative to `folder`, with `..` components where needed and `/` separators:
    /// `/Music/A/x.mp3` relative to `/Music/B` is `../A/x.mp3`.
    ///
    /// Both must be absolute and normalised (no `.` or `..` components): POSIX paths, drive
    /// paths on the same drive (`C:` = `c:`), or UNC paths on the same `//server/share`.
    /// Anything else (a relative path, a URL, different drives or shares) comes back unchanged,
    /// since no relative path reaches it. Components compare as in `PathMapping` (NFC = NFD);
    /// the components written out keep the path's own bytes.
    public static func make(path: String, relativeTo folder: String) -> String {
        let target = PathComponents(path)
        let base = PathComponents(folder)
        guard let root = target.rootCount, base.rootCount == root else { return path }
        for index in 0..<root where !PathComponents.same(target.components[index], base.components[index]) {
            return path
        }
        let targetRest = target.components.dropFirst(root).filter { !$0.isEmpty && $0 != "." }
        let baseRest = base.components.dropFirst(root).filter { !$0.isEmpty && $0 != "." }
        var common = 0
        while common < targetRest.count, common < baseRest.count,
              PathComponents.same(targetRest[common], baseRest[common]) {
            common += 1
        }
        let parts = Array(repeating: "..", count: baseRest.count - common)
            + targetRest[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
