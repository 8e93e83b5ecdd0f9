/// Collects an element's text, which libxml2 may deliver in several `characters` calls (at
/// chunk boundaries, around character references), up to a cap so hostile input cannot grow it
/// without bound.
public struct XMLTextBuffer {
    /// Longer text is cut here: no field of a music library comes near it.
    public static let maxBytes = 1 << 20
    private var bytes: [UInt8] = []
    /// Whether text is being collected (between `begin` and `take`).
    public private(set) var collecting = false

    public init() {}

    /// Starts collecting, dropping anything collected before.
    public mutating func begin() {
        bytes.removeAll(keepingCapacity: true)
        collecting = true
    }

    /// Appends `text` when collecting.
    public mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        guard collecting, bytes.count < Self.maxBytes else { return }
        // As a buffer, not a slice of one: the slice took Array's element-by-element path.
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text.prefix(Self.maxBytes - bytes.count)))
    }

    /// The text collected since `begin`, and stops collecting.
    public mutating func take() -> String {
        collecting = false
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `take`, but the bytes handed to `body` where they lie, for a reader that turns most
    /// texts into numbers without making a String of each.
    public mutating func take<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        collecting = false
        return bytes.withUnsafeBufferPointer(body)
    }
}
