import MixtapeCore
import Testing

/// The pure side of `play`: the requests and the lines each player's protocol gets for them.
struct PlayCommandsTests {
    static let a = PlaylistEntry(path: "/m/a.mp3")
    static let b = PlaylistEntry(path: "/m/b c.mp3")
    static let cue = PlaylistEntry(path: "/m/mix.flac", startMs: 10_500, endMs: 20_000)
    static let lastCue = PlaylistEntry(path: "/m/mix.flac", startMs: 20_000)

    /// A fixed sequence, so a shuffle can be checked.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func shuffleKeepsEveryEntryAndTheMode() {
        let entries = (0..<20).map { PlaylistEntry(path: "/m/\($0).mp3") }
        var generator = SplitMix(state: 7)
        let shuffled = PlayRequest(entries: entries, mode: .enqueue).shuffled(using: &generator)
        #expect(shuffled.mode == .enqueue)
        #expect(shuffled.entries != entries)
        #expect(Set(shuffled.entries.map(\.path)) == Set(entries.map(\.path)))
    }

    @Test func mpvReplaceThenAppends() {
        let commands = MPVCommands.commands(for: PlayRequest(entries: [Self.a, Self.b], mode: .replace), count: 5, position: 2)
        #expect(commands == [
            #"{"name":"loadfile","url":"/m/a.mp3","flags":"replace"}"#,
            #"{"name":"loadfile","url":"/m/b c.mp3","flags":"append"}"#,
        ])
    }

    @Test func mpvEnqueueStartsAnIdlePlayer() {
        let commands = MPVCommands.commands(for: PlayRequest(entries: [Self.a], mode: .enqueue), count: 0, position: nil)
        #expect(commands == [#"{"name":"loadfile","url":"/m/a.mp3","flags":"append-play"}"#])
    }

    @Test func mpvNextMovesAfterTheCurrentEntry() {
        let commands = MPVCommands.commands(for: PlayRequest(entries: [Self.a, Self.b], mode: .next), count: 4, position: 1)
        #expect(commands.suffix(2) == [#"["playlist-move",4,2]"#, #"["playlist-move",5,3]"#])
        #expect(commands.prefix(2).allSatisfy { $0.contains(#""flags":"append""#) })
        // Idle: nothing to insert after, so it appends and starts.
        let idle = MPVCommands.commands(for: PlayRequest(entries: [Self.a], mode: .next), count: 3, position: nil)
        #expect(idle == [#"{"name":"loadfile","url":"/m/a.mp3","flags":"append-play"}"#])
    }

    @Test func mpvCueRangeIsPerFileOptions() {
        let commands = MPVCommands.commands(for: PlayRequest(entries: [Self.cue, Self.lastCue]), count: 0, position: nil)
        #expect(commands[0].hasSuffix(#""options":{"start":"10.5","end":"20"}}"#))
        #expect(commands[1].hasSuffix(#""options":{"start":"20"}}"#))
    }

    @Test func mpvNameThatIsNotUTF8GoesAsAFileURI() {
        let latin1 = PathBytes.string(Array("/m/Caf".utf8) + [0xE9] + Array(".mp3".utf8))
        #expect(MPVCommands.url(for: latin1) == "file:///m/Caf%E9.mp3")
        #expect(MPVCommands.url(for: "/m/Café.mp3") == "/m/Café.mp3")
    }

    @Test("MPD_HOST and MPD_PORT as mpc reads them", arguments: [
        ("/run/mpd/socket", MPDAddress(endpoint: .socket("/run/mpd/socket"))),
        ("secret@/run/mpd/socket", MPDAddress(endpoint: .socket("/run/mpd/socket"), password: "secret")),
        ("@mpd", MPDAddress(endpoint: .socket("@mpd"))),
        ("box", MPDAddress(endpoint: .tcp(host: "box", port: 6601))),
        ("p@ss@box", MPDAddress(endpoint: .tcp(host: "box", port: 6601), password: "p@ss")),
    ])
    func mpdHost(value: String, address: MPDAddress) {
        #expect(MPDAddress.candidates(environment: ["MPD_HOST": value, "MPD_PORT": "6601"]) == [address])
    }

    @Test func mpdDefaultsTryTheLocalSocketsFirst() {
        let candidates = MPDAddress.candidates(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"])
        #expect(candidates.map(\.display) == ["/run/user/1000/mpd/socket", "/run/mpd/socket", "localhost:6600"])
    }

    @Test func mpdURIsAreRelativeToTheMusicDirectory() {
        #expect(MPDCommands.uri(for: "/srv/music/A/x.mp3", musicDirectory: "/srv/music/", local: false) == "A/x.mp3")
        #expect(MPDCommands.uri(for: "/srv/musicals/x.mp3", musicDirectory: "/srv/music", local: false) == nil)
        #expect(MPDCommands.uri(for: "/srv/musicals/x.mp3", musicDirectory: "/srv/music", local: true) == "/srv/musicals/x.mp3")
        #expect(MPDCommands.uri(for: "http://radio/x", musicDirectory: "/srv/music", local: false) == "http://radio/x")
    }

    @Test func mpdLines() {
        #expect(MPDCommands.quoted(#"A "b" \c"#) == #""A \"b\" \\c""#)
        #expect(MPDCommands.additions(["a", "b"], at: 3) == [#"addid "a" 3"#, #"addid "b" 4"#])
        #expect(MPDCommands.additions(["a"], at: nil) == [#"addid "a""#])
        #expect(MPDCommands.range(Self.cue, id: "7") == "rangeid 7 10.5:20")
        #expect(MPDCommands.range(Self.lastCue, id: "8") == "rangeid 8 20:")
        #expect(MPDCommands.range(Self.a, id: "9") == nil)
        #expect(MPDCommands.insertionPoint(mode: .next, currentSong: 4) == 5)
        #expect(MPDCommands.insertionPoint(mode: .next, currentSong: nil) == nil)
        #expect(MPDCommands.insertionPoint(mode: .enqueue, currentSong: 4) == nil)
    }

    /// Issue 30: a file name is one argument or none. A line break, carriage return or NUL
    /// would end the command and make the rest of the name commands of their own; a quote is
    /// escaped even when a combining mark follows it (one `Character`, two scalars).
    @Test("an MPD argument is quoted whole, or refused when the protocol cannot carry it", arguments: [
        (#"A "b" \c"#, #""A \"b\" \\c""# as String?),
        ("z\ncommand_list_end\nsave INJECTED\nrm keepme\ncommand_list_ok_begin\n.mp3", nil),
        ("a\rb.mp3", nil),
        ("a\u{0}b.mp3", nil),
        ("x\"\u{301}.mp3", "\"x\\\"\u{301}.mp3\""),
        ("\\\u{301}", "\"\\\\\u{301}\""),
        ("Café\t.mp3", "\"Café\t.mp3\""),
        ("", "\"\""),
    ])
    func mpdQuoting(text: String, quoted: String?) {
        // Scalar by scalar: String's == would take a quote and a combining mark for their precomposed form.
        #expect(MPDCommands.quoted(text).map { Array($0.unicodeScalars) } == quoted.map { Array($0.unicodeScalars) })
        #expect(MPDCommands.canCarry(text) == (quoted != nil))
    }

    @Test func mpdAdditionsLeaveOutWhatCannotBeCarriedAndKeepPositionsInStep() {
        #expect(MPDCommands.additions(["a", "b\nrm x", "c"], at: 3) == [#"addid "a" 3"#, #"addid "c" 4"#])
    }

    /// Command lists stay under the budget, counting each line's newline and the two framing
    /// lines (39 bytes); a line too long for any list goes alone.
    @Test("command lists are cut under the byte budget", arguments: [
        ([10, 10, 10], 100, [3]),
        ([10, 10, 10], 39 + 22, [2, 1]),
        ([10, 10, 10], 39 + 21, [1, 1, 1]),
        ([200, 1, 1], 60, [1, 2]),
        ([1, 200, 1], 60, [1, 1, 1]),
        ([], 60, []),
    ])
    func mpdCommandLists(lengths: [Int], budget: Int, sizes: [Int]) {
        let lines = lengths.enumerated().map { String(repeating: Character(String($0.offset)), count: $0.element) }
        let lists = MPDCommands.commandLists(lines, maxBytes: budget)
        #expect(lists.map(\.count) == sizes)
        #expect(Array(lists.joined()) == lines)
    }

    /// 10,500 songs of 205-byte paths (2.2 MB, past MPD's 2 MiB default) go as lists of at most
    /// `commandListBytes`.
    @Test func mpdCommandListsOfALargeQueueStayFarUnderMPDsLimit() {
        let lines = MPDCommands.additions(Array(repeating: String(repeating: "x", count: 205), count: 10_500), at: nil)
        let lists = MPDCommands.commandLists(lines)
        #expect(lists.count > 30)
        #expect(lists.allSatisfy { $0.reduce(39) { $0 + $1.utf8.count + 1 } <= MPDCommands.commandListBytes })
        #expect(MPDCommands.commandListBytes <= 2 * 1024 * 1024 / 8)
    }

    @Test("--replace removes the old songs only after the new ones", arguments: [(0, nil as String?), (1, "delete 0:1"), (7, "delete 0:7")])
    func mpdDeletion(count: Int, line: String?) {
        #expect(MPDCommands.deletion(ofFirst: count) == line)
        #expect(MPDCommands.insertionPoint(mode: .replace, currentSong: 3) == nil)
    }

    @Test func mpdMusicDirectoryFromItsConfigFile() {
        let config = "# mpd\n  music_directory\t\"~/Music\"\nplaylist_directory \"/x\"\n"
        #expect(MPDCommands.musicDirectory(inConfig: config, home: "/home/sam") == "/home/sam/Music")
        #expect(MPDCommands.musicDirectory(inConfig: "#music_directory \"/a\"\n", home: nil) == nil)
    }

    @Test func vlcLines() {
        #expect(VLCCommands.lines(for: PlayRequest(entries: [Self.b, Self.cue], mode: .replace), playing: true) == [
            "clear", "add file:///m/b%20c.mp3", "enqueue file:///m/mix.flac :start-time=10.5 :stop-time=20",
        ])
        #expect(VLCCommands.lines(for: PlayRequest(entries: [Self.a], mode: .enqueue), playing: true) == ["enqueue file:///m/a.mp3"])
        #expect(VLCCommands.lines(for: PlayRequest(entries: [Self.a], mode: .enqueue), playing: false) == ["add file:///m/a.mp3"])
    }

    /// A stream URL goes to VLC as the playlist wrote it: a line break or space in it must
    /// not end the rc command (`shutdown` on a line of its own) or start an option.
    @Test func vlcStreamURLsStayOneWord() {
        let hostile = PlaylistEntry(path: "http://radio.example/a\nshutdown\r\n :x\u{7F}")
        #expect(VLCCommands.lines(for: PlayRequest(entries: [hostile], mode: .enqueue), playing: true) == [
            "enqueue http://radio.example/a%0Ashutdown%0D%0A%20:x%7F",
        ])
    }

    @Test func commandLinePlaceholder() {
        let placed = PlayerCommandLine(arguments: ["mpv", "--a", "{files}", "--b"])
        #expect(placed.program == "mpv")
        #expect(placed.expanded(with: ["/x", "/y"]) == ["--a", "/x", "/y", "--b"])
        #expect(PlayerCommandLine(arguments: ["cvlc"]).expanded(with: ["/x"]) == ["/x"])
        #expect(PlayerCommandLine.problem(["p", "--f={files}"]) != nil)
        #expect(PlayerCommandLine.problem([]) != nil)
        #expect(PlayerCommandLine.problem(["p", "{files}"]) == nil)
    }
}
