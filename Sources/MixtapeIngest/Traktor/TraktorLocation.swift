import MixtapeCore

/// A track's place as Traktor writes it: `LOCATION VOLUME="Macintosh HD" DIR="/:Users/:dj/:"
/// FILE="x.mp3"`. The same three strings joined (`Macintosh HD/:Users/:dj/:x.mp3`) are the
/// `PRIMARYKEY` by which playlists name the track, and the key its id is made from.
struct TraktorLocation: Hashable, Sendable {
    var volume: String
    var directory: String
    var file: String

    /// Top-level folders that only a Mac's start-up disk has: a volume holding them is `/`.
    static let bootFolders = ["Users", "Library", "Applications"]

    /// The playlist key: volume, directory and file as written.
    var primaryKey: String { volume + directory + file }

    /// The path a user sees. `/:` separators become `/`; a drive volume (`C:`) gives
    /// `C:/...`; the start-up disk (a path under Users/, Library/ or Applications/, an empty
    /// volume or one named `Macintosh HD`) gives `/...`; any other volume is mounted at
    /// `/Volumes/<name>` on a Mac. Traktor never percent-encodes, so nothing is decoded.
    /// Built in one pass into one string: it runs for every track of a collection.
    var path: String {
        var directory = directory, file = file, volume = volume
        return directory.withUTF8 { dir in
            file.withUTF8 { name in
                volume.withUTF8 { disk in
                    let isDrive = Self.isDrive(disk)
                    // The tail after the volume: `/` first, then the folders and the file.
                    var tail: [UInt8] = []
                    tail.reserveCapacity(dir.count + name.count + 1)
                    if dir.first != UInt8(ascii: "/") && !(dir.isEmpty && name.first == UInt8(ascii: "/")) {
                        tail.append(UInt8(ascii: "/"))
                    }
                    Self.appendSlashes(dir, to: &tail)
                    tail.append(contentsOf: name)
                    let mount: StaticString
                    let head: UnsafeBufferPointer<UInt8>
                    if isDrive {
                        (mount, head) = ("", disk)
                    } else if disk.isEmpty || disk.elementsEqual("Macintosh HD".utf8) || Self.startsAtBootFolder(tail) {
                        (mount, head) = ("", UnsafeBufferPointer(start: nil, count: 0))
                    } else {
                        (mount, head) = ("/Volumes/", disk)
                    }
                    let mountBytes = UnsafeBufferPointer(start: mount.utf8Start, count: mount.utf8CodeUnitCount)
                    return String(unsafeUninitializedCapacity: mountBytes.count + head.count + tail.count) { out in
                        var count = 0
                        for byte in mountBytes { out[count] = byte; count += 1 }
                        for byte in head { out[count] = byte; count += 1 }
                        for byte in tail { out[count] = byte; count += 1 }
                        return count
                    }
                }
            }
        }
    }

    /// Whether the path's first component (between the leading `/` and the next) is one of
    /// `bootFolders` and another `/` follows it.
    private static func startsAtBootFolder(_ bytes: [UInt8]) -> Bool {
        guard let end = bytes.dropFirst().firstIndex(of: UInt8(ascii: "/")) else { return false }
        let top = bytes[1..<end]
        return bootFolders.contains { top.elementsEqual($0.utf8) }
    }

    /// `C:`, `d:`: one ASCII letter and a colon.
    private static func isDrive(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 2, bytes[1] == UInt8(ascii: ":") else { return false }
        return (65...90).contains(bytes[0]) || (97...122).contains(bytes[0])
    }

    /// Every `/:` read as `/`, left to right. Byte-wise is scalar-wise here: in UTF-8 the
    /// bytes of `/` and `:` never occur inside another character.
    static func slashes(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        bytes.withUnsafeBufferPointer { appendSlashes($0, to: &out) }
        return out
    }

    /// `slashes` of `bytes`, appended to `out`.
    private static func appendSlashes(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var index = 0
        while index < bytes.count {
            out.append(bytes[index])
            index += bytes[index] == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ":") ? 2 : 1
        }
    }

    /// The id's hash input, the primary key, without joining the three strings first.
    func hashPrimaryKey(into hash: inout StableHash) {
        hash.combine(unseparated: volume)
        hash.combine(unseparated: directory)
        hash.combine(file)
    }
}
