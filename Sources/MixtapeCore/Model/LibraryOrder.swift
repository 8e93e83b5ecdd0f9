/// Library order (spec/cli.md): artist, album, disc number, track number, title, id, the order
/// of `search` without a query and the last tiebreak of every ranked list.
///
/// Text compares as people read it: case-insensitive, with Latin accents folded and NFC and
/// NFD spellings equal (`Beyoncé` sorts with `Beyonce\u{301}`, `björk` with `Björk`); a field
/// with no value sorts after every value. The order is computed once per item as a byte key,
/// so the index can keep items sorted and `search` reads them in order instead of sorting.
public enum LibraryOrder {
    /// The key whose byte order (memcmp) is library order.
    public static func sortKey(for item: MediaItem) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(96)
        appendSortKey(for: item, to: &key)
        return key
    }

    /// Appends the item's sort key to `bytes`: for a writer that builds a whole row in one
    /// reused buffer instead of allocating a key per item.
    public static func appendSortKey(for item: MediaItem, to key: inout [UInt8]) {
        appendText(item.artist, to: &key)
        appendText(item.album, to: &key)
        appendNumber(item.discNumber, to: &key)
        appendNumber(item.trackNumber, to: &key)
        appendText(item.title, to: &key)
        key.append(contentsOf: item.id.rawValue.utf8)
    }

    /// Appends an ASCII text lower-cased (a NUL as 0x01, so it ends no key); false, with
    /// nothing appended, when the text is not all ASCII.
    private static func appendASCII(_ bytes: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) -> Bool {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
        for byte in bytes {
            switch byte {
            case 0: key.append(0x01)
            case 0x41...0x5a: key.append(byte | 0x20)
            default: key.append(byte)
            }
        }
        return true
    }

    /// `0x01` + folded UTF-8 + `0x00` for a value, `0x02` for none: every value sorts before
    /// the unknown, and a shorter text before its extensions.
    private static func appendText(_ text: String?, to key: inout [UInt8]) {
        guard let text else { return key.append(0x02) }
        key.append(0x01)
        // Most tags are ASCII: lower-cased byte by byte, with no scalar decoding or folding
        // table (this runs for three fields of every item an import writes). A native text
        // lends its bytes as it is (a copy, for the mutating `withUTF8`, was a retain and a
        // release of it).
        var ascii = text
        let done = text.utf8.withContiguousStorageIfAvailable { appendASCII($0, to: &key) }
            ?? ascii.withUTF8 { appendASCII($0, to: &key) }
        if done { return key.append(0x00) }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let folded: Unicode.Scalar
            if value < tableEnd {
                let entry = table[Int(value)]
                if entry == dropped { continue }
                folded = Unicode.Scalar(entry) ?? scalar
            } else {
                if LatinFolding.isDroppedMark(value) { continue }
                folded = self.folded(scalar)
            }
            // 0x00 ends a field, so a NUL inside a value must not end it early.
            if folded.value == 0 { key.append(0x01); continue }
            UTF8.encode(folded) { key.append($0) }
        }
        key.append(0x00)
    }

    /// One scalar as the key spells it: lower-cased (the first scalar of its mapping), then
    /// reduced to its Latin base letter. Combining marks are dropped before this.
    private static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        Unicode.Scalar(LatinFolding.fold(lowercased(scalar.value))) ?? scalar
    }

    /// `folded` precomputed below `tableEnd` (Latin, Greek, Cyrillic, …), `dropped` for a
    /// combining mark: asking Unicode for an accented capital's properties and lower-case
    /// mapping (a new String) for every such letter was half of making the keys of a library
    /// with accented names. Built on first use.
    private static let table: [UInt32] = (0..<tableEnd).map { value in
        guard let scalar = Unicode.Scalar(value) else { return value }
        return LatinFolding.isDroppedMark(value) ? dropped : folded(scalar).value
    }

    private static let tableEnd: UInt32 = 0x800
    /// A `table` entry for a scalar the key leaves out (no scalar has this value).
    private static let dropped = UInt32.max

    /// Big-endian with the sign bit flipped, so byte order is numeric order.
    private static func appendNumber(_ number: Int64?, to key: inout [UInt8]) {
        guard let number else { return key.append(0x02) }
        key.append(0x01)
        let biased = UInt64(bitPattern: number) ^ (1 << 63)
        for shift in stride(from: 56, through: 0, by: -8) { key.append(UInt8(truncatingIfNeeded: biased >> UInt64(shift))) }
    }

    private static func lowercased(_ value: UInt32) -> UInt32 {
        if value < 0x80 { return (0x41...0x5a).contains(value) ? value | 0x20 : value }
        guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased else { return value }
        return scalar.properties.lowercaseMapping.unicodeScalars.first?.value ?? value
    }
}
