/// One bit per index, all clear until set: a flag per entry of a large list (which playlist
/// entries or table rows are not `itunes:` hex ids) at an eighth of a byte each, where a
/// `[Bool]` takes a byte and an enum beside each value takes eight with padding.
public struct BitList: Hashable, Sendable {
    private var words: [UInt64] = []

    public init() {}

    /// Bit `index`; an index never set reads false, and setting one past the end grows the list.
    public subscript(index: Int) -> Bool {
        get {
            let word = index >> 6
            return word < words.count && words[word] & (1 << UInt64(index & 63)) != 0
        }
        set {
            let word = index >> 6
            if word >= words.count {
                guard newValue else { return }
                words.append(contentsOf: repeatElement(0, count: word + 1 - words.count))
            }
            if newValue { words[word] |= 1 << UInt64(index & 63) } else { words[word] &= ~(1 << UInt64(index & 63)) }
        }
    }
}
