import MixtapeCore

/// Reads a binary file of foobar2000 1.x front to back, never past its end: every read checks
/// the bytes are there first, and a count or length read from the file is checked against what
/// is left before anything is sized by it, so a lying length is a located error
/// (`MalformedSourceError` at the byte it was read from), never a crash or a large allocation.
struct LittleEndianCursor {
    let bytes: [UInt8]
    /// The file's path, for errors.
    let file: String
    private(set) var offset = 0

    init(_ bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset == bytes.count }

    /// The error at `offset` (a byte offset from the start): `file:1:offset+1`, the byte also
    /// named in the reason.
    func error(_ reason: String, at offset: Int? = nil) -> MalformedSourceError {
        let at = offset ?? self.offset
        return MalformedSourceError(position: SourcePosition(file: file, line: 1, column: at + 1),
                                    reason: "\(reason) (at byte \(at))")
    }

    mutating func bytes(_ count: Int, _ what: String) throws(MalformedSourceError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else {
            throw error("\(what): \(count) bytes, but only \(remaining) are left in the file")
        }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    mutating func skip(_ count: Int, _ what: String) throws(MalformedSourceError) {
        _ = try bytes(count, what)
    }

    mutating func uint32(_ what: String) throws(MalformedSourceError) -> UInt32 {
        let slice = try bytes(4, what)
        var value: UInt32 = 0
        for (shift, byte) in slice.enumerated() { value |= UInt32(byte) << (8 * UInt32(shift)) }
        return value
    }

    mutating func uint64(_ what: String) throws(MalformedSourceError) -> UInt64 {
        let slice = try bytes(8, what)
        var value: UInt64 = 0
        for (shift, byte) in slice.enumerated() { value |= UInt64(byte) << (8 * UInt64(shift)) }
        return value
    }

    /// A count or length read from the file, which must fit in what is left when each counted
    /// thing takes at least `unit` bytes.
    mutating func count(_ what: String, unit: Int) throws(MalformedSourceError) -> Int {
        let at = offset
        let value = Int(try uint32(what))
        guard value <= remaining / max(unit, 1) else {
            throw error("\(what) says \(value), more than the \(remaining) bytes left can hold", at: at)
        }
        return value
    }

    /// A Windows GUID of 16 bytes in its usual spelling (`52655132-8F57-4C56-9AEE-17525C679A5D`:
    /// the first three fields little-endian).
    static func guid(_ slice: ArraySlice<UInt8>) -> String {
        let bytes = Array(slice)
        let order = [3, 2, 1, 0, -1, 5, 4, -1, 7, 6, -1, 8, 9, -1, 10, 11, 12, 13, 14, 15]
        return order.map { $0 < 0 ? "-" : hex(bytes[$0]) }.joined()
    }

    /// The 16 bytes as 32 upper-case hexadecimal digits, in file order (a 1.x `.fpl` file's name).
    static func hexName(_ slice: ArraySlice<UInt8>) -> String {
        slice.map(hex).joined()
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
