/// Something the picker can do when a key is pressed, named as fzf 0.38 names it where fzf has
/// it, so a user's fzf habits and `--bind` strings carry over to `[pick.keys]` in the config
/// file. Keys are bound to actions by `PickerKeyMap`; `PickerReducer` carries them out.
///
/// `name` is the name written in the config file and listed by the help screen; `execute`
/// and `become` carry their shell command (`execute:CMD`, or fzf's `execute(CMD)` form). Not
/// `RawRepresentable`: its generic `==` would stand in for the synthesized one and recurse.
public enum PickerAction: Hashable, Sendable {
    // Query editing (fzf).
    case forwardChar, backwardChar, forwardWord, backwardWord, beginningOfLine, endOfLine
    case deleteChar, deleteCharEOF, backwardDeleteChar, backwardKillWord, killWord
    case unixLineDiscard, unixWordRubout, yank, clearQuery
    // The cursor row (fzf).
    case up, down, pageUp, pageDown, first, last
    // The selection (fzf).
    case toggle, toggleDown, toggleUp, selectAll, deselectAll, toggleAll
    // Leaving (fzf).
    case accept, abort
    // The preview pane and the screen (fzf).
    case previewUp, previewDown, togglePreview, clearScreen, ignore
    // Mixtape's own.
    case nextScope, previousScope, toggleSelectedOnly, showHelp
    // Listening while picking.
    case play, enqueue, stop
    /// Runs `sh -c CMD` on the suspended screen, then comes back to the picker.
    case execute(String)
    /// Leaves the picker and replaces mixtape with `sh -c CMD`.
    case become(String)

    /// Every action without an argument, with its name, in the order the help screen lists
    /// them (editing, moving, selecting, leaving, the rest).
    public static let named: [(name: String, action: PickerAction)] = [
        ("forward-char", .forwardChar), ("backward-char", .backwardChar),
        ("forward-word", .forwardWord), ("backward-word", .backwardWord),
        ("beginning-of-line", .beginningOfLine), ("end-of-line", .endOfLine),
        ("delete-char", .deleteChar), ("delete-char/eof", .deleteCharEOF),
        ("backward-delete-char", .backwardDeleteChar), ("backward-kill-word", .backwardKillWord),
        ("kill-word", .killWord), ("unix-line-discard", .unixLineDiscard),
        ("unix-word-rubout", .unixWordRubout), ("yank", .yank), ("clear-query", .clearQuery),
        ("up", .up), ("down", .down), ("page-up", .pageUp), ("page-down", .pageDown),
        ("first", .first), ("last", .last),
        ("toggle", .toggle), ("toggle+down", .toggleDown), ("toggle+up", .toggleUp),
        ("select-all", .selectAll), ("deselect-all", .deselectAll), ("toggle-all", .toggleAll),
        ("next-scope", .nextScope), ("previous-scope", .previousScope),
        ("toggle-selected-only", .toggleSelectedOnly),
        ("toggle-preview", .togglePreview), ("preview-up", .previewUp), ("preview-down", .previewDown),
        ("play", .play), ("enqueue", .enqueue), ("stop", .stop),
        ("accept", .accept), ("abort", .abort),
        ("show-help", .showHelp), ("clear-screen", .clearScreen), ("ignore", .ignore),
    ]

    /// Other spellings fzf accepts for the same actions.
    static let aliases: [String: PickerAction] = [
        "toggle-down": .toggleDown, "toggle-up": .toggleUp, "top": .first,
        "previous-history": .up, "next-history": .down, "cancel": .abort,
    ]

    /// The name as the config file and the help screen write it: `kill-word`,
    /// `execute:mpv {location}`.
    public var name: String {
        switch self {
        case .execute(let command): return "execute:" + command
        case .become(let command): return "become:" + command
        default: return Self.named.first { $0.action == self }?.name ?? "ignore"
        }
    }

    /// The action `name` stands for, nil for a name fzf and mixtape do not know. `execute` and
    /// `become` take their command after a colon (`execute:echo {id}`) or in brackets
    /// (`execute(echo {id})`, as fzf also allows); an empty command is no action.
    public init?(name: String) {
        for (prefix, make) in [("execute", PickerAction.execute), ("become", PickerAction.become)] {
            guard name.hasPrefix(prefix) else { continue }
            let rest = name.dropFirst(prefix.count)
            var command: Substring?
            if rest.first == ":" {
                command = rest.dropFirst()
            } else if let open = rest.first, let close = Self.closing[open], rest.last == close, rest.count >= 2 {
                command = rest.dropFirst().dropLast()
            }
            guard let command, !command.allSatisfy(\.isWhitespace) else { return nil }
            self = make(String(command))
            return
        }
        guard let found = Self.named.first(where: { $0.name == name })?.action ?? Self.aliases[name] else {
            return nil
        }
        self = found
    }

    /// fzf's bracket pairs for an action's argument.
    static let closing: [Character: Character] = ["(": ")", "[": "]", "{": "}", "<": ">"]

    /// Actions whose effect depends on the whole list, so they wait for the final results.
    var actsOnEveryMatch: Bool {
        switch self {
        case .selectAll, .deselectAll, .toggleAll, .last: true
        default: false
        }
    }
}
