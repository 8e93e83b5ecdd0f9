import MixtapeCore
import MixtapeStore
import MixtapeTerminal

/// The `pick` use case: the interactive picker's input loop (spec/picker.md).
///
/// One thread reads the terminal, runs each key through `PickerReducer` and draws; matching
/// runs on `PickMatching`'s thread and comes back as events, so a keystroke is never held up
/// by a match. Input that arrived together is reduced together and drawn once, so a burst of
/// typing costs one frame, not one per key. The loop runs on any `PickerTerminal`: the real
/// one, or the scripted one `pickbench` replays keystrokes through.
public final class PickItems {
    /// How the picker opens.
    public struct Options: Sendable {
        /// A query to start with instead of the remembered one.
        public var query: String?
        /// A scope to start in instead of the remembered one.
        public var scope: Scope?
        /// False for `--no-restore`: start empty (no query, cursor or selection), in `scope` or `all`.
        public var restore = true
        /// Colour, or bold and reverse only (`NO_COLOR`).
        public var palette = PickerPalette.color
        /// "Now" for relative dates in the query.
        public var now: Timestamp
        /// Which key does what: the defaults with the config file's `[pick.keys]` over them.
        public var keyMap = PickerKeyMap.standard
        /// The player of `play`, `enqueue` and `stop` (nil: those keys say there is none).
        public var player: (any Player)?
        /// `--map-prefix` rules for the paths handed to the player.
        public var mapping = PathMapping(rules: [])

        public init(now: Timestamp) { self.now = now }
    }

    /// How the picker closed.
    public enum Outcome: Sendable, Equatable {
        /// Enter: the selection, in the order items were selected, is saved.
        case accepted([ItemID])
        /// Esc, Ctrl-C or Ctrl-G: the saved selection is untouched.
        case cancelled
        /// A `become:` binding: the terminal is to be handed to `sh -c command` (placeholders
        /// already turned into variable references, their values in its environment), which
        /// replaces mixtape; the saved selection is untouched.
        case become(PickerCommandTemplate.Expansion)
    }

    /// How many of the best matches the first answer to a keystroke ranks; the rest follow.
    public static var firstPage: Int { PickSearch.firstPage }

    /// Called after each frame is written, with the state it shows (for `pickbench`).
    /// (The terminal hanging up ends the picker as a cancel; see `TerminalInput.closed`.)
    public var onFrame: ((PickerState) -> Void)?

    private let store: LibraryStore
    private let options: Options
    private let libraryPath: String

    /// A picker over the index at `libraryPath`, which must exist (see `PickItems.check`).
    public init(libraryPath: String, options: Options) throws {
        self.store = try LibraryStore(path: libraryPath)
        self.options = options
        self.libraryPath = libraryPath
    }

    /// Nil when there is something to pick from, else why not, for a message before the
    /// terminal is taken over.
    public static func problem(libraryPath: String) -> String? {
        let queries = LibraryQueries(libraryPath: libraryPath)
        let empty = ((try? queries.sources()) ?? []).allSatisfy { $0.itemCount == 0 }
        guard empty else { return nil }
        return "nothing to pick: the index at \(libraryPath) has no items; "
            + "add a library export or a media folder with `mixtape index PATH`"
    }

    /// Runs the picker on `terminal` until Enter or cancel, then remembers the query, scope
    /// and cursor item, and on Enter saves the selection.
    public func run(on terminal: some PickerTerminal) throws -> Outcome {
        var state = try openingState(size: terminal.size)
        let matching = PickMatching(store: store, now: options.now, wake: { [terminal] in terminal.wake() })
        matching.start()
        defer { matching.stop() }
        var screen = PickScreen(palette: options.palette)
        var loop = Loop(matching: matching, commands: PickCommands(store: store), playback: playback(waking: terminal),
                        previewer: PickPreviewer(store: store, wake: { [terminal] in terminal.wake() }))
        var pending = loop.perform(PickerReducer.start(&state), state: state, screen: &screen)
        while true {
            try loop.settle(&pending, state: &state, screen: &screen, terminal: terminal)
            if pending.render {
                terminal.write(screen.draw(state))
                onFrame?(state)
            }
            matching.framed()
            if let outcome = pending.outcome {
                try close(state, outcome)
                return outcome
            }
            let (events, closed) = try loop.events(from: terminal, screen: &screen)
            pending = Loop.Pending()
            pending.render = loop.previewArrived
            loop.previewArrived = false
            if closed { pending.outcome = .cancelled }
            for event in events {
                pending.merge(loop.perform(PickerReducer.reduce(&state, event), state: state, screen: &screen))
                if pending.outcome != nil { break }
            }
        }
    }

    /// The player's thread, when there is a player: it wakes the loop with each status line.
    private func playback(waking terminal: some PickerTerminal) -> PickerPlayback? {
        guard let player = options.player else { return nil }
        var choice = EntryChoice(libraryPath: libraryPath, now: options.now)
        choice.mapping = options.mapping
        return PickerPlayback(player: player, choice: choice, wake: { [terminal] in terminal.wake() })
    }

    /// The state the picker opens in: the remembered query, scope and cursor and the saved
    /// selection, or with `--no-restore` none of them (the saved selection is still replaced
    /// only by Enter); a query or scope given on the command line wins.
    private func openingState(size: (width: Int, height: Int)) throws -> PickerState {
        let memory = options.restore ? try store.pickerMemory() ?? PickerMemory() : PickerMemory()
        return PickerState(query: options.query ?? memory.query, scope: options.scope ?? memory.scope,
                           cursorItem: options.query == nil ? memory.cursorItem : nil,
                           selection: PickerSelection(options.restore ? try store.selection() : []),
                           keyMap: options.keyMap, width: size.width, height: size.height)
    }

    private func close(_ state: PickerState, _ outcome: Outcome) throws {
        let memory = PickerMemory(query: state.query, scope: state.scope, cursorItem: state.currentItem)
        if case .accepted(let ids) = outcome {
            try store.closePicker(remembering: memory, selection: ids)
        } else {
            try store.closePicker(remembering: memory, selection: nil)
        }
    }
}

extension PickItems {
    /// The loop's bookkeeping between waits: the key decoder and the matching thread.
    struct Loop {
        /// What reducing a batch of events asks for.
        struct Pending {
            var render = false
            var outcome: Outcome?
            /// Events the effects gave rise to (the preview's length), reduced before waiting.
            var events: [PickerEvent] = []
            /// `execute:` commands to run on the suspended screen, with their item.
            var commands: [(command: String, item: ItemID?)] = []

            mutating func merge(_ other: Pending) {
                render = render || other.render
                outcome = outcome ?? other.outcome
                events += other.events
                commands += other.commands
            }
        }

        let matching: PickMatching
        let commands: PickCommands
        /// Carries out `play`, `enqueue` and `stop` off this thread; nil when there is no player.
        let playback: PickerPlayback?
        /// Works out the preview pane off this thread.
        let previewer: PickPreviewer
        /// A preview's text came with the last events: the next frame draws it.
        var previewArrived = false
        var decoder = KeyDecoder()
        /// Tells double clicks from single ones, against `started`.
        var clicks = ClickTracker()
        let started = ContinuousClock.now

        init(matching: PickMatching, commands: PickCommands, playback: PickerPlayback? = nil, previewer: PickPreviewer) {
            self.matching = matching
            self.commands = commands
            self.playback = playback
            self.previewer = previewer
        }

        /// Waits for input (only ~25 ms when an ESC needs settling) and turns everything that
        /// came in into events: keys, a resize, and answers from the matching thread; `closed`
        /// when the terminal hung up.
        mutating func events(from terminal: some PickerTerminal,
                             screen: inout PickScreen) throws -> (events: [PickerEvent], closed: Bool) {
            var events: [PickerEvent] = []
            var closed = false
            for input in terminal.wait(timeoutMilliseconds: decoder.isAwaitingTimeout ? 25 : nil) {
                switch input {
                case .bytes(let bytes):
                    events += decoder.feed(bytes).map { .key(timed($0)) }
                case .timedOut:
                    events += decoder.flushTimeout().map(PickerEvent.key)
                case .resized:
                    screen.invalidate()
                    let size = terminal.size
                    events.append(.resize(width: size.width, height: size.height))
                case .woken:
                    events += try answers(screen: &screen)
                case .closed:
                    closed = true
                }
            }
            return (events, closed)
        }

        /// The matching thread's updates as events; a loaded catalog reaches the screen.
        private mutating func answers(screen: inout PickScreen) throws -> [PickerEvent] {
            var events: [PickerEvent] = (playback?.drain() ?? []).map(PickerEvent.playerStatus)
            if let lines = previewer.drain() {
                // Drawn even when its length is the last one's (a new text, the same state).
                previewArrived = true
                events.append(.previewLength(screen.showPreview(lines)))
            }
            for update in matching.drain() {
                switch update {
                case .catalog(let catalog): screen.catalog = catalog
                case .event(let event): events.append(event)
                case .failed(let error): throw error
                }
            }
            return events
        }

        /// A mouse press marked as a double click when it is one (the reducer has no clock).
        private mutating func timed(_ key: Key) -> Key {
            guard case .mouse(let mouse) = key else { return key }
            let elapsed = ContinuousClock.now - started
            let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
            return .mouse(clicks.mark(mouse, atMilliseconds: milliseconds))
        }

        /// Carries out the reducer's effects that are not drawing: matching, the preview pane,
        /// and the ending. `execute:` commands are queued for `settle`, which has the terminal.
        /// `.play`, `.enqueue` and `.stopPlayback` go to the playback thread and return at once.
        func perform(_ effects: [PickerEffect], state: PickerState, screen: inout PickScreen) -> Pending {
            var pending = Pending()
            for effect in effects {
                switch effect {
                case .match(let query, let scope):
                    matching.submit(query: query, scope: scope, selection: state.selection.members)
                case .render: pending.render = true
                case .preview(let id):
                    previewer.request(id)
                case .accept(let ids): pending.outcome = .accepted(ids)
                case .cancel: pending.outcome = .cancelled
                case .become(let command, let item): pending.outcome = .become(commands.expand(command, item: item))
                case .execute(let command, let item): pending.commands.append((command, item))
                case .clearScreen:
                    screen.invalidate()
                    pending.render = true
                case .play, .enqueue, .stopPlayback: pending.events.append(.playerStatus(listen(effect)))
                }
            }
            return pending
        }

        /// Hands a listening effect to the playback thread; the status line to show meanwhile.
        private func listen(_ effect: PickerEffect) -> String {
            guard let playback else { return "no player: choose one with --player or [play] player in the config file" }
            switch effect {
            case .play(let id): playback.play(id)
            case .enqueue(let ids): playback.enqueue(ids)
            case .stopPlayback: playback.stop()
            default: break
            }
            return playback.name + ": …"
        }

        /// Before drawing: runs queued `execute:` commands on the suspended screen (taking the
        /// screen back and repainting all of it after each, at the terminal's size now), and
        /// reduces the events effects gave rise to, until nothing is left.
        mutating func settle(_ pending: inout Pending, state: inout PickerState, screen: inout PickScreen,
                             terminal: some PickerTerminal) throws {
            while pending.outcome == nil, !pending.events.isEmpty || !pending.commands.isEmpty {
                let events = pending.events
                let commands = pending.commands
                pending.events = []
                pending.commands = []
                for (command, item) in commands {
                    terminal.suspend()
                    self.commands.run(command, item: item)
                    try terminal.resume()
                    screen.invalidate()
                    pending.render = true
                    let size = terminal.size
                    pending.merge(perform(PickerReducer.reduce(&state, .resize(width: size.width, height: size.height)),
                                          state: state, screen: &screen))
                }
                for event in events {
                    pending.merge(perform(PickerReducer.reduce(&state, event), state: state, screen: &screen))
                }
            }
        }
    }
}
