/// Key names as fzf writes them in `--bind` (`ctrl-a`, `alt-bspace`, `shift-up`, `f1`, `?`),
/// read from the config file's `[pick.keys]` and written by the help screen, so the same name
/// means the same key in both directions.
///
/// A name is modifier prefixes (`ctrl-`, `alt-`, `shift-`, in any order) and a base: one
/// character or a named key. The result is the `Key` the decoder produces for that key, so a
/// binding matches what the terminal sends: `ctrl-i` is Tab, `ctrl-m` Enter and `ctrl-h`
/// Backspace because terminals send the same byte for each pair.
extension Key {
    /// Named keys, by every name fzf accepts for them (the first name of each is the one
    /// `name` writes).
    static let baseNames: [(name: String, key: Key)] = [
        ("enter", .enter), ("return", .enter), ("space", .character(" ")),
        ("bspace", .backspace), ("bs", .backspace), ("backspace", .backspace),
        ("tab", .tab), ("btab", .backTab), ("esc", .escape), ("escape", .escape),
        ("del", .delete), ("delete", .delete), ("insert", .insert),
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("home", .home), ("end", .end),
        ("pgup", .pageUp), ("page-up", .pageUp), ("pgdn", .pageDown), ("page-down", .pageDown),
    ] + (1...12).map { ("f\($0)", Key.function($0)) }

    /// The key a name stands for, nil for a name that is not a key (`ctrl-`, `hyper-a`,
    /// `f13`). Names of more than one character are case-insensitive; a single character is
    /// itself (`A` is Shift-a as typed).
    public init?(name: String) {
        var rest = Substring(name)
        var modifiers = KeyModifiers()
        let prefixes: [(String, KeyModifiers)] = [("ctrl-", .ctrl), ("alt-", .alt), ("shift-", .shift)]
        while rest.count > 1, let (prefix, modifier) = prefixes.first(where: { rest.lowercased().hasPrefix($0.0) }),
              rest.count > prefix.count {
            rest = rest.dropFirst(prefix.count)
            modifiers.insert(modifier)
        }
        let base: Key
        if rest.count == 1, let character = rest.first {
            base = .character(modifiers.contains(.ctrl) ? Character(character.lowercased()) : character)
        } else if let named = Self.baseNames.first(where: { $0.name == rest.lowercased() }) {
            base = named.key
        } else {
            return nil
        }
        self = Self.normalized(base.adding(modifiers))
    }

    /// The forms the decoder gives for keys a terminal cannot tell apart (`ctrl-i` is Tab) or
    /// names in two ways (`shift-tab` is `btab`).
    private static func normalized(_ key: Key) -> Key {
        switch key {
        case .ctrl("i"): .tab
        case .ctrl("m"): .enter
        case .ctrl("h"): .backspace
        case .ctrl("["): .escape
        case .modified(.character("/"), .ctrl): .ctrl("_")
        case .modified(.tab, .shift): .backTab
        case .modified(.backTab, let modifiers): .modified(.backTab, modifiers.subtracting(.shift))
        default: key
        }
    }

    /// The key's name as `Key(name:)` reads it: `ctrl-a`, `alt-bspace`, `shift-up`, `?`.
    /// Keys with no name (a paste, the mouse) are described in words.
    public var name: String {
        switch self {
        case .character(" "): return "space"
        case .character(let character): return String(character)
        case .ctrl(" "): return "ctrl-space"
        case .ctrl(let character): return "ctrl-\(character)"
        case .alt(" "): return "alt-space"
        case .alt(let character): return "alt-\(character)"
        case .modified(let base, let modifiers):
            var prefix = ""
            if modifiers.contains(.ctrl) { prefix += "ctrl-" }
            if modifiers.contains(.alt) || modifiers.contains(.meta) { prefix += "alt-" }
            if modifiers.contains(.shift) { prefix += "shift-" }
            return prefix + base.name
        case .paste: return "paste"
        case .mouse: return "mouse"
        default:
            return Self.baseNames.first { $0.key == self }?.name ?? "key"
        }
    }
}
