/// A path compared and hashed by its bytes (Swift's `String` equality would make NFC and NFD
/// one path, which the exact rule must not), hashing all the bytes in one call.
public struct ExactPath: Hashable, Sendable {
    public let text: String

    public init(_ text: String) { self.text = text }

    public static func == (lhs: ExactPath, rhs: ExactPath) -> Bool {
        guard lhs.text.utf8.count == rhs.text.utf8.count else { return false }
        var (left, right) = (lhs.text, rhs.text)
        return left.withUTF8 { l in right.withUTF8 { r in l.elementsEqual(r) } }
    }

    public func hash(into hasher: inout Hasher) {
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
