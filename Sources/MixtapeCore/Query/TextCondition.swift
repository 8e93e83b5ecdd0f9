/// The condition of a string filter: `artist:beatles` (contains) or `artist:=Beatles`
/// (equals), both ignoring case and Latin accents (see `QueryTextFolding`).
public struct TextCondition: Hashable, Sendable {
    /// Whether the value may sit anywhere in the field or must be all of it.
    public enum Mode: Hashable, Sendable {
        case contains, equals
    }

    public var mode: Mode
    /// The value as written, without the leading `=`.
    public var value: String
    /// `value` folded; the form compared against folded field values.
    public var folded: String

    public init(mode: Mode, value: String) {
        self.mode = mode
        self.value = value
        self.folded = QueryTextFolding.fold(value)
    }

    /// What an error message says a string field expects.
    public static let expectation = "text such as beatles, \"the beatles\" or =Beatles for the whole value"

    /// Reads `=value` as equality and anything else as containment; an empty value (`artist:=`)
    /// is malformed.
    public init(parsing value: Substring) throws(FilterValueError) {
        let equals = value.hasPrefix("=")
        let text = equals ? value.dropFirst() : value
        guard !text.isEmpty else { throw .malformed }
        self.init(mode: equals ? .equals : .contains, value: String(text))
    }

    /// Whether a field's text satisfies the condition.
    public func matches(_ text: String) -> Bool {
        matches(folded: QueryTextFolding.fold(text))
    }

    /// `matches` of a value already folded (`QueryTextFolding.fold`): filters over many items
    /// fold each value once for every condition on its field (`FilterColumns`).
    func matches(folded haystack: String) -> Bool {
        switch mode {
        case .contains: return QueryTextFolding.contains(haystack, folded)
        case .equals: return haystack == folded
        }
    }

    /// `matches(folded:)` of a folded value's bytes (`FoldedTexts`).
    func matches(foldedBytes haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        switch mode {
        case .contains: return QueryTextFolding.contains(haystack, folded)
        case .equals:
            var folded = folded
            return folded.withUTF8 { $0.count == haystack.count && $0.elementsEqual(haystack) }
        }
    }
}
