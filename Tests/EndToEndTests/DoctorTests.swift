import Foundation
import Testing

/// `mixtape doctor` run as a user would, on healthy and broken setups: exit 1 exactly when
/// something must be fixed, the finding names what, and the index is never changed. The
/// harness gives every run stdin from /dev/null and pipes for output: no terminal, as in CI.
@Suite("doctor end to end")
struct DoctorTests {
    let mixtape = MixtapeProcess()

    /// Indexes a copy of the sample export and a media folder (one file, two folders deep).
    func indexHealthy() throws -> (export: String, folder: String) {
        let export = try mixtape.write("Library.xml", Array(try Data(contentsOf: URL(fileURLWithPath:
            MixtapeProcess.sample("Library.xml")))))
        let folder = mixtape.folder + "/media"
        try FileManager.default.createDirectory(atPath: folder + "/Artist/Album", withIntermediateDirectories: true)
        _ = try mixtape.write("media/Artist/Album/01 - Song.mp3", "not really an mp3")
        let indexed = try mixtape.run(["index", export, folder])
        try #require(indexed.status == 0, "\(indexed.stderr)")
        return (export, folder)
    }

    func statuses(_ result: MixtapeProcess.Result, check: String) -> [String] {
        result.records.filter { $0["check"] as? String == check }.compactMap { $0["status"] as? String }
    }

    @Test("a healthy setup: exit 0, every check ok or a note, one group per check, a summary line")
    func healthy() throws {
        let (export, folder) = try indexHealthy()
        let human = try mixtape.run(["doctor"])
        #expect(human.status == 0, "\(human.stdout)\(human.stderr)")
        #expect(human.lines.last?.hasPrefix("no problems found (") == true, "not on a terminal: a note")
        #expect(!human.stdout.contains("PROBLEM"))
        for group in ["index", "sources", "watch", "config", "terminal"] { #expect(human.lines.contains(group), "\(group)") }
        #expect(human.stdout.contains("integrity_check ok"))
        #expect(human.stdout.contains("schema version"))
        #expect(human.stdout.contains("\(export): 46 items"))
        #expect(human.stdout.contains("\(folder): 1 item"))
        #expect(human.stdout.contains("no config file at \(mixtape.configHome)/mixtape/config.toml (defaults in use)"))
        #expect(human.stdout.contains("not on a terminal"), "no terminal is a note, not a problem")
        #expect(!human.stdout.contains("\u{1B}["), "no colour when not a terminal")

        let json = try mixtape.run(["doctor", "--json"])
        #expect(json.status == 0)
        #expect(statuses(json, check: "terminal") == ["note"])
        #if os(Linux)
        // The export's folder, and the media folder with its two levels below.
        let watch = try #require(json.records.first { $0["check"] as? String == "watch" })
        #expect((watch["message"] as? String)?.hasPrefix("watch needs 4 inotify watches") == true, "\(watch)")
        #endif
    }

    @Test("--json: one object per line with check, status, message and fix; statuses decide the exit code")
    func jsonLines() throws {
        _ = try indexHealthy()
        let result = try mixtape.run(["doctor", "--json"])
        #expect(!result.lines.isEmpty)
        #expect(result.records.count == result.lines.count, "every line parses")
        for record in result.records {
            #expect(Set(record.keys) == ["check", "status", "message", "fix"], "\(record)")
            #expect(["ok", "note", "problem"].contains(record["status"] as? String ?? ""), "\(record)")
            #expect(!(record["message"] as? String ?? "").isEmpty)
        }
        #expect(Set(result.records.compactMap { $0["check"] as? String })
                == ["index", "sources", "libraries", "watch", "config", "terminal"])

        try FileManager.default.removeItem(atPath: mixtape.folder + "/Library.xml")
        let broken = try mixtape.run(["doctor", "--json"])
        #expect(broken.status == 1)
        let problem = try #require(broken.records.first { $0["status"] as? String == "problem" })
        #expect(problem["check"] as? String == "sources")
        #expect((problem["fix"] as? String)?.contains("mixtape sources remove") == true)
    }

    @Test("no index yet is a note naming the path, not a problem; doctor creates nothing")
    func noIndex() throws {
        let result = try mixtape.run(["doctor"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("no index yet at \(mixtape.library)"))
        #expect(result.stdout.contains("mixtape index PATH"))
        #expect(!FileManager.default.fileExists(atPath: mixtape.folder + "/index"), "doctor must not create the index folder")
    }

    @Test("a missing source: exit 1, the problem names its path and what to do; every other check still runs")
    func missingSource() throws {
        let (export, _) = try indexHealthy()
        try FileManager.default.removeItem(atPath: export)
        let result = try mixtape.run(["doctor"])
        #expect(result.status == 1)
        let line = try #require(result.lines.first { $0.contains("PROBLEM") })
        #expect(line.contains("\(export) is missing"))
        #expect(result.stdout.contains("mixtape sources remove \(export)"))
        #expect(result.lines.last == "1 problem found")
        for group in ["index", "sources", "watch", "config", "terminal"] { #expect(result.lines.contains(group), "\(group)") }
    }

    @Test("a source changed since the last index is a note, not a problem")
    func changedSource() throws {
        let (export, _) = try indexHealthy()
        // A later modification time than the index recorded (the index compares size and mtime).
        let later = Date().addingTimeInterval(120)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: export)
        let result = try mixtape.run(["doctor", "--json"])
        #expect(result.status == 0)
        let source = try #require(result.records.first { ($0["message"] as? String)?.hasPrefix(export) == true })
        #expect(source["status"] as? String == "note")
        #expect((source["message"] as? String)?.contains("changed since") == true)
        #expect((source["fix"] as? String)?.contains("mixtape index") == true)
    }

    /// An export made on another computer: none of its files is here. doctor counts them per
    /// source, lists the missing ones, and says what to do; with some of the files here it
    /// counts both.
    @Test("an export whose files are not here: counted, with examples and the fix")
    func filesNotHere() throws {
        let export = try mixtape.generateLibrary(tracks: 40, seed: 9)
        try #require(try mixtape.run(["index", export]).status == 0)
        let none = try mixtape.run(["doctor", "--json"])
        #expect(none.status == 0, "a note, not a problem: \(none.stdout)")
        let note = try #require(none.records.first { ($0["message"] as? String)?.contains("has its file on this machine") == true })
        #expect(note["status"] as? String == "note")
        #expect((note["message"] as? String)?.hasPrefix(export + ": none of its 40 items has its file on this machine") == true,
                "\(note)")
        #expect((note["fix"] as? String)?.contains("mixtape sources relocate \(export) FROM=TO") == true, "\(note)")
        let listed = none.records.compactMap { $0["message"] as? String }.filter { $0.hasPrefix(export + ": missing here: /Users/sam/") }
        #expect(listed.count >= 30, "each missing file is listed (--json lists them all): \(listed)")
        let human = try mixtape.run(["doctor"])
        #expect(human.stdout.components(separatedBy: ": missing here: ").count - 1 == 20, "20 listed without -v: \(human.stdout)")
        #expect(human.stdout.contains("more entries without a file here"), "\(human.stdout)")
        #expect(human.lines.last?.hasPrefix("no problems found (") == true)

        // Two of the files made here, at the paths the export names.
        let paths = try mixtape.run(["search", "--format", "{location}", "--limit", "2"]).lines
        for path in paths {
            let moved = mixtape.folder + "/root" + path
            try FileManager.default.createDirectory(atPath: (moved as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: moved, contents: Data())
        }
        let text = try String(contentsOfFile: export, encoding: .utf8)
            .replacingOccurrences(of: "file:///Users/", with: "file://" + mixtape.folder + "/root/Users/")
        try text.write(toFile: export, atomically: true, encoding: .utf8)
        try #require(try mixtape.run(["index", export]).status == 0)
        let some = try mixtape.run(["doctor", "--json"]).records
        #expect(some.contains { ($0["message"] as? String)?.hasPrefix(export + ": 2 of 40 items have their file here; 38 have none") == true },
                "\(some)")

        // The config file's map-prefix is where doctor looks, as play and the exports do.
        try FileManager.default.createDirectory(atPath: mixtape.configHome + "/mixtape", withIntermediateDirectories: true)
        try "[export]\nmap-prefix = { \"\(mixtape.folder)/root\" = \"\(mixtape.folder)/elsewhere\" }\n"
            .write(toFile: mixtape.configHome + "/mixtape/config.toml", atomically: true, encoding: .utf8)
        try FileManager.default.moveItem(atPath: mixtape.folder + "/root", toPath: mixtape.folder + "/elsewhere")
        let mapped = try mixtape.run(["doctor", "--json"]).records
        #expect(mapped.contains { ($0["message"] as? String)?.contains("2 of 40 items have their file here; 38 have none") == true
                                  && ($0["fix"] as? String)?.contains("map-prefix was applied") == true }, "\(mapped)")
    }

    @Test("a damaged copy of the index: exit 1 naming it, and the copy is byte for byte as it was, nothing beside it")
    func corruptIndex() throws {
        _ = try indexHealthy()
        // `index` has exited, so its last connection checkpointed the WAL into the file.
        #expect(!FileManager.default.fileExists(atPath: mixtape.library + "-wal"))
        let copy = mixtape.folder + "/copy.sqlite"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: mixtape.library))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pages = bytes.count / pageSize
        try #require(pages >= 6, "the sample index has \(pages) pages")
        // Garbage over the middle pages (not page 1, the header and schema), past each
        // page's own header so every b-tree's cells point nowhere.
        for page in 2..<(pages - 1) {
            let start = page * pageSize + 12
            bytes.replaceSubrange(start..<(start + pageSize / 2), with: [UInt8](repeating: 0xA7, count: pageSize / 2))
        }
        try bytes.write(to: URL(fileURLWithPath: copy))
        let independent = try Self.integrity(of: copy)
        try #require(independent != "ok", "the copy must really be damaged")

        let result = try mixtape.run(["doctor", "--library", copy])
        #expect(result.status == 1, "\(result.stdout)")
        let problem = try #require(result.lines.first { $0.contains("PROBLEM") })
        #expect(problem.contains("\(copy) is damaged") || problem.contains("\(copy) cannot be opened"), "\(problem)")
        #expect(result.stdout.contains("mv \(copy) \(copy).damaged"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == bytes, "doctor changed the damaged copy")
        for suffix in ["-wal", "-shm", ".lock"] {
            #expect(!FileManager.default.fileExists(atPath: copy + suffix), "doctor created \(copy + suffix)")
        }
    }

    @Test("a writer holding the lock is reported with its pid, and is not a problem")
    func heldLock() throws {
        _ = try indexHealthy()
        let lock = mixtape.library + ".lock", ready = mixtape.folder + "/locked"
        // Takes the lock as `index` does (flock, pid in the file), says so, and waits to be ended.
        let holder = try DetachedProcess.spawn("/usr/bin/env", ["python3", "-c", """
            import fcntl, os, sys, time
            fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
            fcntl.flock(fd, fcntl.LOCK_EX)
            os.ftruncate(fd, 0)
            os.write(fd, b"%d\\n" % os.getpid())
            open(sys.argv[2], "w").close()
            time.sleep(600)
            """, lock, ready])
        defer {
            holder.signal(SIGTERM)
            _ = holder.wait(timeout: 10)
        }
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: ready), Date() < deadline { usleep(20_000) }
        try #require(FileManager.default.fileExists(atPath: ready), "the lock holder did not start")
        let pid = try String(contentsOfFile: lock, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)

        let result = try mixtape.run(["doctor", "--json"])
        #expect(result.status == 0, "\(result.stdout)")
        let line = try #require(result.records.first { ($0["message"] as? String)?.contains("writer lock") == true })
        #expect(line["status"] as? String == "ok")
        #expect(line["message"] as? String == "writer lock held by pid \(pid): an index, watch or sources remove run is writing")
    }

    @Test("a file that is not SQLite at all is a problem: it cannot be opened")
    func notADatabase() throws {
        let bogus = try mixtape.write("bogus.sqlite", String(repeating: "not a database\n", count: 400))
        let result = try mixtape.run(["doctor", "--library", bogus])
        #expect(result.status == 1)
        #expect(result.stdout.contains("PROBLEM  \(bogus) cannot be opened as an SQLite database"), "\(result.stdout)")
        #expect(try String(contentsOfFile: bogus, encoding: .utf8) == String(repeating: "not a database\n", count: 400))
    }

    @Test("an index made by a newer mixtape is a problem; doctor does not migrate it")
    func newerSchema() throws {
        _ = try indexHealthy()
        let result = try MixtapeProcess.execute("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
            db.commit()
            db.close()
            """, mixtape.library])
        try #require(result.status == 0, "\(result.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: mixtape.library))
        let doctor = try mixtape.run(["doctor"])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("made by a newer mixtape"))
        #expect(doctor.stdout.contains("v99: from the future"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: mixtape.library)) == before)
    }

    /// Ways to make the config file unreadable: a folder and a symlink loop fail for root as
    /// for anyone; mode 000 only stops other users (CI often runs tests as root).
    static var unreadableConfigs: [String] {
        geteuid() == 0 ? ["folder", "symlink loop"] : ["folder", "symlink loop", "mode 000"]
    }

    @Test("an unreadable config file: exit 1 naming its path", arguments: unreadableConfigs)
    func unreadableConfig(how: String) throws {
        _ = try indexHealthy()
        let folder = mixtape.configHome + "/mixtape"
        let config = folder + "/config.toml"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        switch how {
        case "folder":
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: false)
        case "symlink loop":
            try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: "loop.toml")
            try FileManager.default.createSymbolicLink(atPath: folder + "/loop.toml", withDestinationPath: "config.toml")
        default:
            _ = try mixtape.write("config/mixtape/config.toml", "[search]\n")
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: config)
        }
        let result = try mixtape.run(["doctor"])
        #expect(result.status == 1, "\(how): \(result.stdout)")
        let problem = try #require(result.lines.first { $0.contains("PROBLEM") })
        #expect(problem.contains("\(config): cannot be read"), "\(problem)")
        #expect(result.lines.last == "1 problem found")
    }

    @Test("saved exports: ok when writable, a note before the first write, a problem when the folder is gone")
    func savedExports() throws {
        _ = try indexHealthy()
        let kept = mixtape.folder + "/kept.m3u8", gone = mixtape.folder + "/gone/x.m3u8"
        try FileManager.default.createDirectory(atPath: mixtape.folder + "/gone", withIntermediateDirectories: true)
        try #require(try mixtape.run(["export-playlist", "--query", "harbour", "-o", kept, "--save", "kept"]).status == 0)
        try #require(try mixtape.run(["export-playlist", "--query", "harbour", "-o", gone, "--save", "gone"]).status == 0)
        #expect(try mixtape.run(["doctor"]).status == 0)
        try FileManager.default.removeItem(atPath: kept)
        let note = try mixtape.run(["doctor", "--json"])
        #expect(note.status == 0)
        #expect(statuses(note, check: "saved exports") == ["ok", "note"])  // by name: gone, kept
        try FileManager.default.removeItem(atPath: mixtape.folder + "/gone")
        let result = try mixtape.run(["doctor"])
        #expect(result.status == 1)
        let problem = try #require(result.lines.first { $0.contains("PROBLEM") })
        #expect(problem.contains("gone: the folder of \(gone) does not exist"), "\(problem)")
        #expect(result.stdout.contains("`mixtape saved remove gone`"))
    }

    @Test("a malformed config file: exit 1 naming its file:line")
    func malformedConfig() throws {
        _ = try indexHealthy()
        try FileManager.default.createDirectory(atPath: mixtape.configHome + "/mixtape", withIntermediateDirectories: true)
        let config = try mixtape.write("config/mixtape/config.toml", "[export]\nformat = \"mp3\"\n")
        let result = try mixtape.run(["doctor"])
        #expect(result.status == 1)
        let problem = try #require(result.lines.first { $0.contains("PROBLEM") })
        #expect(problem.contains("\(config):2: format \"mp3\" is not one of"), "\(problem)")
        #expect(result.stdout.contains("fix: correct line 2 of \(config)"))
    }

    @Test("a readable config file is ok; an empty XDG_CONFIG_HOME counts as unset")
    func readableConfig() throws {
        try FileManager.default.createDirectory(atPath: mixtape.configHome + "/mixtape", withIntermediateDirectories: true)
        _ = try mixtape.write("config/mixtape/config.toml", "# nothing yet\n")
        let result = try mixtape.run(["doctor", "--json"])
        #expect(statuses(result, check: "config") == ["ok"])
        let home = mixtape.folder + "/home"
        let unset = try mixtape.run(["doctor"], environment: ["XDG_CONFIG_HOME": "", "HOME": home])
        #expect(unset.stdout.contains("no config file at \(home)/.config/mixtape/config.toml"), "\(unset.stdout)")
    }

    @Test("--quiet prints only the problems")
    func quiet() throws {
        let (export, _) = try indexHealthy()
        #expect(try mixtape.run(["doctor", "--quiet"]).stdout.isEmpty)
        try FileManager.default.removeItem(atPath: export)
        let result = try mixtape.run(["doctor", "--quiet"])
        #expect(result.status == 1)
        #expect(result.lines.first == "sources")
        let findings = result.lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        #expect(!findings.isEmpty && findings.allSatisfy { $0.hasPrefix("  PROBLEM ") }, "\(result.stdout)")
        #expect(result.lines.last?.hasPrefix("           fix: ") == true, "no summary line with --quiet")
    }

    /// `PRAGMA integrity_check` by Python's SQLite, opening the file immutable so that this
    /// check itself writes nothing beside it.
    static func integrity(of database: String) throws -> String {
        let result = try MixtapeProcess.execute("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys, urllib.parse
            try:
                db = sqlite3.connect("file:" + urllib.parse.quote(sys.argv[1]) + "?immutable=1", uri=True)
                print(db.execute("PRAGMA integrity_check").fetchone()[0])
            except sqlite3.DatabaseError as error:
                print("error:", error)
            """, database])
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
