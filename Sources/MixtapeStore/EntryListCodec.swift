import MixtapeCore

/// Packs a playlist's ordered item ids into one BLOB: each id as a LEB128 length and its UTF-8
/// bytes. One row per playlist instead of one per entry keeps a 350,000-entry library's
/// playlists a few hundred writes, and any byte an id may hold survives the round trip.
enum EntryListCodec {
    static func encode(_ ids: [ItemID]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(ids.count * 26)
        for id in ids {
            var length = id.rawValue.utf8.count
            repeat {
                let low = UInt8(length & 0x7f)
                length >>= 7
                out.append(length == 0 ? low : low | 0x80)
            } while length > 0
            out.append(contentsOf: id.rawValue.utf8)
        }
        return out
    }

    /// Decodes what `encode` wrote; a damaged tail is dropped rather than trusted.
    static func decode(_ bytes: [UInt8]) -> [ItemID] {
        var ids: [ItemID] = []
        var index = 0
        while index < bytes.count {
            var length = 0, shift = 0
            while index < bytes.count, shift < 63 {
                let byte = bytes[index]
                index += 1
                length |= Int(byte & 0x7f) << shift
                shift += 7
                if byte & 0x80 == 0 { break }
            }
            guard length <= bytes.count - index else { break }
            ids.append(ItemID(rawValue: String(decoding: bytes[index..<index + length], as: UTF8.self)))
            index += length
        }
        return ids
    }
}
