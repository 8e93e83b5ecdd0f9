/// One key press (or one paste) as the picker sees it, decoded from terminal input bytes by
/// `KeyDecoder`.
///
/// The cases follow what an xterm-compatible terminal can actually tell apart, not what a
/// keyboard has: Ctrl-H and Backspace arrive as the same byte on many terminals, and so
/// `.backspace` covers both; Ctrl-I is `.tab` and Ctrl-M is `.enter` for the same reason.
/// Ctrl-J (LF, 0x0a) stays `.ctrl("j")`, distinct from `.enter` (CR, 0x0d), because fzf binds
/// Ctrl-J to "down" and a terminal in raw mode sends CR for the Enter key.
public enum Key: Hashable, Sendable {
    /// A printable character (one grapheme cluster when it arrived in one read).
    case character(Character)
    /// The Enter key (CR, 0x0d).
    case enter
    /// The Tab key (0x09).
    case tab
    /// Shift-Tab (`ESC [ Z`).
    case backTab
    /// Backspace (DEL 0x7f, or BS 0x08 which is also Ctrl-H).
    case backspace
    /// The Delete (forward delete) key (`ESC [ 3 ~`).
    case delete
    /// The Insert key (`ESC [ 2 ~`).
    case insert
    /// A lone Esc press: an ESC byte that nothing followed before `flushTimeout()`.
    case escape
    /// Cursor keys.
    case up, down, left, right
    /// Navigation keys.
    case home, end, pageUp, pageDown
    /// A function key F1…F12 (the number is 1-based).
    case function(Int)
    /// Ctrl with a letter or one of `@ [ \ ] ^ _` (letters lowercase: Ctrl-T is `.ctrl("t")`).
    /// Ctrl-Space (NUL) is `.ctrl(" ")`.
    case ctrl(Character)
    /// Alt (Meta) with a character, sent by terminals as an ESC prefix: `ESC a` is `.alt("a")`.
    case alt(Character)
    /// Any other key with modifiers, e.g. Ctrl-Up (`ESC [ 1 ; 5 A`) is `.modified(.up, [.ctrl])`.
    /// Shift-Ctrl-T is `.modified(.ctrl("t"), [.shift])`, but only terminals that report
    /// modified keys (xterm `modifyOtherKeys`, the kitty/fixterms `CSI u` form) can send it;
    /// everywhere else it arrives as plain Ctrl-T (0x14).
    indirect case modified(Key, KeyModifiers)
    /// Text pasted while bracketed paste was on (`ESC [ 200 ~` … `ESC [ 201 ~`), delivered whole
    /// so that a pasted "q" or newline is never taken for a key binding.
    case paste(String)
    /// A mouse button press or release, or a wheel step, reported in xterm's SGR form
    /// (`ESC [ < b ; x ; y M`) while the picker has mouse reporting on.
    case mouse(MouseEvent)
}

/// One mouse report: which button, where (0-based screen cell), with which modifiers.
public struct MouseEvent: Hashable, Sendable {
    /// The button, or a wheel step.
    public enum Button: Hashable, Sendable {
        /// The buttons a report names.
        case left, middle, right
        /// One step of the wheel, away from the user (up) or toward them (down).
        case wheelUp, wheelDown
        /// Anything else (extra buttons, horizontal wheel): ignored.
        case other
    }

    /// The button pressed or released.
    public var button: Button
    /// The 0-based screen column.
    public var column: Int
    /// The 0-based screen row.
    public var row: Int
    /// Shift, Alt (Meta) and Ctrl as the terminal reported them.
    public var modifiers: KeyModifiers
    /// True for a press (and every wheel step), false for a release.
    public var isPress: Bool
    /// True when the mouse moved with a button held (a drag report).
    public var isMotion: Bool
    /// Set by the driver (which has a clock) when this left press follows the previous one at
    /// the same place quickly enough to be a double click; see `ClickTracker`.
    public var isDoubleClick: Bool

    /// A mouse event from its parts.
    public init(button: Button, column: Int, row: Int, modifiers: KeyModifiers = [], isPress: Bool = true,
                isMotion: Bool = false, isDoubleClick: Bool = false) {
        self.button = button
        self.column = column
        self.row = row
        self.modifiers = modifiers
        self.isPress = isPress
        self.isMotion = isMotion
        self.isDoubleClick = isDoubleClick
    }

    /// The event an SGR report stands for: `code` is the button byte (low bits the button,
    /// 4 Shift, 8 Alt, 16 Ctrl, 32 motion, 64 wheel), `x` and `y` 1-based, `final` `M` for a
    /// press and `m` for a release. Nil for coordinates below 1.
    init?(sgrCode code: Int, x: Int, y: Int, final: UInt8) {
        guard x >= 1, y >= 1, code >= 0 else { return nil }
        var modifiers = KeyModifiers()
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.ctrl) }
        let low = code & 3
        let button: Button
        if code & 64 != 0 {
            button = low == 0 ? .wheelUp : low == 1 ? .wheelDown : .other
        } else if code & 128 != 0 {
            button = .other
        } else {
            button = [Button.left, .middle, .right, .other][low]
        }
        self.init(button: button, column: x - 1, row: y - 1, modifiers: modifiers,
                  isPress: final == UInt8(ascii: "M"), isMotion: code & 32 != 0)
    }
}

/// The modifier keys held with a key, as the xterm modifier parameter encodes them
/// (parameter − 1 is a bit set: 1 Shift, 2 Alt, 4 Ctrl, 8 Meta).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The xterm bit set (parameter − 1).
    public let rawValue: UInt8

    /// Wraps an xterm modifier bit set.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Shift held.
    public static let shift = KeyModifiers(rawValue: 1)
    /// Alt (Option) held.
    public static let alt = KeyModifiers(rawValue: 2)
    /// Ctrl held.
    public static let ctrl = KeyModifiers(rawValue: 4)
    /// Meta (Super/Command on some terminals) held.
    public static let meta = KeyModifiers(rawValue: 8)

    /// The modifiers of an xterm modifier parameter (`1` means none; `5` means Ctrl); `nil` for
    /// a parameter that is out of range.
    init?(parameter: Int) {
        guard parameter >= 1, parameter <= 16 else { return nil }
        self.init(rawValue: UInt8(parameter - 1))
    }
}

extension Key {
    /// This key with `modifiers` added, folded into the plain cases where those exist: Alt with
    /// a character is `.alt`, Ctrl with a letter is `.ctrl`, no modifiers is the key itself.
    func adding(_ modifiers: KeyModifiers) -> Key {
        if modifiers.isEmpty { return self }
        if case .modified(let base, let existing) = self {
            return .modified(base, existing.union(modifiers))
        }
        if case .character(let character) = self {
            return Key.character(character, with: modifiers)
        }
        return .modified(self, modifiers)
    }

    /// A character pressed with modifiers, in the form the legacy encodings would give where one
    /// exists (Ctrl-T → `.ctrl("t")`, Alt-a → `.alt("a")`), so that every terminal's way of
    /// sending the same key decodes to the same value.
    private static func character(_ character: Character, with modifiers: KeyModifiers) -> Key {
        var rest = modifiers
        var key = Key.character(character)
        if rest.contains(.ctrl), let control = controlCase(of: character) {
            key = .ctrl(control)
            rest.remove(.ctrl)
        } else if rest == .shift {
            return .character(character)
        }
        if rest.contains(.alt), case .character(let plain) = key {
            key = .alt(plain)
            rest.remove(.alt)
        }
        return rest.isEmpty ? key : .modified(key, rest)
    }

    /// The `.ctrl` payload for a character: letters lowercased, `@ [ \ ] ^ _` and space as is.
    private static func controlCase(of character: Character) -> Character? {
        guard let ascii = character.asciiValue else { return nil }
        switch ascii {
        case 0x41...0x5a: return Character(Unicode.Scalar(ascii + 0x20))
        case 0x61...0x7a, 0x20, 0x40, 0x5b...0x5f: return character
        default: return nil
        }
    }
}
