/// A complete CSI (`ESC [ params final`) or SS3 (`ESC O params final`) sequence, and the key it
/// stands for.
///
/// xterm encodes a modified key as `ESC [ 1 ; m X` or `ESC [ n ; m ~`, where `m − 1` is the
/// modifier bit set (see `KeyModifiers`); SS3 forms are what terminals send for cursor keys in
/// application mode (`ESC O A`). Two newer encodings also report keys the legacy bytes cannot
/// tell apart, such as Shift-Ctrl-T: xterm `modifyOtherKeys` (`ESC [ 27 ; m ; code ~`) and the
/// fixterms/kitty form (`ESC [ code ; m u`). SGR mouse reports (`ESC [ < b ; x ; y M`) become `.mouse`.
/// Anything else — other private sequences, focus events, unknown finals — has no key and is
/// swallowed.
struct ControlSequence {
    /// Which introducer opened the sequence.
    enum Introducer: Sendable {
        /// `ESC [`
        case csi
        /// `ESC O`
        case ss3
    }

    let introducer: Introducer
    /// The parameter and intermediate bytes (0x20–0x3f) between the introducer and the final.
    let parameters: [UInt8]
    /// The final byte (0x40–0x7e).
    let final: UInt8

    /// True for `ESC [ 200 ~`, which opens a bracketed paste rather than naming a key.
    var opensPaste: Bool {
        introducer == .csi && final == UInt8(ascii: "~") && parameters == Array("200".utf8)
    }

    /// The key this sequence encodes, or nil when it encodes none we know (swallow it).
    var key: Key? {
        if let mouse = sgrMouse { return .mouse(mouse) }
        guard let fields = numericFields else { return nil }
        switch final {
        case UInt8(ascii: "~"):
            return introducer == .csi ? Self.tildeKey(fields) : nil
        case UInt8(ascii: "u"):
            return introducer == .csi ? Self.codepointKey(fields.first ?? nil, modifier: field(fields, 1)) : nil
        case UInt8(ascii: "Z"):
            return introducer == .csi ? Self.backTab(modifier: modifierField(fields)) : nil
        case UInt8(ascii: "^"), UInt8(ascii: "@"):
            // rxvt's modified tilde keys: `ESC [ 7 ^` is Ctrl-Home, `@` Ctrl-Shift. (Its Shift
            // form ends in `$`, which is no final byte: those stay unread, as before.)
            guard introducer == .csi, fields.count == 1, let number = fields[0],
                  let base = Self.tildeKeys[number] else { return nil }
            return base.adding(final == UInt8(ascii: "^") ? .ctrl : [.ctrl, .shift])
        case UInt8(ascii: "a")...UInt8(ascii: "d") where parameters.isEmpty:
            // rxvt's modified arrows: `ESC [ a` is Shift-Up, `ESC O a` Ctrl-Up.
            let arrows: [Key] = [.up, .down, .right, .left]
            return arrows[Int(final - UInt8(ascii: "a"))].adding(introducer == .csi ? .shift : .ctrl)
        default:
            guard let base = Self.letterKeys[final],
                  let modifiers = KeyModifiers(parameter: modifierField(fields))
            else { return nil }
            return base.adding(modifiers)
        }
    }

    /// An SGR mouse report, `ESC [ < b ; x ; y M` (press) or `… m` (release); nil for any
    /// other sequence, or a malformed report.
    private var sgrMouse: MouseEvent? {
        guard introducer == .csi, final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
              parameters.first == UInt8(ascii: "<")
        else { return nil }
        let fields = parameters.dropFirst().split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        var numbers: [Int] = []
        for field in fields {
            guard !field.isEmpty, field.count <= 7, field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            numbers.append(field.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        return MouseEvent(sgrCode: numbers[0], x: numbers[1], y: numbers[2], final: final)
    }

    /// Keys named by their final byte alone (cursor keys, Home/End, F1–F4, keypad Enter).
    private static let letterKeys: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down,
        UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
        UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
        UInt8(ascii: "P"): .function(1), UInt8(ascii: "Q"): .function(2),
        UInt8(ascii: "R"): .function(3), UInt8(ascii: "S"): .function(4),
        UInt8(ascii: "M"): .enter,
    ]

    /// Keys of the `ESC [ n ~` form, by `n` (the VT220 numbering xterm keeps; 1/7 and 4/8 are
    /// the Home/End of rxvt and the Linux console).
    private static let tildeKeys: [Int: Key] = [
        1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12),
    ]

    /// The parameters as numbers separated by `;` (an empty field is nil, i.e. the default;
    /// a `:` sub-parameter is ignored). Nil when any byte is not a digit or separator — private
    /// sequences (`<`, `=`, `>`, `?`) and intermediates — or a number is absurdly long.
    private var numericFields: [Int?]? {
        var fields: [Int?] = []
        for field in parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
            let digits = field.prefix { $0 != UInt8(ascii: ":") }
            if digits.isEmpty { fields.append(nil); continue }
            guard digits.count <= 7, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            fields.append(digits.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        return fields
    }

    /// The xterm modifier parameter: the second field for CSI (`ESC [ 1 ; 5 A`), the last one
    /// for SS3, where old terminals write `ESC O 5 A`. Absent means 1, no modifiers.
    private func modifierField(_ fields: [Int?]) -> Int {
        switch introducer {
        case .csi: return field(fields, 1) ?? 1
        case .ss3: return (fields.last ?? nil) ?? 1
        }
    }

    private func field(_ fields: [Int?], _ index: Int) -> Int? {
        index < fields.count ? fields[index] : nil
    }

    /// `ESC [ n ; m ~`, including xterm `modifyOtherKeys` (`ESC [ 27 ; m ; code ~`).
    private static func tildeKey(_ fields: [Int?]) -> Key? {
        guard let number = fields.first ?? nil else { return nil }
        let modifier = fields.count > 1 ? fields[1] ?? 1 : 1
        if number == 27 {
            return codepointKey(fields.count > 2 ? fields[2] : nil, modifier: modifier)
        }
        guard let base = tildeKeys[number], let modifiers = KeyModifiers(parameter: modifier) else {
            return nil
        }
        return base.adding(modifiers)
    }

    /// Shift-Tab; a reported modifier beyond the implied Shift is kept.
    private static func backTab(modifier: Int) -> Key? {
        guard var modifiers = KeyModifiers(parameter: modifier) else { return nil }
        modifiers.remove(.shift)
        return Key.backTab.adding(modifiers)
    }

    /// A key reported by its Unicode code point with modifiers (`CSI u`, `modifyOtherKeys`).
    private static func codepointKey(_ code: Int?, modifier: Int?) -> Key? {
        guard let code, let modifiers = KeyModifiers(parameter: modifier ?? 1) else { return nil }
        let base: Key
        switch code {
        case 9: base = modifiers == .shift ? .backTab : .tab
        case 13: base = .enter
        case 27: base = .escape
        case 8, 127: base = .backspace
        default:
            guard code >= 0x20, let scalar = Unicode.Scalar(UInt32(code)),
                  scalar.properties.generalCategory != .control
            else { return nil }
            base = .character(Character(scalar))
        }
        if base == .backTab { return base.adding(modifiers.subtracting(.shift)) }
        return base.adding(modifiers)
    }
}
