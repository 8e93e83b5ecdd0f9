import CLibXML2

/// An element's attributes as libxml2's SAX2 callback hands them over: five pointers each
/// (local name, prefix, URI, value start, value end). Nothing is copied until asked for.
public struct XMLAttributes {
    let raw: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    /// How many attributes the element has.
    public let count: Int

    init(raw: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        self.raw = raw
        self.count = raw == nil ? 0 : count
    }

    /// The name of attribute `index` (0..<count).
    public func name(at index: Int) -> XMLName { XMLName(raw![index * 5]!) }

    /// The value of attribute `index` (0..<count).
    public func value(at index: Int) -> XMLAttributeValue {
        let entry = raw! + index * 5
        return XMLAttributeValue(start: entry[3]!, end: entry[4]!)
    }

    /// The value of the attribute called `name`, or nil when the element has none.
    public subscript(_ name: StaticString) -> XMLAttributeValue? {
        for index in 0..<count where self.name(at: index).is(name) { return value(at: index) }
        return nil
    }
}

/// One attribute value: a view of libxml2's buffer with the few conversions readers need.
public struct XMLAttributeValue {
    let start: UnsafePointer<UInt8>
    let end: UnsafePointer<UInt8>

    /// The value's bytes (entities already replaced, except `&`: see `string`).
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: end - start) }

    /// Whether the value is empty.
    public var isEmpty: Bool { start == end }

    /// The value as text. Without entity substitution libxml2 hands `&amp;` over as the
    /// character reference `&#38;` (so a tree builder could re-parse it); undone here, on
    /// the bytes: a String search and replace cost a tenth of a large collection's read.
    public var string: String {
        let bytes = bytes
        guard let first = bytes.firstIndex(of: UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { out in
            var count = 0
            var index = 0
            while index < bytes.count {
                if index >= first, bytes[index] == UInt8(ascii: "&"), Self.isAmpersandReference(bytes, at: index) {
                    out[count] = UInt8(ascii: "&")
                    index += Self.ampersandReference.count
                } else {
                    out[count] = bytes[index]
                    index += 1
                }
                count += 1
            }
            return count
        }
    }

    /// How libxml2 writes a `&amp;` it did not substitute.
    private static let ampersandReference: [UInt8] = Array("&#38;".utf8)

    private static func isAmpersandReference(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard bytes.count - index >= ampersandReference.count else { return false }
        for offset in 1..<ampersandReference.count where bytes[index + offset] != ampersandReference[offset] { return false }
        return true
    }

    /// The value as text, or nil when it is empty or only blanks: a format's way of saying
    /// "no value" (`Label=""`).
    public var nonBlank: String? {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 } ? nil : string
    }

    /// The value as a whole number (optional sign, decimal digits, surrounding blanks
    /// allowed), or nil when it is anything else.
    public var integer: Int64? {
        var pointer = start
        while pointer < end, pointer.pointee == 0x20 { pointer += 1 }
        var last = end
        while last > pointer, (last - 1).pointee == 0x20 { last -= 1 }
        var negative = false
        if pointer < last, pointer.pointee == 0x2D || pointer.pointee == 0x2B {
            negative = pointer.pointee == 0x2D
            pointer += 1
        }
        guard pointer < last else { return nil }
        var value: Int64 = 0
        while pointer < last {
            let digit = Int64(pointer.pointee) - 0x30
            guard digit >= 0, digit <= 9 else { return nil }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = sum
            pointer += 1
        }
        return negative ? -value : value
    }

    /// The value as a decimal number (`128.00`, `4,000000` with a decimal comma), or nil.
    /// Plain digits and a dot, what nearly every value is, are read from the bytes in place.
    public var decimal: Double? {
        if case .exact(let value) = PlainDecimal.read(bytes) { return value }
        return string.decimalNumber
    }
}

extension String {
    /// Whether the string holds anything but whitespace. Its first byte nearly always settles
    /// it (a letter), without reading the string as characters.
    var hasNonWhitespace: Bool {
        if let first = utf8.first, first > 0x20, first < 0x80 { return true }
        return contains { !$0.isWhitespace }
    }

    /// The string without leading and trailing spaces, tabs and line ends.
    var trimmingBlanks: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }

    /// The string as a decimal number (`128.00`, or `4,000000` as a decimal-comma locale saves
    /// it), blanks around it allowed; nil unless it is one and finite.
    var decimalNumber: Double? {
        let text = trimmingBlanks
        // Byte by byte, not `replacing(",", with: ".")`: the generic string search cost a
        // tenth of indexing a 100,000-song VirtualDJ database.
        let value = Double(text) ?? (text.utf8.contains(UInt8(ascii: ","))
            ? Double(String(decoding: text.utf8.map { $0 == UInt8(ascii: ",") ? UInt8(ascii: ".") : $0 }, as: UTF8.self))
            : nil)
        guard let value, value.isFinite else { return nil }
        return value
    }

    /// `\` read as `/`, byte by byte (a backslash is never part of a longer UTF-8 character).
    var replacingBackslashes: String {
        guard utf8.contains(UInt8(ascii: "\\")) else { return self }
        // Written straight into the new string: through an array of the bytes first, it was
        // two allocations and a copy per VirtualDJ song with a Windows path.
        return String(unsafeUninitializedCapacity: utf8.count) { out in
            var count = 0
            for byte in utf8 {
                out[count] = byte == UInt8(ascii: "\\") ? UInt8(ascii: "/") : byte
                count += 1
            }
            return count
        }
    }
}
