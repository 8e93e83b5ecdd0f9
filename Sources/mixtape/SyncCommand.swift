import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeConfig
import MixtapeCore

/// `mixtape sync DEST`: the selection, a query or playlists put on a device, transcoded where
/// asked, with playlists that play there (spec/cli.md, `sync`).
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Copy (and transcode) the selection, a --query or playlists onto a device, with playlists that play there.",
        discussion: """
            DEST is a folder on a phone, a player, a USB stick or an SD card. Each item becomes a \
            file named by --layout; each playlist chosen an M3U8 at DEST's top whose entries are \
            the files as written there. Formats in --keep are copied as they are; the others are \
            transcoded with ffmpeg to --transcode (mp3:V0, mp3:320k, aac:256k, opus:160k, flac), \
            with the index's tags and the cover art.
            A run writes only what is new or changed (by content, not time), removes what an \
            earlier sync wrote and is no longer chosen, and never touches a file it did not \
            write: DEST/.mixtape-sync/manifest.json records what it wrote. Every file is \
            written under a temporary name and renamed, so a run cut short leaves no half file \
            and the next one finishes the work.
            --profile NAME takes the options of [sync.NAME] in the config file (dest, query, \
            playlists, all-playlists, transcode, keep, layout, names, art, stem-limit, \
            playlist-folders, ascii, delete, strict); the flags given win. More: docs/sync.md.
            Exit status: 0; 1 nothing to sync; 65 a source cannot be decoded with --strict, or \
            the manifest is damaged; 66 DEST does not exist; 69 ffmpeg is needed and missing; \
            73 DEST cannot be written, is full or refuses a name; 75 another sync is writing DEST.
            """)

    @OptionGroup var libraryOptions: LibraryOptions

    @Argument(help: ArgumentHelp("The device's folder (or the profile's dest).", valueName: "dest"), completion: .directory)
    var destination: String?

    @Flag(help: "Sync the selection (the default).")
    var selection = false

    @Option(help: "Sync the items this query finds.", completion: Completions.query)
    var query: String?

    @Option(help: ArgumentHelp("An indexed playlist (name, folder path or id), written as an M3U8 too; repeat for more.",
                               valueName: "name"), completion: Completions.playlists)
    var playlist: [String] = []

    @Flag(name: .customLong("all-playlists"), help: "Sync every playlist of the index.")
    var allPlaylists = false

    @Option(help: ArgumentHelp("Take the options of [sync.NAME] in the config file.", valueName: "name"))
    var profile: String?

    @Option(help: ArgumentHelp("What other formats become: mp3:V0 (default), mp3:320k, aac:256k, opus:160k, flac.",
                               valueName: "format[:quality]"))
    var transcode: String?

    @Option(help: ArgumentHelp("Formats copied as they are (default mp3,m4a,aac,ogg,opus).", valueName: "format,..."))
    var keep: String?

    @Option(help: ArgumentHelp("Where each file goes, from the JSON keys (default {album_artist}/{album}/{disc}-{track:02} {title}).",
                               valueName: "template"))
    var layout: String?

    @Option(help: ArgumentHelp("posix, or fat for FAT32/exFAT and car stereos (default: by DEST's file system).", valueName: "rules"))
    var names: DeviceNames.Rules?

    @Option(name: .customLong("stem-limit"), help: ArgumentHelp("Cut each name to this many characters before its extension "
                                                               + "(43 for rekordbox's players).", valueName: "n"))
    var stemLimit: Int?

    @Flag(help: "Names in ASCII only: accents dropped (Björk → Bjork), other letters replaced, for stereos that show no others.")
    var ascii = false

    @Option(help: ArgumentHelp("Scale cover art down to at most this many pixels a side.", valueName: "pixels"))
    var art: Int?

    @Flag(name: .customLong("playlist-folders"),
          help: ArgumentHelp("Put each playlist's files in a folder of its own, numbered in its order (001 - …), "
                             + "for players that play folders in name order."))
    var playlistFolders = false

    @Flag(name: .customLong("dry-run"), help: "Say what would be copied, transcoded, renamed and deleted, and the room it needs.")
    var dryRun = false

    @Flag(name: .customLong("no-delete"), help: "Keep the files an earlier sync wrote that are no longer chosen.")
    var noDelete = false

    @Flag(help: "Exit 65 when a source file cannot be decoded (else a warning, and the others still sync).")
    var strict = false

    @Flag(help: "Print what was done (or would be) as one JSON object.")
    var json = false

    @Option(help: ArgumentHelp("Also record this sync under NAME: every index and watch batch that changes the index "
                               + "runs it again when DEST is there (mixtape saved).", valueName: "name"))
    var save: String?

    func validate() throws {
        let sources = [selection, query != nil, !playlist.isEmpty, allPlaylists].count(where: { $0 })
        if sources > 1 { throw ValidationError("give one of --selection, --query, --playlist and --all-playlists") }
        if destination == nil, profile == nil { throw ValidationError("give DEST, the device's folder (or a --profile with its dest)") }
        // `""` would be the current folder: what an unset shell variable gives, never a device.
        if destination?.isEmpty == true { throw ValidationError("DEST is empty (an unset shell variable?): name the device's folder") }
        if let transcode { _ = try parsed { () throws(SyncTargetError) in try SyncTarget(parsing: transcode) } }
        if let layout { _ = try parsed { () throws(DeviceLayoutError) in try DeviceLayout(layout) } }
        if let art, art < 16 { throw ValidationError("--art takes a size in pixels, 16 or more") }
        if let stemLimit, stemLimit < 8 { throw ValidationError("--stem-limit takes 8 characters or more") }
        if let save { try validateSave(save) }
    }

    private func parsed<Value, Failure: Error & CustomStringConvertible>(_ body: () throws(Failure) -> Value) throws -> Value {
        do { return try body() } catch { throw ValidationError(error.description) }
    }

    /// The profile's settings (none without --profile), checked once the config file is.
    private func profileSettings() throws -> Config.SyncProfile {
        guard let profile else { return Config.SyncProfile() }
        guard let settings = Settings.current.sync[profile] else {
            let known = Settings.current.sync.keys.sorted()
            throw ValidationError("no profile \"\(profile)\" in the config file" + (known.isEmpty ? "; add a [sync.\(profile)] table"
                                                                                      : "; known: " + known.joined(separator: ", ")))
        }
        return settings
    }

    func run() throws {
        let profile = try profileSettings()
        guard let destination = (destination ?? profile.destination).map(PlaylistWriteOptions.absolute) else {
            throw ValidationError("give DEST, the device's folder: [sync.\(self.profile ?? "")] has no dest")
        }
        var sync = SyncDevice(libraryPath: libraryOptions.libraryPath, destination: destination, now: Timestamp.current)
        sync.source = try source(profile)
        sync.settings.transcode = try transcode.map { try SyncTarget(parsing: $0) } ?? profile.transcode ?? .standard
        if let keep = keep.map(Self.formats) ?? profile.keep { sync.settings.keep = Set(keep) }
        sync.settings.layout = try layout.map { try DeviceLayout($0) } ?? profile.layout ?? .standard
        sync.settings.names.stemLimit = stemLimit ?? profile.stemLimit
        sync.settings.names.ascii = ascii || profile.ascii == true
        sync.settings.artPixels = art ?? profile.art
        sync.settings.playlistFolders = playlistFolders || profile.playlistFolders == true
        if sync.settings.playlistFolders, case .selection = sync.source {
            throw ValidationError("--playlist-folders needs --playlist or --all-playlists")
        }
        if sync.settings.playlistFolders, case .query = sync.source {
            throw ValidationError("--playlist-folders needs --playlist or --all-playlists")
        }
        sync.names = names ?? profile.names
        sync.deleting = noDelete ? false : profile.delete ?? true
        sync.dryRun = dryRun
        let line = ProgressLine(enabled: !libraryOptions.quiet && !json && Messages.decorated)
        sync.progress = { line.show(Self.progressText($0)) }
        if let save { try ensureFree(save) }
        let report = try sync.run()
        line.clear()
        SyncReportLines(report: report, quiet: libraryOptions.quiet).print(json: json)
        if let refused = report.outcome?.refused, !refused.isEmpty {
            throw CommandFailure(message: "the device refused \(refused.count.counted("name")); the other files are there", status: .cannotWrite)
        }
        let failures = report.outcome?.failed.count ?? 0
        if failures > 0, strict || profile.strict == true {
            throw CommandFailure(message: "\(failures.counted("source file")) could not be decoded (--strict)", status: .malformedData)
        }
        if let save { try record(save, sync: sync, profile: profile) }
    }

    private func source(_ profile: Config.SyncProfile) throws -> SyncDevice.Source {
        if selection { return .selection }
        if let query { return .query(try QueryWords.parse([query])) }
        if !playlist.isEmpty { return .playlists(playlist) }
        if allPlaylists { return .allPlaylists }
        if let query = profile.query { return .query(try QueryWords.parse([query])) }
        if !profile.playlists.isEmpty { return .playlists(profile.playlists) }
        if profile.allPlaylists == true { return .allPlaylists }
        return .selection
    }

    static func formats(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }

    /// `12 of 60 files, 240 MB of 1.1 GB, about 1:30 left`.
    static func progressText(_ progress: SyncDevice.Progress) -> String {
        var text = "  syncing: \(progress.files) of \(progress.totalFiles.counted("file")), "
            + "\(progress.bytes.byteSize) of \(progress.totalBytes.byteSize)"
        if progress.bytes > 0, progress.seconds > 2 {
            let left = Int(progress.seconds * Double(progress.totalBytes - progress.bytes) / Double(progress.bytes))
            text += ", about \(left / 60):" + (left % 60 < 10 ? "0" : "") + "\(left % 60) left"
        }
        return text
    }
}

extension DeviceNames.Rules: ExpressibleByArgument {}
