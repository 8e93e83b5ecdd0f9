/// A `--format` template such as `{artist} - {title} - {album}`: literal text with `{field}`
/// placeholders named by JSON keys (spec/cli.md). A missing value renders empty.
///
/// For `search` the rendered line is also what fuzzy terms match against, like fzf's
/// `--with-nth`, so rendering is kept cheap: the template is parsed once into parts.
public struct FormatTemplate: Hashable, Sendable {
    public enum Part: Hashable, Sendable {
        case literal(String)
        case field(Field)
    }

    public let parts: [Part]
    /// The template as written, which names it (`{artist} - {title} - {album}`).
    public let text: String

    /// The default line: `{artist} - {title} - {album}`.
    public static let standard = try! FormatTemplate("{artist} - {title} - {album}")

    /// Parses a template. `{{` and `}}` write literal braces. An unknown field name or an
    /// unclosed `{` is an error that names the offending part.
    public init(_ template: String) throws(FormatTemplateError) {
        var parts: [Part] = []
        var literal = ""
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            let next = template.index(after: index)
            if character == "{", next < template.endIndex, template[next] == "{" {
                literal.append("{")
                index = template.index(after: next)
            } else if character == "}", next < template.endIndex, template[next] == "}" {
                literal.append("}")
                index = template.index(after: next)
            } else if character == "{" {
                guard let close = template[next...].firstIndex(of: "}") else {
                    throw .unclosedBrace(template: template, offset: template.distance(from: template.startIndex, to: index))
                }
                let name = template[next..<close]
                guard let field = Field(key: name) ?? FormatTemplate.alias(name) else {
                    throw .unknownField(template: template, name: String(name))
                }
                if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                parts.append(.field(field))
                index = template.index(after: close)
            } else {
                literal.append(character)
                index = next
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
        self.text = template
    }

    /// The fields the template shows.
    public var fields: Set<Field> {
        Set(parts.compactMap { if case .field(let field) = $0 { field } else { nil } })
    }

    /// Renders one item.
    public func render(_ item: MediaItem) -> String {
        var line = ""
        for part in parts {
            switch part {
            case .literal(let text): line += text
            case .field(let field): if let value = field.value(of: item) { line += value.plainText }
            }
        }
        return line
    }

    /// Appends the item's line as UTF-8 to `bytes`, the same text `render` returns, for a
    /// writer that packs lines without making a String of each.
    public func render(_ item: MediaItem, appendingTo bytes: inout [UInt8]) {
        for part in parts {
            switch part {
            case .literal(let text): bytes.append(contentsOf: text.utf8)
            case .field(let field):
                switch field.value(of: item) {
                case .text(let text): bytes.append(contentsOf: text.utf8)
                case let value?: bytes.append(contentsOf: value.plainText.utf8)
                case nil: break
                }
            }
        }
    }

    private static func alias(_ name: Substring) -> Field? {
        name == "name" ? .title : nil
    }
}

/// Why a `--format` template was rejected.
public enum FormatTemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownField(template: String, name: String)
    case unclosedBrace(template: String, offset: Int)

    public var description: String {
        switch self {
        case .unknownField(_, let name):
            "unknown field {\(name)} in --format; fields are: "
                + Field.allCases.map(\.key).joined(separator: ", ")
        case .unclosedBrace(let template, let offset):
            "unclosed { in --format at character \(offset + 1): \(template)"
        }
    }
}
