import MixtapeCore
import MixtapeStore
import MixtapeTerminal
import MixtapeWatch

/// The `doctor` use case: checks the setup and says what to fix. It never stops at the first
/// problem and never throws: every check runs and reports, so one run shows everything that
/// is wrong. It never writes either: the index is only inspected (`IndexInspection`).
///
/// Checks, in order: the index, every recorded source, the applications' libraries found on
/// this computer (`LibraryFinder`), the inotify limits `watch` needs,
/// the saved exports (if any), the caller's `extraChecks` (the config file's: its parsing belongs to the config feature,
/// so the command supplies that check), and the terminal `pick` needs.
public struct DiagnoseSetup {
    /// The index to inspect (`LibraryPath.resolve`).
    public var libraryPath: String
    /// The process environment: the terminal check reads TERM, NO_COLOR and the locale.
    public var environment: [String: String]
    /// More checks, run after the built-in ones and before the terminal's.
    public var extraChecks: [() -> [Finding]] = []
    /// The config file's `map-prefix` rules: a library source's files are looked for where
    /// they lead, as `play` and the exports look for them.
    public var pathMapping = PathMapping(rules: [])
    /// How many missing files and ambiguous entries of each source are listed one by one
    /// (the rest are counted): `doctor -v` lists them all.
    public var listedEntries = 20
    /// Where to look for the applications' libraries (`libraries` check); nil skips the check.
    public var libraryFinder: LibraryFinder?
    /// Whether the `libraries` check lists where each application keeps its library (`-v`).
    public var listsLibraryPlaces = false

    public init(libraryPath: String, environment: [String: String]) {
        self.libraryPath = libraryPath
        self.environment = environment
    }

    /// Runs every check, in order, and returns all findings.
    public func run() -> Diagnosis {
        let mapping = pathMapping
        let inspection = IndexInspection.inspect(path: libraryPath, checkingFiles: { FileFacts.exists($0) || FileFacts.exists(mapping.map($0)) })
        var findings = IndexHealth(inspection: inspection).findings
        findings += sourceFindings(inspection)
        if let libraryFinder {
            findings += LibraryHealth(found: libraryFinder.find(), recorded: Set((inspection.sources ?? []).map(\.path)),
                                      listsPlaces: listsLibraryPlaces).findings
        }
        findings.append(watchFinding(inspection))
        findings += savedExportFindings(inspection)
        findings += (inspection.savedSyncs ?? []).map { SavedSyncHealth(saved: $0).finding }
        for check in extraChecks { findings += check() }
        findings += TerminalProbe.facts(environment: environment).findings
        return Diagnosis(findings: findings)
    }

    private func sourceFindings(_ inspection: IndexInspection) -> [Finding] {
        let check = SourceHealth.check
        guard inspection.exists else { return [.note(check, "no sources yet (no index)")] }
        guard let sources = inspection.sources else {
            // The index finding already counts the damage; this one only explains the gap.
            let why = inspection.sourcesFailure ?? inspection.openFailure ?? "the index cannot be read"
            return [.note(check, "the recorded sources cannot be read: \(why)")]
        }
        guard !sources.isEmpty else {
            return [.note(check, "no sources recorded", fix: "add one with `mixtape index PATH`")]
        }
        return sources.flatMap { source in
            let health = SourceHealth(source: source, mediaFolders: inspection.mediaFolders[source.path] ?? [],
                                      files: inspection.filesHere[source.path], mapped: !pathMapping.rules.isEmpty)
            return [health.finding] + health.fileFindings(listed: listedEntries)
        }
    }

    /// Only when there are saved exports: most setups have none, and a line saying so is noise.
    private func savedExportFindings(_ inspection: IndexInspection) -> [Finding] {
        (inspection.savedExports ?? []).map { SavedExportHealth(saved: $0).finding }
    }

    private func watchFinding(_ inspection: IndexInspection) -> Finding {
        guard let limits = InotifyWatcher.kernelLimits() else {
            return .note("watch", "not Linux: no inotify here, so `mixtape watch --poll SECONDS` is the way to watch")
        }
        let limit = limits.watches.map { " (fs.inotify.max_user_watches \($0))" } ?? ""
        guard let sources = inspection.sources else {
            guard inspection.exists else { return .ok("watch", "no sources to watch yet\(limit)") }
            return .note("watch", "the folders to watch cannot be counted: the index cannot be read")
        }
        guard !sources.isEmpty else { return .ok("watch", "no sources to watch yet\(limit)") }
        let folders = WatchBudget.foldersToWatch(
            mediaFolders: inspection.mediaFolders,
            folderRoots: sources.filter { $0.kind == .folder }.map(\.path),
            libraryFiles: sources.filter { $0.kind != .folder }.map(\.path))
        return WatchBudget(folders: folders.count, watchLimit: limits.watches, instanceLimit: limits.instances).finding
    }
}
