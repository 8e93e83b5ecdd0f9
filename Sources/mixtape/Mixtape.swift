import ArgumentParser
import Foundation
import MixtapeConfig

/// The root command. `main.swift`-free entry: `ExitStatus.main` parses, runs, and turns every
/// error into a message and the exit code of spec/cli.md.
@main
struct Mixtape: ParsableCommand {
    /// The release number; `--version` adds the git revision the BuildRevision plugin baked in.
    static let version = "0.9.0"

    static let configuration = CommandConfiguration(
        commandName: "mixtape",
        abstract: "Index, search, pick and export your music and media library.",
        discussion: """
            Index an iTunes / Music.app library export once, then search it in milliseconds:
              mixtape index ~/Music/Library.xml
              mixtape search --format '{artist} - {title} ({year})'

            The index lives at --library PATH, else $MIXTAPE_LIBRARY, else the config file's \
            library, else $XDG_DATA_HOME/mixtape/library.sqlite, else \
            ~/.local/share/mixtape/library.sqlite.

            Settings (default sources, --map-prefix rules, export format and --missing, watch \
            debounce, the picker's scope) go in $XDG_CONFIG_HOME/mixtape/config.toml, else \
            ~/.config/mixtape/config.toml ($MIXTAPE_CONFIG names another); flags win over it. \
            `mixtape doctor` checks the whole setup.

            The reference (the query language with every field, what each kind of source gives, \
            every JSON key, the picker's keys, play, the config file, exit codes) is in docs/ of \
            the source tree, installed by `make install` in PREFIX/share/doc/mixtape \
            (/usr/local/share/doc/mixtape by default).

            Exit status: 0 success; 1 nothing matched (doctor: a problem found); 2 usage or query \
            error; 65 malformed source; 66 missing source (sync: no DEST); 69 player (or ffmpeg) \
            unavailable; 71 inotify limit (watch); 73 cannot write; 74 the index failed; 75 index \
            (or DEST) locked; 130 interrupted or picker cancelled (docs/exit-codes.md).
            """,
        version: "mixtape \(version) (\(BuildRevision.revision ?? "unknown revision"))",
        subcommands: [IndexCommand.self, WatchCommand.self, SearchCommand.self, PickCommand.self, SelectCommand.self, ExportCommand.self,
                      PlayCommand.self, SyncCommand.self, SavedCommand.self, PlaylistsCommand.self, SourcesCommand.self, DoctorCommand.self]
    )

    static func main() {
        Interruption.install()
        do {
            var command = try parseAsRoot(GlobalOptions.reordered(Array(CommandLine.arguments.dropFirst())))
            // `--help`, `help` and `--version` come back as commands of ArgumentParser's own,
            // which must work with a broken config file: it is how one finds what to fix.
            if let command = command as? any LibraryCommand {
                Messages.configure(command.libraryOptions)
                ErrorReporter.libraryPath = command.libraryOptions.libraryPath
                if case .success(let config) = Settings.loaded {
                    let path = ConfigFile.path(environment: ProcessInfo.processInfo.environment)
                    Messages.verbose("config: " + (config.file ?? "none (\(path) does not exist)"))
                    Messages.verbose("index: " + command.libraryOptions.libraryPath)
                }
                if !(command is any ReportsConfigProblems) { try Settings.check() }
            }
            try command.run()
        } catch {
            ErrorReporter.exit(with: error, command: self)
        }
    }
}
