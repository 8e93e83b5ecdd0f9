/// The command of an `execute:` or `become:` binding with its placeholders filled in from the
/// item under the cursor: `{id}`, `{location}` and every other key of an item's JSON
/// (`{title}`, `{album_artist}`, …), each replaced by the value shell-quoted, so a title with
/// spaces, quotes or `$(…)` reaches the command as one harmless word.
///
/// Like fzf, text in braces that names no known key stays as written (so `${HOME}` and awk's
/// `{print $1}` survive); a known key the item lacks, or no item at all, gives `''`.
public enum PickerCommandTemplate {
    /// `template` with each `{key}` for which `value(key)` is not nil replaced by that value,
    /// shell-quoted; `value` returns `.some(nil)` for a known key with no value.
    public static func expand(_ template: String, value: (String) -> String??) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            let key = String(rest[afterOpen..<close])
            if isKeyName(key), let known = value(key) {
                result += shellQuoted(known ?? "")
                rest = rest[rest.index(after: close)...]
            } else {
                result += "{"
                rest = rest[afterOpen...]
            }
        }
        return result + rest
    }

    /// `text` as one word for `sh`: in single quotes, each `'` written `'\''`.
    public static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences("'", with: "'\\''") + "'"
    }

    /// A JSON key's spelling: lowercase letters, digits and `_`.
    private static func isKeyName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}

private extension String {
    /// Every `target` replaced by `replacement` (Foundation-free).
    func replacingOccurrences(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
