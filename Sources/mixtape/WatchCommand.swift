import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeCore

/// `mixtape watch [SOURCE...]`: keep the index up to date as sources change.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Stay running and keep the index up to date as sources change.",
        discussion: """
            Brings the sources up to date (the named ones, else every recorded source), then \
            watches them with inotify and applies each change after --debounce seconds of quiet, \
            as one batch, logging one line per batch on stderr. Files are read once they are \
            complete (closed after writing, or renamed into place); a renamed or moved file \
            keeps its id. The writer lock is taken only while a batch is applied, so a cron \
            `mixtape index` and searches run alongside. SIGTERM or SIGINT finishes the batch \
            being applied and exits 0. On file systems without inotify (NFS, SMB, FUSE), use \
            --poll. Exit 71 when the kernel's inotify limit is reached (the message says which \
            sysctl to raise).
            """)

    @OptionGroup var libraryOptions: LibraryOptions

    @Argument(help: ArgumentHelp("Library XML exports or media folders to watch (default: every recorded source).",
                                 valueName: "source"))
    var sources: [String] = []

    @Option(help: ArgumentHelp("Seconds of quiet before changes are applied (default: the config file's, else 1).",
                               valueName: "seconds"))
    var debounce: Double?

    @Option(help: ArgumentHelp("Check for changes every this many seconds instead of using inotify.",
                               valueName: "seconds"))
    var poll: Double?

    @Option(help: ArgumentHelp("Seconds a batch waits for another index run before trying again later.",
                               valueName: "seconds"))
    var wait: Double = 60

    @Option(name: .customLong("log-format"), help: ArgumentHelp(
        "text (a line per event, led by the time) or json (an object per line, for systemd's journal and log tools).",
        valueName: "format"))
    var logFormat: WatchLogFormat = .text

    func validate() throws {
        if let debounce, debounce < 0 || !debounce.isFinite { throw ValidationError("--debounce takes seconds, 0 or more") }
        if let poll, poll <= 0 || !poll.isFinite { throw ValidationError("--poll takes seconds, more than 0") }
        if wait < 0 || !wait.isFinite { throw ValidationError("--wait takes seconds, 0 or more") }
        if sources.contains(where: \.isEmpty) { throw ValidationError("a SOURCE is empty (an unset shell variable?): name a file or folder") }
    }

    func run() throws {
        var useCase = WatchSources(libraryPath: libraryOptions.libraryPath, sources: sources)
        useCase.defaultSources = Settings.current.sources
        useCase.debounce = debounce ?? Settings.current.watch.debounce ?? 1
        useCase.pollSeconds = poll
        useCase.wait = wait
        let log = WatchLogLine(quiet: libraryOptions.quiet, format: logFormat, debounce: useCase.debounce)
        useCase.log = { log.print($0) }
        try useCase.run()
    }
}
