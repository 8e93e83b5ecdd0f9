import Foundation
import MixtapeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File-system questions about the paths a playlist will list.
enum PlayablePath {
    /// `http://…` and other URLs are listed as they are and never checked.
    static func isURL(_ path: String) -> Bool {
        let utf8 = path.utf8
        guard let colon = utf8.firstIndex(of: 0x3a), utf8[colon...].starts(with: "://".utf8) else { return false }
        let scheme = utf8[..<colon]
        // A scheme is letters, digits, + - . and longer than a drive letter (`C://` is no URL).
        return scheme.count > 1 && scheme.allSatisfy { byte in
            (0x61...0x7a).contains(byte | 0x20) || (0x30...0x39).contains(byte) || byte == 0x2b || byte == 0x2d || byte == 0x2e
        }
    }

    /// Finds paths as they exist here, tolerating NFC/NFD differences (a library written on a
    /// Mac names files in NFD; the same files copied to Linux are often NFC).
    ///
    /// Exporting 10,000 entries of a Mac library on Linux means 10,000 files that are not
    /// there: a folder found missing answers for every file in it, and ASCII paths, which have
    /// one spelling, are looked up once.
    final class Finder {
        private var folderExists: [String: Bool] = [:]

        /// `path` as it exists here, or nil.
        func existing(_ path: String) -> String? {
            if let slash = path.utf8.lastIndex(of: 0x2f), slash != path.utf8.startIndex,
               !folderMayExist(String(path[..<slash])) {
                return nil
            }
            return Finder.spellings(path).first { Finder.exists($0) }
        }

        private func folderMayExist(_ folder: String) -> Bool {
            if let known = folderExists[folder] { return known }
            let exists = Finder.spellings(folder).contains { Finder.exists($0, folder: true) }
            folderExists[folder] = exists
            return exists
        }

        /// Whether something (a folder, with `folder`) is at `path`, named by its own bytes
        /// (`PathBytes`), so a file name that is not UTF-8 is found (Foundation would look
        /// for the escape characters' UTF-8 instead).
        private static func exists(_ path: String, folder: Bool = false) -> Bool {
            var info = stat()
            guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return false }
            return !folder || (info.st_mode & S_IFMT) == S_IFDIR
        }

        private static func spellings(_ path: String) -> [String] {
            guard path.utf8.contains(where: { $0 >= 0x80 }) else { return [path] }
            var result = [path]
            for variant in [path.precomposedStringWithCanonicalMapping, path.decomposedStringWithCanonicalMapping]
            where !result.contains(where: { Array($0.utf8) == Array(variant.utf8) }) {
                result.append(variant)
            }
            return result
        }
    }
}
