/// Where one application keeps its library on one kind of system: what `doctor`, `index` with
/// no source, and `index --discover` look for and tell the user about.
///
/// A pattern is a `/`-separated path below its `base`; a segment may hold one `*` (Traktor's
/// folder is named after its version). Nothing here touches the file system: the finder in
/// MixtapeApp expands the patterns, and confirms each file by its content.
public struct LibraryLocation: Hashable, Sendable {
    /// What a pattern is below.
    public enum Base: String, Hashable, Sendable, CaseIterable {
        /// The home folder on Linux.
        case linuxHome = "Linux"
        /// The home folder on macOS.
        case macHome = "macOS"
        /// A Windows user's profile folder (`C:\Users\NAME`), also as seen on a mounted Windows
        /// disk (`/mnt/c/Users/NAME`) or in a Wine prefix.
        case windowsProfile = "Windows"
        /// The top of a disk: the USB drive a DJ carries, or a disk of another computer.
        case driveRoot = "a drive"
    }

    /// The application, as people call it ("Engine DJ").
    public let application: String
    public let base: Base
    /// The path below `base`, `/`-separated; a segment may hold one `*`.
    public let pattern: String
    /// The `ContentKind` ids the file must be recognised as, so a `database.xml` of another
    /// program is never offered as VirtualDJ's.
    public let kinds: Set<String>

    public init(_ application: String, _ base: Base, _ pattern: String, kinds: Set<String>) {
        self.application = application
        self.base = base
        self.pattern = pattern
        self.kinds = kinds
    }

    /// The pattern's segments.
    public var segments: [Substring] { pattern.split(separator: "/") }

    /// The place as its own system writes it: `~/Music/_Serato_/database V2`,
    /// `%USERPROFILE%\Music\_Serato_\database V2`, `DRIVE/_Serato_/database V2`.
    public var shown: String {
        switch base {
        case .linuxHome, .macHome: "~/" + pattern
        case .windowsProfile: "%USERPROFILE%\\" + String(pattern.map { $0 == "/" ? "\\" : $0 })
        case .driveRoot: "DRIVE/" + pattern
        }
    }

    /// Whether `name` matches the pattern's segment `segment` (`*` matches any run of
    /// characters, case-sensitively, as the applications spell their folders).
    public static func matches(_ name: Substring, segment: Substring) -> Bool {
        guard let star = segment.firstIndex(of: "*") else { return name == segment }
        let prefix = segment[..<star]
        let suffix = segment[segment.index(after: star)...]
        return name.count >= prefix.count + suffix.count && name.hasPrefix(prefix) && name.hasSuffix(suffix)
    }
}
