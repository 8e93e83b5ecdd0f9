/// Why a query was rejected, and where: a syntax error is exit 2 (spec/cli.md) and its message
/// must point at the offending part, so every error carries the character range of the term
/// (or part of a term) it is about.
public struct QueryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong. Field names are as the user wrote them (`y:` stays `y`).
    public enum Reason: Hashable, Sendable {
        /// A value that does not fit the field's syntax (`year:19x0`, `added:2015-13`).
        case malformedValue(field: String, value: String, expected: String)
        /// A value that parses but cannot mean anything useful (`year:2000..1990`).
        case invalidValue(field: String, value: String, problem: String)
        /// `artist:` with nothing after the colon.
        case emptyValue(field: String, expected: String)
        /// A `"` after `field:` with no closing `"`.
        case unclosedQuote
    }

    public var reason: Reason
    /// Character offsets (not UTF-8 offsets) into the query string.
    public var range: Range<Int>

    public init(_ reason: Reason, at range: Range<Int>) {
        self.reason = reason
        self.range = range
    }

    /// The human message, without the query and caret lines.
    public var message: String {
        switch reason {
        case .malformedValue(let field, let value, let expected):
            return "\(field): expects \(expected), not \"\(value)\""
        case .invalidValue(let field, let value, let problem):
            return "\(field): \"\(value)\" \(problem)"
        case .emptyValue(let field, let expected):
            return "\(field): needs a value after the colon: \(expected)"
        case .unclosedQuote:
            return "unclosed quote: add a closing \" after the value"
        }
    }

    public var description: String { message }

    /// Three lines for a terminal: the query, a caret `^~~~` under the offending range, and the
    /// message. Tabs before the caret are copied so the caret stays aligned.
    public func render(query: String) -> String {
        renderedLines(query: query).joined(separator: "\n")
    }

    /// `render`'s three lines, each of which a message writer shows as one line with its
    /// control characters as `\x1B` (`TerminalText`): the caret line is measured against the
    /// query as it will be shown, each control character four columns wide.
    public func renderedLines(query: String) -> [String] {
        let characters = Array(query)
        let shownWidth = { (offset: Int) in offset < characters.count ? TerminalText.visible(String(characters[offset])).count : 1 }
        var caretLine = ""
        for offset in 0..<min(range.lowerBound, characters.count) {
            caretLine += characters[offset] == "\t" ? "\t" : String(repeating: " ", count: shownWidth(offset))
        }
        let underlined = range.reduce(0) { $0 + shownWidth($1) }
        caretLine += "^" + String(repeating: "~", count: max(0, underlined - 1))
        return [query, caretLine, message]
    }
}

/// A value rejected by a filter type, before the parser knows which term it came from; the
/// parser turns it into a `QueryError` with the field name and the term's range.
public enum FilterValueError: Error, Hashable, Sendable {
    /// The value does not fit the type's syntax; the message quotes the type's expectation.
    case malformed
    /// The value parses but is wrong in a way worth explaining (`problem` completes
    /// `year: "2000..1990" …`).
    case invalid(problem: String)
}
