/// What `mixtape pick` needs of the terminal it runs on, as plain facts (the probing is in
/// MixtapeTerminal), and the verdict on them.
///
/// The rule: only what would break `pick` on a terminal the user is sitting at is a problem.
/// Being without a terminal (CI, cron, a script) is normal and only a note, since scripts use
/// `search`. On a terminal: `TERM` unset or `dumb` (pick moves the cursor and draws a full
/// screen) and a locale that names a legacy encoding (the terminal most likely follows it and
/// shows pick's UTF-8 as garbage) are problems. An unset, `C` or `POSIX` locale is only a note:
/// it is the default of many minimal systems, says nothing about the terminal's own encoding,
/// and pick writes UTF-8 whatever the locale. A window under 80x24 is a note (pick still fits
/// itself into it).
public struct TerminalFacts: Hashable, Sendable {
    public var inputIsTerminal: Bool
    public var outputIsTerminal: Bool
    /// Columns and rows as the terminal reports them; nil when there is none or it says 0.
    public var width: Int?
    public var height: Int?
    /// `TERM`, `NO_COLOR`, `LC_ALL`, `LC_CTYPE`, `LANG` (others are ignored).
    public var environment: [String: String]

    /// The window the picker is laid out for (the classic terminal's size).
    public static let minimumWidth = 80
    public static let minimumHeight = 24

    public init(inputIsTerminal: Bool, outputIsTerminal: Bool, width: Int? = nil, height: Int? = nil,
                environment: [String: String]) {
        self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal
        self.width = width
        self.height = height
        self.environment = environment
    }

    /// The verdict, one finding per aspect.
    public var findings: [Finding] {
        guard inputIsTerminal else {
            return [.note("terminal", "not on a terminal: pick needs one; scripts use `mixtape search`")]
        }
        var found: [Finding] = []
        if !outputIsTerminal {
            found.append(.note("terminal", "standard output is not a terminal: pick draws on it, "
                               + "`pick --print` draws on /dev/tty instead"))
        }
        found.append(termFinding)
        if let width, let height { found.append(sizeFinding(width: width, height: height)) }
        found.append(colourFinding)
        found.append(localeFinding)
        return found
    }

    private func value(_ key: String) -> String? {
        guard let value = environment[key], !value.isEmpty else { return nil }
        return value
    }

    private var termFinding: Finding {
        switch value("TERM") {
        case nil:
            return .problem("terminal", "TERM is not set: pick cannot tell how to draw on this terminal",
                            fix: "set TERM to your terminal's type, e.g. `export TERM=xterm-256color`")
        case "dumb":
            return .problem("terminal", "TERM=dumb: this terminal cannot move the cursor, and pick draws a full screen",
                            fix: "run pick in a terminal emulator, or set TERM to its real type (e.g. xterm-256color)")
        case let term?:
            return .ok("terminal", "TERM=\(term)")
        }
    }

    private func sizeFinding(width: Int, height: Int) -> Finding {
        let size = "\(width)x\(height)"
        guard width >= TerminalFacts.minimumWidth, height >= TerminalFacts.minimumHeight else {
            return .note("terminal", "the window is \(size); pick is laid out for at least "
                         + "\(TerminalFacts.minimumWidth)x\(TerminalFacts.minimumHeight)",
                         fix: "enlarge the window for pick's preview and columns")
        }
        return .ok("terminal", "window \(size)")
    }

    private var colourFinding: Finding {
        if value("NO_COLOR") != nil { return .ok("terminal", "NO_COLOR is set: pick draws with bold and reverse only") }
        // The picker uses the 8 basic colours only, which every terminal but `dumb` has: no
        // terminfo lookup is needed to know it can draw them.
        return .ok("terminal", "colour on (NO_COLOR unset; pick uses the 8 basic colours)")
    }

    private var localeFinding: Finding {
        let (name, locale) = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { key in value(key).map { (key, $0) } }
            .first ?? ("LANG", "")
        if locale.isEmpty || locale == "C" || locale == "POSIX" {
            return .note("terminal", "no UTF-8 locale (\(locale.isEmpty ? "LANG, LC_CTYPE and LC_ALL unset" : "\(name)=\(locale)")); "
                         + "pick writes UTF-8 anyway", fix: "if accents show garbled, `export LANG=C.UTF-8`")
        }
        let lowered = locale.lowercased()
        guard lowered.contains("utf-8") || lowered.contains("utf8") else {
            return .problem("terminal", "\(name)=\(locale) is not a UTF-8 locale: pick writes UTF-8, "
                            + "which this terminal would show garbled",
                            fix: "use a UTF-8 locale, e.g. `export \(name)=C.UTF-8` (or en_US.UTF-8)")
        }
        return .ok("terminal", "\(name)=\(locale)")
    }
}
