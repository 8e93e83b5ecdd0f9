import Foundation

/// File-system questions about the paths a playlist will list.
enum PlayablePath {
    /// `http://…` and other URLs are listed as they are and never checked.
    static func isURL(_ path: String) -> Bool {
        guard let colon = path.firstIndex(of: ":"), path[colon...].hasPrefix("://") else { return false }
        return path[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
            && path.distance(from: path.startIndex, to: colon) > 1
    }

    /// `path` as it exists here, tolerating NFC/NFD differences (a library written on a Mac
    /// names files in NFD; the same files copied to Linux are often NFC), or nil.
    static func existing(_ path: String) -> String? {
        let manager = FileManager.default
        for candidate in [path, path.precomposedStringWithCanonicalMapping, path.decomposedStringWithCanonicalMapping]
        where manager.fileExists(atPath: candidate) {
            return candidate
        }
        return nil
    }
}
