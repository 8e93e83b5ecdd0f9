import CLibXML2

/// An element or attribute name as libxml2 hands it over (a NUL-terminated UTF-8 local name),
/// compared without making a String: a 100,000-track collection has millions of them.
public struct XMLName {
    let bytes: UnsafePointer<UInt8>

    init(_ bytes: UnsafePointer<UInt8>) { self.bytes = bytes }

    /// Whether the name is exactly `name` (case-sensitive, as XML is).
    @inline(__always)
    public func `is`(_ name: StaticString) -> Bool {
        let other = name.utf8Start
        var index = 0
        while true {
            let byte = bytes[index]
            if index == name.utf8CodeUnitCount { return byte == 0 }
            if byte != other[index] { return false }
            index += 1
        }
    }

    /// The name as a String, for messages and for names a format does not fix in advance.
    public var string: String { String(cString: bytes) }
}
