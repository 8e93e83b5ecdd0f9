import ArgumentParser

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
            The index lives at $MIXTAPE_LIBRARY, else $XDG_DATA_HOME/mixtape/library.sqlite, \
            else ~/.local/share/mixtape/library.sqlite (or --library PATH).
            """,
        version: "mixtape \(version) (\(BuildRevision.revision ?? "unknown revision"))",
        subcommands: [IndexCommand.self, WatchCommand.self, SearchCommand.self, PickCommand.self, SelectCommand.self, ExportCommand.self,
                      PlaylistsCommand.self, SourcesCommand.self]
    )

    static func main() {
        Interruption.install()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            ErrorReporter.exit(with: error, command: self)
        }
    }
}
