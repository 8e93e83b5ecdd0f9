import MixtapeCore

/// Packs a list of strings into one BLOB: each as a LEB128 length and its UTF-8 bytes.
///
/// Used where one row holding a long ordered list beats a row per element: a playlist's
/// entries (a 350,000-entry library's playlists are a few hundred writes) and the line
/// snapshot (100,000 id/line pairs read in one go). Any byte a string may hold survives.
enum StringListCodec {
    static func encode(_ strings: some Sequence<String>) -> [UInt8] {
        var out: [UInt8] = []
        for string in strings { append(string, to: &out) }
        return out
    }

    /// Appends one string, for callers that build a list as they go.
    static func append(_ string: String, to out: inout [UInt8]) {
        var length = string.utf8.count
        repeat {
            let low = UInt8(length & 0x7f)
            length >>= 7
            out.append(length == 0 ? low : low | 0x80)
        } while length > 0
        out.append(contentsOf: string.utf8)
    }

    /// Decodes what `encode` wrote; a damaged tail is dropped rather than trusted.
    static func decode(_ bytes: [UInt8]) -> [String] {
        var strings: [String] = []
        forEach(in: bytes) { strings.append(String(decoding: $0, as: UTF8.self)) }
        return strings
    }

    /// Decodes a list written as alternating pairs straight into two packed lists, making no
    /// `String` (a search reads 100,000 id/line pairs and prints a few of them).
    static func decodePairs(_ bytes: [UInt8], into first: inout PackedStrings, _ second: inout PackedStrings) {
        bytes.withUnsafeBufferPointer { decodePairs($0, into: &first, &second) }
    }

    /// `decodePairs` of bytes lent by their owner (SQLite's own copy of a BLOB column), so
    /// reading the snapshot copies each chunk once, into the packed lists.
    static func decodePairs(_ bytes: UnsafeBufferPointer<UInt8>, into first: inout PackedStrings,
                            _ second: inout PackedStrings) {
        var isFirst = true
        forEach(in: bytes) { slice in
            if isFirst { first.append(slice) } else { second.append(slice) }
            isFirst.toggle()
        }
    }

    /// Hands each encoded string's bytes to `body`, in order; stops at a damaged length.
    private static func forEach(in bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { forEach(in: $0, body) }
    }

    /// `forEach` over bytes lent by their owner.
    private static func forEach(in buffer: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        do {
            var index = 0
            while index < buffer.count {
                var length = 0, shift = 0
                while index < buffer.count, shift < 63 {
                    let byte = buffer[index]
                    index += 1
                    length |= Int(byte & 0x7f) << shift
                    shift += 7
                    if byte & 0x80 == 0 { break }
                }
                guard length <= buffer.count - index else { return }
                body(UnsafeBufferPointer(rebasing: buffer[index..<index + length]))
                index += length
            }
        }
    }

    static func encode(_ ids: [ItemID]) -> [UInt8] { encode(ids.lazy.map(\.rawValue)) }

    static func decodeIDs(_ bytes: [UInt8]) -> [ItemID] { decode(bytes).map(ItemID.init(rawValue:)) }
}
