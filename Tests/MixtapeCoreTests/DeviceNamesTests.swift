import MixtapeCore
import Testing

/// `sync --names` (spec/cli.md): what FAT and POSIX devices accept, as a table.
@Suite("Device names: what a FAT stick and a POSIX folder accept")
struct DeviceNamesTests {
    @Test(arguments: [
        ("Who: Are You?", "mp3", "Who_ Are You_.mp3"),
        ("\"Quoted\" <and> *starred* | piped \\ slashed / too", "flac", "_Quoted_ _and_ _starred_ _ piped _ slashed _ too.flac"),
        ("Tab\there\u{1}", "mp3", "Tab_here_.mp3"),
        ("Trailing dots...", "mp3", "Trailing dots.mp3"),
        ("  Leading and trailing  ", "mp3", "Leading and trailing.mp3"),
        ("CON", "mp3", "_CON.mp3"),
        ("con.live", "mp3", "_con.live.mp3"),
        ("COM1", "", "_COM1"),
        ("Console", "mp3", "Console.mp3"),
        ("...", "mp3", "_.mp3"),
        ("", "mp3", "_.mp3"),
        ("Sigur Ro\u{301}s", "", "Sigur R\u{f3}s"),
    ] as [(String, String, String)])
    func fatNames(_ text: String, _ ext: String, _ expected: String) {
        let name = DeviceNames(.fat).component(text, extension: ext.isEmpty ? nil : ext)
        #expect(Array(name.utf8) == Array(expected.utf8), "\(name)")
    }

    @Test(arguments: [
        ("Who: Are You?", "mp3", "Who: Are You?.mp3"),
        ("AC/DC", "", "AC_DC"),
        ("nul\0byte", "mp3", "nul_byte.mp3"),
        ("CON", "mp3", "CON.mp3"),
        ("Trailing dots...", "mp3", "Trailing dots....mp3"),
    ] as [(String, String, String)])
    func posixNames(_ text: String, _ ext: String, _ expected: String) {
        #expect(DeviceNames(.posix).component(text, extension: ext.isEmpty ? nil : ext) == expected)
    }

    @Test func longNamesAreCutToTheFileSystemsLimitKeepingTheExtension() {
        let long = String(repeating: "é", count: 300)
        let fat = DeviceNames(.fat).component(long, extension: "flac")
        #expect(fat.utf16.count == 255 && fat.hasSuffix(".flac"))
        let posix = DeviceNames(.posix).component(long, extension: "flac")
        #expect(posix.utf8.count <= 255 && posix.hasSuffix(".flac"))
        #expect(posix.utf8.count > 250, "cut at a character's edge, as near the limit as it goes")
        #expect(DeviceNames(.fat, stemLimit: 43).component(String(repeating: "a", count: 60) + " b", extension: "mp3")
                    == String(repeating: "a", count: 43) + ".mp3")
        #expect(DeviceNames(.fat, stemLimit: 5).component("abcd efgh", extension: "mp3") == "abcd.mp3", "no trailing space left")
    }

    @Test func namesThatDifferOnlyInCaseAreNumberedOnFATAndFoldersKeepTheirFirstSpelling() {
        var fat = DeviceNameRegistry(.fat)
        #expect(fat.claim(folder: "ABBA/Gold", stem: "01 Song", extension: "mp3", owner: "a") == "ABBA/Gold/01 Song.mp3")
        #expect(fat.claim(folder: "Abba/Gold", stem: "01 song", extension: "mp3", owner: "b") == "ABBA/Gold/01 song (2).mp3")
        #expect(fat.claim(folder: "abba/gold", stem: "02 Other", extension: "mp3", owner: "c") == "ABBA/Gold/02 Other.mp3")
        #expect(fat.claim(folder: "ABBA/Gold", stem: "01 Song", extension: "mp3", owner: "a") == "ABBA/Gold/01 Song.mp3",
                "the same owner keeps its name")
        var posix = DeviceNameRegistry(.posix)
        #expect(posix.claim(folder: "ABBA", stem: "x", extension: "mp3", owner: "a") == "ABBA/x.mp3")
        #expect(posix.claim(folder: "Abba", stem: "X", extension: "mp3", owner: "b") == "Abba/X.mp3")
        #expect(posix.claim(folder: "ABBA", stem: "x", extension: "mp3", owner: "c") == "ABBA/x (2).mp3")
    }

    @Test(arguments: [
        ("Björk", "Bjork"), ("Beyonce\u{301}", "Beyonce"), ("Sigur Rós: Ágætis byrjun", "Sigur Ros_ Agaetis byrjun"),
        ("東京", "__"), ("Mötley Crüe?", "Motley Crue_"), ("Røyksopp – Œuvre", "Royksopp _ OEuvre"),
    ])
    func asciiNamesDropAccentsAndReplaceTheRest(_ text: String, _ expected: String) {
        #expect(DeviceNames(.fat, ascii: true).component(text) == expected)
    }
}

