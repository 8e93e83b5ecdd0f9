import MixtapeCore

/// Packs a list of strings into one BLOB: each as a LEB128 length and its UTF-8 bytes
/// (`LengthPrefixedList`, which readers that pack playlist entries themselves share).
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
        LengthPrefixedList.appendLength(string.utf8.count, to: &out)
        out.append(contentsOf: string.utf8)
    }

    /// Decodes what `encode` wrote; a damaged tail is dropped rather than trusted.
    static func decode(_ bytes: [UInt8]) -> [String] {
        var strings: [String] = []
        LengthPrefixedList.forEach(in: bytes) { strings.append(String(decoding: $0, as: UTF8.self)) }
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
        forEachPair(in: bytes) { first.append($0); second.append($1) }
    }

    /// Hands each pair of a list written as alternating pairs to `body`, uncopied (a last
    /// string without its partner is dropped).
    static func forEachPair(in bytes: UnsafeBufferPointer<UInt8>,
                            _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        var first: UnsafeBufferPointer<UInt8>?
        LengthPrefixedList.forEach(in: bytes) { slice in
            if let held = first {
                body(held, slice)
                first = nil
            } else {
                first = slice
            }
        }
    }

    static func encode(_ ids: [ItemID]) -> [UInt8] { encode(ids.lazy.map(\.rawValue)) }

    static func decodeIDs(_ bytes: [UInt8]) -> [ItemID] { decode(bytes).map(ItemID.init(rawValue:)) }
}
