/// A list of byte strings laid end to end, each as a LEB128 length and its bytes: the form the
/// index keeps a playlist's entries and the line snapshot in, defined once here so the readers
/// that pack entries as they go and the store that reads them agree byte for byte.
public enum LengthPrefixedList {
    /// Appends one string's length; its bytes follow.
    @inline(__always)
    public static func appendLength(_ length: Int, to out: inout [UInt8]) {
        var length = length
        repeat {
            let low = UInt8(length & 0x7f)
            length >>= 7
            out.append(length == 0 ? low : low | 0x80)
        } while length > 0
    }

    /// Appends one string: its length, then its bytes.
    @inline(__always)
    public static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        appendLength(bytes.count, to: &out)
        out.append(contentsOf: bytes)
    }

    /// Hands each string's bytes to `body`, in order. A damaged length ends the walk, so a
    /// damaged tail is dropped rather than trusted.
    public static func forEach(in bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { forEach(in: $0, body) }
    }

    /// `forEach` over bytes the caller holds elsewhere (SQLite's buffer of a BLOB), uncopied.
    public static func forEach(in buffer: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
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
