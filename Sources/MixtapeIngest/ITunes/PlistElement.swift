/// The element names an Apple property list may contain. Anything else inside a `<plist>` makes
/// the file malformed, so the reader identifies names exactly, but without creating a String
/// per element: the SAX callbacks see millions of them in a large library.
enum PlistElement: UInt8, Sendable, CustomStringConvertible {
    case plist, dict, array, key, string, integer, real, date, data, `true`, `false`

    /// `<dict>` and `<array>` open a frame; every other value is a scalar.
    var isContainer: Bool { self == .dict || self == .array }

    /// Elements whose text the reader must always see, to validate it.
    var isNumericOrDate: Bool { self == .integer || self == .real || self == .date }

    var description: String { spelling.description }

    private var spelling: StaticString {
        switch self {
        case .plist: "plist"
        case .dict: "dict"
        case .array: "array"
        case .key: "key"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .date: "date"
        case .data: "data"
        case .true: "true"
        case .false: "false"
        }
    }

    /// Identifies a NUL-terminated element name by its length and first bytes, then confirms
    /// every byte, so `<dictx>` or `<Dict>` is rejected.
    init?(name: UnsafePointer<UInt8>) {
        var length = 0
        while length < 8, name[length] != 0 { length += 1 }
        let candidate: PlistElement
        switch (length, name[0]) {
        case (3, 0x6B): candidate = .key
        case (4, 0x64): candidate = name[1] == 0x69 ? .dict : (name[3] == 0x65 ? .date : .data)
        case (4, 0x72): candidate = .real
        case (4, 0x74): candidate = .true
        case (5, 0x70): candidate = .plist
        case (5, 0x61): candidate = .array
        case (5, 0x66): candidate = .false
        case (6, 0x73): candidate = .string
        case (7, 0x69): candidate = .integer
        default: return nil
        }
        let spelling = candidate.spelling
        guard spelling.utf8CodeUnitCount == length else { return nil }
        let expected = spelling.utf8Start
        for index in 1..<length where name[index] != expected[index] { return nil }
        self = candidate
    }
}

/// Remembers which `PlistElement` each element-name pointer stands for. libxml2 interns names
/// in its per-parser dictionary, so within one parse the same name always arrives as the same
/// pointer and a pointer comparison replaces reading the bytes. Unknown names are not cached
/// (they end the parse anyway).
struct ElementNameCache {
    private var names: [UnsafePointer<UInt8>] = []
    private var elements: [PlistElement] = []

    @inline(__always)
    mutating func element(for name: UnsafePointer<UInt8>) -> PlistElement? {
        for index in names.indices where names[index] == name { return elements[index] }
        guard let element = PlistElement(name: name) else { return nil }
        guard names.count < 32 else { return element }  // bounded even if names were not interned
        names.append(name)
        elements.append(element)
        return element
    }
}
