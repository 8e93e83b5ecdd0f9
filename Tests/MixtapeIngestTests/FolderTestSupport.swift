import Foundation
import MixtapeCore
import MixtapeIngest

/// A folder tree made for one test in a fresh temporary folder and removed after it, so the
/// walker is tested on a real file system (symlinks, hidden names, mtimes) and never in the
/// repository.
final class TemporaryTree {
    /// Absolute path of the tree's root (no trailing slash).
    let root: String

    init() throws {
        root = NSTemporaryDirectory() + "mixtape-walk-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// The absolute path of `relative` in the tree.
    func path(_ relative: String) -> String { root + "/" + relative }

    /// Writes `text` to `relative`, making the folders it needs; returns the absolute path.
    @discardableResult
    func file(_ relative: String, _ text: String = "") throws -> String {
        try file(relative, bytes: Array(text.utf8))
    }

    @discardableResult
    func file(_ relative: String, bytes: [UInt8]) throws -> String {
        let full = path(relative)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }

    /// Makes the folder `relative` (and its parents).
    func folder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    /// Makes `relative` a symlink to `destination` (written as given: absolute or relative).
    func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
    }

    /// Sets the mtime of `relative` to `seconds` since 1970.
    func touch(_ relative: String, seconds: Double) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)],
                                              ofItemAtPath: path(relative))
    }

    /// The scan of the whole tree.
    func scan() -> FolderScan { FolderWalker.scan(root: root) }

    /// Paths relative to the root, for short expectations.
    func relative(_ path: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}

/// Inline `.nfo` and `.info.json` sidecars (XMP packets come from `SidecarXML.packet`).
enum FolderSidecars {
    /// An `.nfo` with `root` and one child element per field, in order.
    static func nfo(_ root: String, _ fields: KeyValuePairs<String, String>) -> String {
        let body = fields.map { "  <\($0.key)>\($0.value)</\($0.key)>" }.joined(separator: "\n")
        return "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<\(root)>\n\(body)\n</\(root)>\n"
    }

    /// An `.info.json` object with these string members.
    static func infoJSON(_ members: KeyValuePairs<String, String>, categories: [String] = []) -> String {
        var parts = members.map { "\"\($0.key)\": \"\($0.value)\"" }
        if !categories.isEmpty { parts.append("\"categories\": [" + categories.map { "\"\($0)\"" }.joined(separator: ", ") + "]") }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}
