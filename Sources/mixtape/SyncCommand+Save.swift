import ArgumentParser
import MixtapeApp
import MixtapeConfig
import MixtapeCore

/// `sync DEST --save NAME`: the sync just run, recorded with everything resolved (DEST
/// absolute, the profile and the flags merged), so `index`, `watch` and `saved run` run the
/// same sync from cron, in any folder, whatever the config file says by then.
extension SyncCommand {
    func validateSave(_ name: String) throws {
        if let problem = SavedSync.problem(withName: name) { throw ValidationError(problem) }
        if dryRun { throw ValidationError("--save records a sync that ran; drop --dry-run (or --save)") }
    }

    /// Refuses a name a saved export holds, before anything is written: `saved run NAME` and
    /// `saved remove NAME` must mean one thing.
    func ensureFree(_ name: String) throws {
        if try SavedNames.kind(of: name, libraryPath: libraryOptions.libraryPath) == .export {
            throw ValidationError("a saved export is named \"\(name)\"; give the sync another name, "
                                  + "or forget the export first (mixtape saved remove \(name))")
        }
    }

    func record(_ name: String, sync: SyncDevice, profile: Config.SyncProfile) throws {
        let settings = SavedSync.Settings(
            transcode: sync.settings.transcode, keep: Array(sync.settings.keep), layout: sync.settings.layout,
            names: sync.names, stemLimit: sync.settings.names.stemLimit, artPixels: sync.settings.artPixels,
            delete: sync.deleting, strict: strict || profile.strict == true,
            playlistFolders: sync.settings.playlistFolders, ascii: sync.settings.names.ascii)
        let destination = Self.normalized(sync.destination)
        let saved = SavedSync(name: name, destination: destination, source: savedSource(profile), settings: settings)
        let replaced = try SavedSyncs(libraryPath: libraryOptions.libraryPath, now: Timestamp.current).save(saved)
        if !libraryOptions.quiet {
            Messages.info("saved sync \(name)\(replaced ? " (replaced)" : ""): run again after every index that changes "
                          + "the index, when \(destination) is there; `mixtape saved list` shows it")
        }
    }

    /// An absolute path without `.` and `..`, worked out from the text alone: a mount point
    /// that is a symbolic link stays one (`/media/stick` may lead elsewhere by the next run).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// What the sync chose from, as text: the flags first, then the profile (as `source`).
    private func savedSource(_ profile: Config.SyncProfile) -> SavedSync.Source {
        if selection { return .selection }
        if let query { return .query(QueryArguments.join([query])) }
        if !playlist.isEmpty { return .playlists(playlist) }
        if allPlaylists { return .allPlaylists }
        if let query = profile.query { return .query(QueryArguments.join([query])) }
        if !profile.playlists.isEmpty { return .playlists(profile.playlists) }
        if profile.allPlaylists == true { return .allPlaylists }
        return .selection
    }
}
