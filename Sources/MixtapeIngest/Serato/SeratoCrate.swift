#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MixtapeCore

/// One crate file beside a `database V2`: a `.crate` in `_Serato_/Subcrates` or a smart
/// crate's `.scrate` in `_Serato_/SmartCrates`. Both are TLV like the database: `vrsn`
/// (`1.0/Serato ScratchLive Crate`, `… Smart Crate`), the columns shown (`osrt`, `ovct`), a
/// smart crate's rules (`rart`, `rlut`, `rurt`), and one `otrk` per entry holding its path
/// (`ptrk`), in the crate's order. Only the entries are read.
///
/// A crate's name is its file name without the extension; `%%` in it separates the folders
/// Serato shows it in: `House%%Deep%%Late.crate` is the crate `Late` in `House` › `Deep`.
struct SeratoCrate: Sendable {
    /// Where a crate file lies, and which kind it is.
    struct File: Sendable, Hashable {
        var path: String
        var isSmart: Bool
        /// The file name's parts between `%%`, the last the crate's own name.
        var components: [String]
    }

    static let ptrk = SeratoRecord.tag("ptrk")

    var file: File
    /// The entries' paths (as the database's `pfil`), in order, repeats kept.
    var entries: [String] = []
    /// A hash of the file's bytes.
    var fingerprint = ""

    /// The crate files beside the database at `databasePath`, crates then smart crates, each
    /// kind in the order of their folder paths (`precedes`: parents before their subcrates). Files directly in
    /// the two folders only: a folder someone keeps inside `Subcrates` is not Serato's.
    static func files(besides databasePath: String) -> [File] {
        let serato = FolderPath.parent(of: databasePath)
        return list(FolderPath.join(serato, "Subcrates"), ".crate", smart: false)
            + list(FolderPath.join(serato, "SmartCrates"), ".scrate", smart: true)
    }

    private static func list(_ folder: String, _ suffix: String, smart: Bool) -> [File] {
        guard let directory = PathBytes.withCString(folder, { opendir($0) }) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = FolderWalker.entryName(entry)
            guard !name.hasPrefix("."), name.utf8.count > suffix.utf8.count, name.hasSuffix(suffix) else { continue }
            var info = stat()
            let path = FolderPath.join(folder, name)
            guard PathBytes.withCString(path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            names.append(name)
        }
        let files = names.map { File(path: FolderPath.join(folder, $0), isSmart: smart, components: components(ofFileName: $0)) }
        return files.sorted { precedes($0.components, $1.components) }
    }

    /// Folder paths in order, part by part, each part by its UTF-8 bytes: a crate comes right
    /// before its subcrates (`A` before `A%%B`, which a plain sort of the names would not do,
    /// `%` being before `.`).
    static func precedes(_ a: [String], _ b: [String]) -> Bool {
        for (x, y) in zip(a, b) where !x.utf8.elementsEqual(y.utf8) { return x.utf8.lexicographicallyPrecedes(y.utf8) }
        return a.count < b.count
    }

    /// `A%%B%%C.crate` → `["A", "B", "C"]`; empty parts are dropped.
    static func components(ofFileName name: String) -> [String] {
        let stem = name[..<(name.lastIndex(of: ".") ?? name.endIndex)]
        let parts = stem.split(separator: "%%", omittingEmptySubsequences: true).map(String.init)
        return parts.isEmpty ? [String(stem)] : parts
    }

    /// Reads a crate from `stream`. A file that does not start with a `vrsn` naming a Serato
    /// crate, or whose records do not fit, is an error at its byte offset in that file.
    static func read(_ file: File, from stream: SeratoRecordStream) throws -> SeratoCrate {
        var crate = SeratoCrate(file: file)
        var first = true
        while try stream.next({ record in
            if first {
                first = false
                let text = record.tag == SeratoDatabase.vrsn && record.body.count % 2 == 0 ? try record.text(file: stream.file) : ""
                guard text.contains("Serato"), text.contains("Crate") else {
                    throw SeratoRecord.error(stream.file, at: 0, "not a Serato crate (its first record is not a vrsn naming a crate)")
                }
            } else if record.tag == SeratoDatabase.otrk {
                var path: String?
                try record.fields(file: stream.file) { field in
                    if field.tag == ptrk { path = try field.text(file: stream.file) }
                }
                if let path, !path.isEmpty { crate.entries.append(path) }
            }
        }) {}
        if first { throw SeratoRecord.error(stream.file, at: 0, "an empty file, not a Serato crate") }
        crate.fingerprint = stream.content.hexDigest
        return crate
    }
}
