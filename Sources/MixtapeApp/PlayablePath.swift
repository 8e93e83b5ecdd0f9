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
    /// there: a folder found missing answers for every file in it, and a folder whose parent is
    /// missing is missing too (one look at `/Users`, not one per album in each spelling). ASCII
    /// paths, which have one spelling, are looked up once. Answers are kept for the run, so the
    /// saved exports of an index ask once for a file they share. They are kept by bytes (`PathKey`).
    final class Finder {
        private var folders: [PathKey: Bool] = [:]
        private var files: [PathKey: Found?] = [:]
        /// The folder asked about last and its answer: entries in library order come an album
        /// at a time, so most are answered by one comparison, with no key made or looked up.
        private var lastFolder: [UInt8] = []
        private var lastFolderExists = false

        /// A path as it exists here, and what it is (`stat` answers both at once).
        struct Found {
            var path: String
            var kind: FileKind
        }

        /// `path` as it exists here, or nil.
        func existing(_ path: String) -> String? { find(path)?.path }

        /// `path` as it exists here and what it is, or nil.
        func find(_ path: String) -> Found? {
            var text = path
            let folderExists = text.withUTF8 { bytes in
                guard let slash = bytes.lastIndex(of: 0x2f), slash != 0 else { return true }
                return folderMayExist(UnsafeBufferPointer(rebasing: bytes[..<slash]))
            }
            guard folderExists else { return nil }
            let key = text.withUTF8(PathKey.init)
            if let known = files[key] { return known }
            var found: Found?
            for spelling in Finder.spellings(path) {
                if let kind = Finder.kind(spelling) { found = Found(path: spelling, kind: kind); break }
            }
            files[key] = found
            return found
        }

        private func folderMayExist(_ folder: UnsafeBufferPointer<UInt8>) -> Bool {
            if folder.count == lastFolder.count,
               lastFolder.withUnsafeBufferPointer({ PathKey.same($0, folder) }) { return lastFolderExists }
            let exists = folderMayExist(PathKey(folder))
            lastFolder = Array(folder)
            lastFolderExists = exists
            return exists
        }

        private func folderMayExist(_ key: PathKey) -> Bool {
            if let known = folders[key] { return known }
            let exists = key.bytes.withUnsafeBufferPointer { folder in
                // A folder whose parent is missing is missing in every spelling.
                if let slash = folder.lastIndex(of: 0x2f), slash != 0,
                   !folderMayExist(PathKey(UnsafeBufferPointer(rebasing: folder[..<slash]))) {
                    return false
                }
                // Cut at a `/` of a String's UTF-8: valid UTF-8, decoded to the same text.
                return Finder.spellings(String(decoding: folder, as: UTF8.self)).contains { Finder.exists($0, folder: true) }
            }
            folders[key] = exists
            return exists
        }

        /// Whether something (a folder, with `folder`) is at `path`, named by its own bytes
        /// (`PathBytes`), so a file name that is not UTF-8 is found (Foundation would look
        /// for the escape characters' UTF-8 instead).
        private static func exists(_ path: String, folder: Bool = false) -> Bool {
            guard let kind = kind(path) else { return false }
            return !folder || kind == .folder
        }

        /// What is at `path` (after symbolic links), nil when nothing is.
        static func kind(_ path: String) -> FileKind? {
            var info = stat()
            guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return nil }
            return FileKind(info)
        }

        /// `path`, then its NFC and NFD spellings when they differ from it.
        static func spellings(_ path: String) -> [String] {
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

/// A path's bytes as a dictionary key, hashed once (`PackedStringIndex.hash`) and compared with `memcmp`:
/// `[UInt8]` hashes and compares byte by byte through generic code, `String` through its NFC
/// form, either of which was most of a 10,000-entry export's existence checks.
private struct PathKey: Hashable {
    let bytes: [UInt8]
    let hash: UInt64

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = Array(bytes)
        hash = PackedStringIndex.hash(bytes)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (left: PathKey, right: PathKey) -> Bool {
        left.hash == right.hash && left.bytes.withUnsafeBufferPointer { l in right.bytes.withUnsafeBufferPointer { same(l, $0) } }
    }

    /// Whether two byte runs are the same.
    static func same(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        left.count == right.count && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
    }
}
