import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeConfig
import MixtapeCore

/// How a playlist file is written, shared by `export-playlist` and `pick --export`, which
/// use the same writer (spec/picker.md). Each flag falls back to the config file's `[export]`
/// setting, then to the built-in default.
struct PlaylistWriteOptions: ParsableArguments {
    @Option(help: ArgumentHelp("m3u8, m3u, pls, xspf, itunes, rekordbox or json (default: from the file's extension, "
                               + "else the config file's).", valueName: "format"))
    var format: PlaylistFormat?

    @OptionGroup var prefixes: MapPrefixOptions

    /// The `--map-prefix` arguments as given.
    var mapPrefix: [String] { prefixes.mapPrefix }

    @Flag(help: "Write paths relative to the playlist's folder.")
    var relative = false

    @Flag(name: .customLong("plain-paths"), help: ArgumentHelp(
        "m3u8, m3u, pls: write every file as a plain path, never a file:// URI. For MPD, which does not "
        + "decode file:// URIs; VLC then cannot open names holding # or ? (default: the config file's, "
        + "else URIs for those few)."))
    var plainPaths = false

    /// `--plain-paths`, else the config file's `plain-paths` for the formats it applies to.
    func plainPaths(for format: PlaylistFormat) -> Bool {
        guard [.m3u8, .m3u, .pls].contains(format) else { return false }
        return plainPaths || Settings.current.export.plainPaths == true
    }

    @Option(help: ArgumentHelp("Entries whose file does not exist here: keep, skip or fail (default: the config file's, else keep).",
                               valueName: "mode"))
    var missing: ExportPlaylist.Missing?

    /// `--format`, else the format the output file's extension names, else `fallback` (the
    /// config file's).
    func format(for output: String?, fallback: PlaylistFormat? = Settings.current.export.format) -> PlaylistFormat? {
        format ?? output.flatMap { PlaylistFormat(fileExtension: ($0 as NSString).pathExtension) } ?? fallback
    }

    /// `--missing`, else the config file's, else keep.
    var missingPolicy: ExportPlaylist.Missing { missing ?? Settings.current.export.missing ?? .keep }

    /// The config file's rules, then the `--map-prefix` flags.
    func mapping() throws -> PathMapping { try prefixes.mapping() }

    /// Usage errors: a malformed `--map-prefix`, `--relative` with the itunes or rekordbox format.
    func validate(format: PlaylistFormat?) throws {
        try prefixes.validate()
        if plainPaths, let format, ![.m3u8, .m3u, .pls].contains(format) {
            throw ValidationError("--plain-paths applies to m3u8, m3u and pls: \(format.rawValue) files hold URIs")
        }
        if relative, format == .itunes {
            throw ValidationError("--relative does not apply to the itunes format: Music.app imports absolute file URLs only")
        }
        if relative, format == .rekordbox {
            throw ValidationError("--relative does not apply to the rekordbox format: rekordbox imports absolute file URLs only")
        }
    }

    /// Sets the format, mapping and missing-file policy of `export`.
    func configure(_ export: inout ExportPlaylist, format: PlaylistFormat) throws {
        export.format = format
        export.mapping = try mapping()
        export.missing = missingPolicy
        export.plainPaths = plainPaths(for: format)
    }

    /// Writes `export` to the file `output` (relative paths against its folder with
    /// `--relative`).
    func write(_ export: ExportPlaylist, to output: String) throws -> ExportPlaylist.Outcome {
        var export = export
        export.relativeTo = relative ? (PlaylistWriteOptions.absolute(output) as NSString).deletingLastPathComponent : nil
        return try export.write(to: output)
    }

    /// `path` against the working folder.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}

/// `--map-prefix FROM=TO`, taken by every command that hands paths on (`export-playlist`,
/// `pick --export`, `play`): the config file's `[export] map-prefix` rules, then these.
struct MapPrefixOptions: ParsableArguments {
    @Option(name: .customLong("map-prefix"), help: ArgumentHelp(
        "Rewrite paths starting with FROM to start with TO (after the config file's rules; the same FROM replaces one).",
        valueName: "from=to"))
    var mapPrefix: [String] = []

    /// The config file's rules, then the `--map-prefix` flags (a TO of `~/…` in the home folder).
    func mapping() throws -> PathMapping {
        let home = ProcessInfo.processInfo.environment["HOME"]
        return Settings.current.mapping(adding: try PathMapping(parsing: mapPrefix).rules.map { $0.expandingHome(home) })
    }

    func validate() throws {
        do { _ = try PathMapping(parsing: mapPrefix) } catch { throw ValidationError("\(error)") }
    }
}
