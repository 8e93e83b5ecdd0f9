/// The command of an `execute:` or `become:` binding with its placeholders filled in from the
/// item under the cursor: `{id}`, `{location}` and every other key of an item's JSON
/// (`{title}`, `{album_artist}`, …).
///
/// A value is never written into the shell text: `{title}` becomes a reference to the
/// environment variable `MIXTAPE_TITLE`, and the value goes in the command's environment
/// (`Expansion.environment`). The shell expands a variable after it has read the command, so a
/// title holding quotes, `$(…)` or backquotes reaches the command as text, whatever quotes the
/// template puts around the placeholder. The reference is written for where the placeholder
/// stands (`ShellQuoting`): bare, `"${MIXTAPE_TITLE}"`, one word; inside double quotes,
/// `${MIXTAPE_TITLE}`, part of that quoted word; inside single quotes, where the shell expands
/// nothing, `"${MIXTAPE_TITLE}"` as it is, for a shell the command starts (`sh -c '… {title}'`).
///
/// Like fzf, text in braces that names no known key stays as written (so `${HOME}` and awk's
/// `{print $1}` survive); a known key the item lacks, or no item at all, gives an empty value.
public enum PickerCommandTemplate {
    /// A command ready for `sh -c`: the text, and the variables to add to its environment.
    public struct Expansion: Hashable, Sendable {
        /// The shell command, placeholders replaced by variable references.
        public var command: String
        /// `MIXTAPE_KEY` → value for every placeholder the command holds.
        public var environment: [String: String]
    }

    /// A placeholder written inside quotes, which `doctor` points out: the key, and the quote.
    public struct QuotedPlaceholder: Hashable, Sendable {
        public var key: String
        /// `"` or `'`.
        public var quote: Character
    }

    /// `template` with each `{key}` for which `value(key)` is not nil replaced by a reference
    /// to `variable(key)`, which the environment of the expansion holds; `value` returns
    /// `.some(nil)` for a known key with no value (an empty one).
    public static func expand(_ template: String, value: (String) -> String??) -> Expansion {
        var expansion = Expansion(command: "", environment: [:])
        scan(template, isKey: { value($0) != nil }) { piece in
            switch piece {
            case .text(let text): expansion.command += text
            case .placeholder(let key, let quote):
                let name = variable(key)
                expansion.environment[name] = (value(key) ?? nil) ?? ""
                expansion.command += quote == "\"" ? "${\(name)}" : "\"${\(name)}\""
            }
        }
        return expansion
    }

    /// The placeholders of `template` (keys `isKey` knows) written inside quotes, in order.
    public static func quotedPlaceholders(_ template: String, isKey: (String) -> Bool) -> [QuotedPlaceholder] {
        var found: [QuotedPlaceholder] = []
        scan(template, isKey: isKey) { piece in
            if case .placeholder(let key, let quote?) = piece { found.append(QuotedPlaceholder(key: key, quote: quote)) }
        }
        return found
    }

    /// The environment variable that carries `key`'s value: `MIXTAPE_` and the key in capitals
    /// (`{album_artist}`: `MIXTAPE_ALBUM_ARTIST`).
    public static func variable(_ key: String) -> String {
        "MIXTAPE_" + key.uppercased()
    }

    private enum Piece {
        case text(Substring)
        /// A known key, and the quote it stands inside (nil: bare).
        case placeholder(String, quote: Character?)
    }

    /// Walks `template`, handing on text and placeholders with the shell quote each stands in.
    private static func scan(_ template: String, isKey: (String) -> Bool, _ body: (Piece) -> Void) {
        var quoting = ShellQuoting()
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            quoting.read(rest[..<open])
            body(.text(rest[..<open]))
            let afterOpen = rest.index(after: open)
            // A `{` escaped by a backslash is text; so is one with no `}` after it.
            guard !quoting.escaping, let close = rest[afterOpen...].firstIndex(of: "}") else {
                quoting.read(rest[open...].prefix(1))
                body(.text(rest[open...].prefix(1)))
                rest = rest[afterOpen...]
                continue
            }
            let key = String(rest[afterOpen..<close])
            if isKeyName(key), isKey(key) {
                body(.placeholder(key, quote: quoting.quote))
                rest = rest[rest.index(after: close)...]
            } else {
                quoting.read(rest[open...].prefix(1))
                body(.text(rest[open...].prefix(1)))
                rest = rest[afterOpen...]
            }
        }
        body(.text(rest))
    }

    /// A JSON key's spelling: lowercase letters, digits and `_`.
    private static func isKeyName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}
