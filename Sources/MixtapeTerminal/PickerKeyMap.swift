/// Which key does what in the picker: a value, so the defaults, the config file's
/// `[pick.keys]` on top of them and the help screen that lists them are one and the same.
///
/// The defaults are fzf 0.38's finder keys, then mixtape's own (spec/picker.md). Where one of
/// ours collided with an fzf default, fzf's won and ours moved:
/// - Alt-D is fzf's kill-word, so deselect-all moved to Alt-U ("unselect").
/// - Home/End move the query's text cursor in fzf, so first/last moved to Ctrl-Home/Ctrl-End.
/// fzf's Ctrl-Z (suspend) is left out: the picker ignores SIGTSTP so a suspended picker never
/// leaves the shell a raw terminal.
public struct PickerKeyMap: Hashable, Sendable {
    /// One key and the actions it runs, in order (fzf's `action1+action2`).
    public struct Binding: Hashable, Sendable {
        /// The key.
        public var key: Key
        /// What it does; `[.ignore]` unbinds it.
        public var actions: [PickerAction]

        /// A binding from its parts.
        public init(key: Key, actions: [PickerAction]) {
            self.key = key
            self.actions = actions
        }
    }

    /// Every binding, in the order the help screen lists keys within an action.
    public private(set) var bindings: [Binding]

    /// A map holding exactly `bindings` (a later binding of the same key wins).
    public init(_ bindings: [Binding] = []) {
        self.bindings = []
        for binding in bindings { bind(binding) }
    }

    /// The actions bound to `key`, nil when it has none.
    public func actions(for key: Key) -> [PickerAction]? {
        bindings.first { $0.key == key }?.actions
    }

    /// The keys that run exactly `actions`, in binding order.
    public func keys(for actions: [PickerAction]) -> [Key] {
        bindings.filter { $0.actions == actions }.map(\.key)
    }

    /// Binds `binding.key`, replacing what it did; its place in the order is kept.
    public mutating func bind(_ binding: Binding) {
        if let index = bindings.firstIndex(where: { $0.key == binding.key }) {
            bindings[index] = binding
        } else {
            bindings.append(binding)
        }
    }

    /// This map with `overrides` bound over it (the config file's `[pick.keys]`).
    public func applying(_ overrides: [Binding]) -> PickerKeyMap {
        var map = self
        for binding in overrides { map.bind(binding) }
        return map
    }

    /// fzf 0.38's default finder keys (its `defaultKeymap`), minus Ctrl-Z.
    public static let fzf = PickerKeyMap(table([
        ("ctrl-a", "beginning-of-line"), ("home", "beginning-of-line"),
        ("ctrl-e", "end-of-line"), ("end", "end-of-line"),
        ("ctrl-b", "backward-char"), ("left", "backward-char"),
        ("ctrl-f", "forward-char"), ("right", "forward-char"),
        ("alt-b", "backward-word"), ("shift-left", "backward-word"),
        ("alt-f", "forward-word"), ("shift-right", "forward-word"),
        ("bspace", "backward-delete-char"), ("del", "delete-char"), ("ctrl-d", "delete-char/eof"),
        ("alt-bspace", "backward-kill-word"), ("alt-d", "kill-word"),
        ("ctrl-u", "unix-line-discard"), ("ctrl-w", "unix-word-rubout"), ("ctrl-y", "yank"),
        ("up", "up"), ("ctrl-k", "up"), ("ctrl-p", "up"),
        ("down", "down"), ("ctrl-j", "down"), ("ctrl-n", "down"),
        ("pgup", "page-up"), ("pgdn", "page-down"),
        ("tab", "toggle+down"), ("btab", "toggle+up"),
        ("shift-up", "preview-up"), ("shift-down", "preview-down"),
        ("enter", "accept"),
        ("esc", "abort"), ("ctrl-c", "abort"), ("ctrl-g", "abort"), ("ctrl-q", "abort"),
        ("ctrl-l", "clear-screen"),
    ]))

    /// The picker's defaults: fzf's, then mixtape's own keys (none of which takes an fzf key).
    public static let standard = fzf.applying(table([
        ("ctrl-home", "first"), ("ctrl-end", "last"),
        ("alt-a", "select-all"), ("alt-u", "deselect-all"), ("alt-t", "toggle-all"),
        ("ctrl-t", "next-scope"), ("shift-ctrl-t", "previous-scope"), ("alt-s", "previous-scope"),
        ("ctrl-s", "toggle-selected-only"), ("ctrl-o", "toggle-preview"),
        ("alt-p", "play"), ("alt-e", "enqueue"), ("alt-x", "stop"),
        ("?", "show-help"), ("f1", "show-help"),
    ]))

    /// Bindings from (key name, action name) pairs known to be valid.
    private static func table(_ pairs: [(String, String)]) -> [Binding] {
        pairs.map { key, action in
            Binding(key: Key(name: key)!, actions: [PickerAction(name: action)!])
        }
    }

    /// Parses a binding as the config file writes it: a key name (`ctrl-a`, see `Key(name:)`)
    /// and actions joined by `+` (`select-all+accept`; an `execute:`/`become:` takes the rest
    /// of the text, the bracket form `execute(…)` ends at its bracket). Throws a message that
    /// names what is wrong.
    public static func binding(key name: String, actions text: String) throws(KeyBindingError) -> Binding {
        guard let key = Key(name: name), Self.isBindable(key) else { throw .unknownKey(name) }
        return Binding(key: key, actions: try actions(text))
    }

    /// `action+action+…` as actions.
    static func actions(_ text: String) throws(KeyBindingError) -> [PickerAction] {
        var rest = Substring(text)
        var actions: [PickerAction] = []
        while !rest.isEmpty {
            let piece = nextAction(in: rest)
            guard let action = PickerAction(name: String(piece)) else {
                throw piece.isEmpty ? .emptyAction(text) : .unknownAction(String(piece))
            }
            actions.append(action)
            rest = rest.dropFirst(piece.count)
            if rest.first == "+" {
                rest = rest.dropFirst()
                if rest.isEmpty { throw .emptyAction(text) }
            }
        }
        guard !actions.isEmpty else { throw .emptyAction(text) }
        return actions
    }

    /// The text of the first action of a chain: `toggle+down`/`toggle+up` whole (fzf's own
    /// names), an `execute`/`become` to its closing bracket or to the end, else up to `+`.
    private static func nextAction(in text: Substring) -> Substring {
        for combined in ["toggle+down", "toggle+up"] where text.hasPrefix(combined) {
            let after = text.dropFirst(combined.count)
            if after.isEmpty || after.first == "+" { return text.prefix(combined.count) }
        }
        for prefix in ["execute", "become"] where text.hasPrefix(prefix) {
            let after = text.dropFirst(prefix.count)
            if after.first == ":" { return text }
            if let open = after.first, let close = PickerAction.closing[open],
               let end = after.firstIndex(of: close) {
                return text[..<after.index(after: end)]
            }
        }
        return text.prefix { $0 != "+" }
    }

    /// Keys a binding can name: not a paste or a mouse report.
    private static func isBindable(_ key: Key) -> Bool {
        switch key {
        case .paste, .mouse: false
        default: true
        }
    }
}

/// Why a `[pick.keys]` entry cannot be used.
public enum KeyBindingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key name is not one fzf or mixtape knows.
    case unknownKey(String)
    /// An action of the chain is not one fzf or mixtape knows.
    case unknownAction(String)
    /// The text names no action (empty, or a chain ending in `+`).
    case emptyAction(String)

    /// The message, for the config error.
    public var description: String {
        switch self {
        case .unknownKey(let name):
            "\"\(name)\" is not a key name (such as ctrl-a, alt-x, f1, up, pgdn, shift-left, enter, esc, ?)"
        case .unknownAction(let name):
            "\"\(name)\" is not an action (such as accept, toggle+down, select-all, play, enqueue, "
                + "execute:CMD, become:CMD; `mixtape pick` then ? lists them all)"
        case .emptyAction(let text):
            "\"\(text)\" names no action"
        }
    }
}
