import MixtapeCore
import Testing

@Suite("Where applications keep their libraries")
struct LibraryLocationTests {
    @Test("a * segment matches any run of characters between its prefix and suffix")
    func wildcard() {
        #expect(LibraryLocation.matches("Traktor 3.4.0", segment: "Traktor *"))
        #expect(LibraryLocation.matches("Traktor ", segment: "Traktor *"))
        #expect(!LibraryLocation.matches("Traktor", segment: "Traktor *"))
        #expect(!LibraryLocation.matches("traktor 3", segment: "Traktor *"))
        #expect(LibraryLocation.matches("m.db", segment: "m.db"))
        #expect(!LibraryLocation.matches("m.dbx", segment: "m.db"))
        #expect(LibraryLocation.matches("ab", segment: "a*b"))
        #expect(!LibraryLocation.matches("a", segment: "a*a"), "prefix and suffix may not overlap")
    }

    @Test("each place is written as its own system writes it")
    func shown() {
        #expect(LibraryLocation("Serato", .windowsProfile, "Music/_Serato_/database V2", kinds: ["serato"]).shown
                == "%USERPROFILE%\\Music\\_Serato_\\database V2")
        #expect(LibraryLocation("Serato", .driveRoot, "_Serato_/database V2", kinds: ["serato"]).shown
                == "DRIVE/_Serato_/database V2")
        #expect(LibraryLocation("Rhythmbox", .linuxHome, ".local/share/rhythmbox/rhythmdb.xml", kinds: []).shown
                == "~/.local/share/rhythmbox/rhythmdb.xml")
    }

    @Test("every application has a place, every place a kind, and no place is listed twice")
    func registry() {
        #expect(Set(LibraryLocations.applications) == ["iTunes", "Traktor", "Rhythmbox", "Serato", "Engine DJ", "VirtualDJ",
                                                       "Strawberry", "Clementine", "foobar2000"])
        #expect(LibraryLocations.all.allSatisfy { !$0.kinds.isEmpty && !$0.pattern.hasPrefix("/") })
        #expect(Set(LibraryLocations.all).count == LibraryLocations.all.count)
        #expect(LibraryLocations.whereLines.count == LibraryLocations.all.count)
        #expect(LibraryLocations.whereLines.first?.hasPrefix("iTunes") == true)
    }

    @Test("a path is quoted for the shell only when it must be, and a quote in it survives")
    func shellWords() {
        #expect(ShellWords.quoted("/home/ana/.config/Clementine/clementine.db") == "/home/ana/.config/Clementine/clementine.db")
        #expect(ShellWords.quoted("/Volumes/DJ STICK/_Serato_/database V2") == "'/Volumes/DJ STICK/_Serato_/database V2'")
        #expect(ShellWords.quoted("/music/Don't.xml") == "'/music/Don'\\''t.xml'")
        #expect(ShellWords.quoted("/music/$HOME") == "'/music/$HOME'")
        #expect(ShellWords.quoted("/music/Björk") == "'/music/Björk'")
        #expect(ShellWords.quoted("") == "''")
    }
}
