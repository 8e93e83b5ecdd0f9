/// Turns the bytes an xterm-compatible terminal sends in raw mode into `Key` values, a read at a
/// time.
///
/// The decoder is a byte-at-a-time state machine with no clock and no I/O, so that every key of
/// the picker can be tested from a byte array. A read can end anywhere — inside a UTF-8 scalar,
/// after `ESC [ 1 ;`, in the middle of a paste — and the decoder keeps that state for the next
/// `feed`. The one thing bytes alone cannot settle is a lone ESC: the Esc key sends `1b` and Alt-a
/// sends `1b 61`, so an ESC that ends a read stays pending until the next byte or until the
/// caller reports ~25 ms of silence with `flushTimeout()` (fzf and vim use the same trick).
///
/// Decisions, so the picker's query never receives bytes it did not mean:
/// - SGR mouse reports become `.mouse`. Unknown, private (focus, other mouse encodings) and
///   malformed sequences are swallowed whole. A sequence is
///   malformed when a byte outside 0x20–0x7e interrupts it; that byte is then read afresh, so an
///   ESC starts the next sequence and nothing is lost after the garbage.
/// - Invalid UTF-8 becomes one U+FFFD per maximal ill-formed subpart; C1 controls (U+0080–U+009F)
///   and other control characters inside text are dropped.
/// - Printable characters that arrive in one read are grouped into grapheme clusters, so "e" with
///   a combining acute or an emoji ZWJ family is one `.character`. A cluster split across reads
///   arrives as several `.character` keys; appending them to a `String` joins them again.
/// - A bracketed paste is one `.paste`. The query is a single line, so line breaks (CR LF, CR,
///   LF) and tabs inside it become one space each and other control characters are dropped. An
///   empty paste produces no key. A paste ends only at `ESC [ 201 ~`; `flushTimeout()` does not
///   end it, since a slow paste may pause.
public struct KeyDecoder: Sendable {
    private enum State: Sendable {
        /// Between keys.
        case ground
        /// After an ESC: Esc itself, an Alt prefix, or the start of a sequence.
        case escape
        /// After ESC ESC: Esc twice, or an Alt-prefixed sequence (`ESC ESC [ A`, rxvt Alt-Up).
        case escapeEscape
        /// Inside a CSI or SS3 sequence; `alt` when an extra ESC preceded it.
        case sequence(ControlSequence.Introducer, alt: Bool)
        /// Inside a multi-byte UTF-8 scalar; `alt` when an ESC preceded it.
        case scalar(alt: Bool)
        /// Inside a bracketed paste.
        case paste
    }

    /// Longest parameter string kept for a sequence; longer ones are still read to their final
    /// byte (so they cannot leak into the query) and then swallowed.
    private static let parameterLimit = 32
    /// `ESC [ 201 ~`, the end of a bracketed paste.
    private static let pasteEnd: [UInt8] = [0x1b, 0x5b, 0x32, 0x30, 0x31, 0x7e]

    private var state = State.ground
    private var parameters: [UInt8] = []
    private var parametersOverflowed = false
    private var assembler = UTF8Assembler()
    private var pasted: [UInt8] = []
    /// Printable scalars of the current read not yet emitted, so they group into graphemes.
    private var text = String.UnicodeScalarView()
    /// The keys decoded by the current call.
    private var keys: [Key] = []

    /// A decoder between keys.
    public init() {}

    /// Decodes one read's worth of bytes, returning the keys completed by them. Bytes of an
    /// unfinished key are kept for the next call.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        for byte in bytes {
            consume(byte)
        }
        return takeKeys()
    }

    /// True when bytes are pending that only `flushTimeout()` can settle (an ESC, or the start
    /// of a sequence), so the driver knows to wait ~25 ms for more rather than forever.
    public var isAwaitingTimeout: Bool {
        switch state {
        case .escape, .escapeEscape, .sequence: true
        case .ground, .scalar, .paste: false
        }
    }

    /// Called when no byte arrived for ~25 ms: a pending lone ESC becomes `.escape`, and an
    /// unfinished sequence is settled — `ESC [` or `ESC O` alone become Alt-[ or Alt-O, anything
    /// longer is swallowed. A partial UTF-8 scalar and an open paste stay pending: no key can
    /// begin with them, so waiting longer costs nothing.
    public mutating func flushTimeout() -> [Key] {
        switch state {
        case .escape:
            emit(.escape)
        case .escapeEscape:
            emit(.escape)
            emit(.escape)
        case .sequence(let introducer, let alt):
            if alt { emit(.escape) }
            if parameters.isEmpty, !parametersOverflowed {
                emit(.alt(introducer == .csi ? "[" : "O"))
            }
        case .ground, .scalar, .paste:
            return takeKeys()
        }
        state = .ground
        return takeKeys()
    }

    private mutating func takeKeys() -> [Key] {
        flushText()
        defer { keys = [] }
        return keys
    }

    private mutating func consume(_ byte: UInt8) {
        switch state {
        case .ground: ground(byte)
        case .escape: afterEscape(byte)
        case .escapeEscape: afterEscapeEscape(byte)
        case .sequence(let introducer, let alt): inSequence(byte, introducer: introducer, alt: alt)
        case .scalar(let alt): inScalar(byte, alt: alt)
        case .paste: inPaste(byte)
        }
    }

    private mutating func ground(_ byte: UInt8) {
        switch byte {
        case 0x1b:
            state = .escape
        case 0x20...0x7e:
            text.append(Unicode.Scalar(byte))
        case 0x80...0xff:
            startScalar(byte, alt: false)
        default:
            emit(Self.controlKey(byte))
        }
    }

    private mutating func afterEscape(_ byte: UInt8) {
        state = .ground
        switch byte {
        case UInt8(ascii: "["): beginSequence(.csi, alt: false)
        case UInt8(ascii: "O"): beginSequence(.ss3, alt: false)
        case 0x1b: state = .escapeEscape
        case 0x20...0x7e: emit(.alt(Character(Unicode.Scalar(byte))))
        case 0x80...0xff: startScalar(byte, alt: true)
        default: emit(Self.controlKey(byte).adding(.alt))
        }
    }

    private mutating func afterEscapeEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "["): beginSequence(.csi, alt: true)
        case UInt8(ascii: "O"): beginSequence(.ss3, alt: true)
        default:
            // Esc pressed, then whatever the second ESC starts.
            emit(.escape)
            state = .escape
            consume(byte)
        }
    }

    private mutating func beginSequence(_ introducer: ControlSequence.Introducer, alt: Bool) {
        parameters = []
        parametersOverflowed = false
        state = .sequence(introducer, alt: alt)
    }

    private mutating func inSequence(_ byte: UInt8, introducer: ControlSequence.Introducer, alt: Bool) {
        switch byte {
        case 0x20...0x3f:
            if parameters.count < Self.parameterLimit {
                parameters.append(byte)
            } else {
                parametersOverflowed = true
            }
        case 0x40...0x7e:
            state = .ground
            guard !parametersOverflowed else { return }
            let sequence = ControlSequence(introducer: introducer, parameters: parameters, final: byte)
            if sequence.opensPaste {
                pasted = []
                state = .paste
            } else if let key = sequence.key {
                emit(alt ? key.adding(.alt) : key)
            }
        default:
            // Malformed: drop what we have and read the interrupting byte afresh.
            state = .ground
            consume(byte)
        }
    }

    private mutating func startScalar(_ lead: UInt8, alt: Bool) {
        if assembler.start(lead) {
            state = .scalar(alt: alt)
        } else {
            state = .ground
            text.append("\u{FFFD}")
        }
    }

    private mutating func inScalar(_ byte: UInt8, alt: Bool) {
        switch assembler.add(byte) {
        case .pending:
            return
        case .scalar(let scalar):
            state = .ground
            guard scalar.properties.generalCategory != .control else { return }
            if alt {
                emit(.alt(Character(scalar)))
            } else {
                text.append(scalar)
            }
        case .invalid:
            state = .ground
            text.append("\u{FFFD}")
            consume(byte)
        }
    }

    private mutating func inPaste(_ byte: UInt8) {
        pasted.append(byte)
        guard byte == 0x7e, pasted.count >= Self.pasteEnd.count,
              pasted.suffix(Self.pasteEnd.count).elementsEqual(Self.pasteEnd)
        else { return }
        pasted.removeLast(Self.pasteEnd.count)
        state = .ground
        let content = Self.singleLine(String(decoding: pasted, as: UTF8.self))
        pasted = []
        if !content.isEmpty { emit(.paste(content)) }
    }

    /// Pasted text made fit for a one-line query: each line break (CR LF, CR or LF) and tab
    /// becomes a space, other control characters (ESC among them) are dropped.
    static func singleLine(_ pasted: String) -> String {
        var result = String.UnicodeScalarView()
        var afterCR = false
        for scalar in pasted.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\n" where afterCR:
                continue
            case "\r", "\n", "\t":
                result.append(" ")
            default:
                if scalar.properties.generalCategory != .control { result.append(scalar) }
            }
        }
        return String(result)
    }

    /// The key of a C0 control byte or DEL (never ESC, which the state machine handles).
    static func controlKey(_ byte: UInt8) -> Key {
        switch byte {
        case 0x0d: return .enter
        case 0x09: return .tab
        case 0x08, 0x7f: return .backspace
        case 0x00: return .ctrl(" ")
        default:
            // 0x01…0x1a are Ctrl-A…Ctrl-Z (0x0a, LF, is Ctrl-J); 0x1c…0x1f are Ctrl-\ ] ^ _.
            return .ctrl(Character(Unicode.Scalar(byte < 0x1b ? byte + 0x60 : byte + 0x40)))
        }
    }

    private mutating func emit(_ key: Key) {
        flushText()
        keys.append(key)
    }

    private mutating func flushText() {
        guard !text.isEmpty else { return }
        keys.append(contentsOf: String(text).map(Key.character))
        text = String.UnicodeScalarView()
    }
}
