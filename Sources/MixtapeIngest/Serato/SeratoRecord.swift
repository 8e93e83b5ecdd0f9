import MixtapeCore

/// One record of a Serato file, valid while its bytes are lent (`SeratoRecordStream.next`).
/// Serato's files are TLV all the way down: a record's body is either a value or more records
/// (`otrk` holds a track's fields, `ovct` a crate column's). The tag's first letter says which:
/// `t` UTF-16 big-endian text, `p` a path (the same), `u` a 32-bit big-endian number, `s` a
/// 16-bit one, `b` one byte, `o` and `r` nested records.
struct SeratoRecord {
    /// The 4 ASCII bytes as one big-endian number (`otrk` is 0x6F74726B).
    let tag: UInt32
    /// The file offset of the record's header.
    let offset: Int
    let body: UnsafeRawBufferPointer

    /// The tag as its four letters, for messages (bytes that are not printable ASCII as `?`).
    static func name(_ tag: UInt32) -> String {
        String((0..<4).map { index -> Character in
            let byte = UInt8(truncatingIfNeeded: tag >> UInt32(24 - 8 * index))
            return byte >= 0x20 && byte < 0x7F ? Character(UnicodeScalar(byte)) : "?"
        })
    }

    /// The tag for four ASCII letters.
    static func tag(_ letters: StaticString) -> UInt32 {
        precondition(letters.utf8CodeUnitCount == 4)
        return (0..<4).reduce(0) { $0 << 8 | UInt32(letters.utf8Start[$1]) }
    }

    /// A big-endian 32-bit number at `index`.
    static func u32(_ bytes: UnsafeRawBufferPointer, at index: Int) -> UInt32 {
        UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8 | UInt32(bytes[index + 3])
    }

    /// The error every malformed Serato file is: `file at byte N: reason`, exit 65.
    static func error(_ file: String, at offset: Int, _ reason: String) -> MalformedSourceError {
        MalformedSourceError(position: SourcePosition(file: file, byteOffset: offset), reason: reason)
    }

    /// Hands each record the body holds to `each`, in order. A body that does not divide into
    /// whole records (a header cut short, a length past the body's end) is an error at that
    /// record's file offset. Only one level: a nested record's own fields are read by asking it.
    func fields(file: String, _ each: (SeratoRecord) throws -> Void) throws {
        var index = 0
        while index < body.count {
            let at = offset + 8 + index
            guard body.count - index >= 8 else {
                throw Self.error(file, at: at, "the \(Self.name(tag)) record at byte \(offset) ends inside a field header")
            }
            let tag = Self.u32(body, at: index)
            let length = Int(Self.u32(body, at: index + 4))
            guard length <= body.count - index - 8 else {
                throw Self.error(file, at: at, "a \(Self.name(tag)) field of \(length) bytes runs past the end of the "
                                 + "\(Self.name(self.tag)) record at byte \(offset)")
            }
            let start = index + 8
            try each(SeratoRecord(tag: tag, offset: at, body: UnsafeRawBufferPointer(rebasing: body[start..<(start + length)])))
            index = start + length
        }
    }

    /// The body as UTF-16 big-endian text. An odd length is an error; an unpaired surrogate
    /// reads as U+FFFD, as any UTF-16 decoder does. Decoded by hand into UTF-8, ASCII (most of
    /// what Serato holds) copied straight: the standard library's generic UTF-16 decoding over
    /// a mapped sequence was most of a 100,000-track read.
    func text(file: String) throws -> String {
        guard body.count % 2 == 0 else {
            throw Self.error(file, at: offset, "a \(Self.name(tag)) text of \(body.count) bytes (UTF-16 needs an even count)")
        }
        let count = body.count / 2
        if isASCII {
            return String(unsafeUninitializedCapacity: count) { narrowASCII(into: $0) }
        }
        return String(unsafeUninitializedCapacity: count * 3) { out in
            var written = 0
            var index = 0
            func unit(_ at: Int) -> UInt32 { UInt32(body[2 * at]) << 8 | UInt32(body[2 * at + 1]) }
            while index < count {
                var scalar = unit(index)
                index += 1
                if scalar & 0xFC00 == 0xD800, index < count, unit(index) & 0xFC00 == 0xDC00 {
                    scalar = 0x10000 + ((scalar & 0x3FF) << 10 | unit(index) & 0x3FF)
                    index += 1
                } else if scalar & 0xF800 == 0xD800 {
                    scalar = 0xFFFD
                }
                switch scalar {
                case ..<0x80:
                    out[written] = UInt8(scalar)
                    written += 1
                case ..<0x800:
                    out[written] = UInt8(0xC0 | scalar >> 6)
                    out[written + 1] = UInt8(0x80 | scalar & 0x3F)
                    written += 2
                case ..<0x10000:
                    out[written] = UInt8(0xE0 | scalar >> 12)
                    out[written + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    out[written + 2] = UInt8(0x80 | scalar & 0x3F)
                    written += 3
                default:
                    out[written] = UInt8(0xF0 | scalar >> 18)
                    out[written + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                    out[written + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    out[written + 3] = UInt8(0x80 | scalar & 0x3F)
                    written += 4
                }
            }
            return written
        }
    }

    /// A number Serato writes as text (`tbpm` `120.73`), read by `read` from the text's UTF-8
    /// bytes. ASCII text, as numbers are, is narrowed straight into a buffer on the stack: no
    /// `String` is made. Anything else is decoded as `text(file:)` does, so `read` sees the
    /// same bytes either way. An odd length is the same error as for any text.
    func number<Value>(file: String, _ read: (UnsafeBufferPointer<UInt8>) -> Value?) throws -> Value? {
        guard body.count % 2 == 0, body.count / 2 <= Self.longestNumber, isASCII else {
            var text = try text(file: file)
            return text.withUTF8(read)
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: body.count / 2) { narrowed in
            read(UnsafeBufferPointer(rebasing: narrowed[..<narrowASCII(into: narrowed)]))
        }
    }

    /// Longer number texts (never written by Serato) are decoded as any text is.
    private static let longestNumber = 64

    /// Whether the body, read as UTF-16 big-endian code units, is all ASCII.
    private var isASCII: Bool {
        (0..<(body.count / 2)).allSatisfy { body[2 * $0] == 0 && body[2 * $0 + 1] < 0x80 }
    }

    /// Writes an ASCII body's characters, one byte each, into `out`; returns how many.
    private func narrowASCII(into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let count = body.count / 2
        for index in 0..<count { out[index] = body[2 * index + 1] }
        return count
    }

    /// The body as a 32-bit big-endian number; another length is an error.
    func number(file: String) throws -> UInt32 {
        guard body.count == 4 else {
            throw Self.error(file, at: offset, "a \(Self.name(tag)) number of \(body.count) bytes, not 4")
        }
        return Self.u32(body, at: 0)
    }
}
