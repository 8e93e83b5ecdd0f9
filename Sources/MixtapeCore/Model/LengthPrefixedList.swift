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

    /// Copies the string that starts at `offset` in `list`, its length included, to `out`;
    /// returns the offset after it (the end of `list` past a damaged length).
    public static func appendNext(from list: [UInt8], at offset: Int, to out: inout [UInt8]) -> Int {
        let end = list.withUnsafeBufferPointer { buffer in
            next(in: buffer, at: offset).map { $0.start + $0.count } ?? buffer.count
        }
        out.append(contentsOf: list[offset..<end])
        return end
    }

    /// Hands each string's bytes to `body`, in order. A damaged length ends the walk, so a
    /// damaged tail is dropped rather than trusted.
    public static func forEach(in bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { forEach(in: $0, body) }
    }

    /// `forEach` over bytes the caller holds elsewhere (SQLite's buffer of a BLOB), uncopied.
    public static func forEach(in buffer: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var index = 0
        while index < buffer.count, let string = next(in: buffer, at: index) {
            body(UnsafeBufferPointer(rebasing: buffer[string.start..<string.start + string.count]))
            index = string.start + string.count
        }
    }

    /// Where the bytes of the string whose length starts at `index` are, or nil when that
    /// length is damaged (runs past the end).
    @inline(__always)
    private static func next(in buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> (start: Int, count: Int)? {
        var index = index, length = 0, shift = 0
        while index < buffer.count, shift < 63 {
            let byte = buffer[index]
            index += 1
            length |= Int(byte & 0x7f) << shift
            shift += 7
            if byte & 0x80 == 0 { break }
        }
        return length <= buffer.count - index ? (index, length) : nil
    }
}
