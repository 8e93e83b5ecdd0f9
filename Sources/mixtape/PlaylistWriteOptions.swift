import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeCore

/// How a playlist file is written, shared by `export-playlist` and `pick --export`, which
/// use the same writer (spec/picker.md).
struct PlaylistWriteOptions: ParsableArguments {
    @Option(help: ArgumentHelp("m3u8, m3u, pls, xspf, itunes or json (default: from the file's extension).",
                               valueName: "format"))
    var format: PlaylistFormat?

    @Option(name: .customLong("map-prefix"), help: ArgumentHelp("Rewrite paths starting with FROM to start with TO.", valueName: "from=to"))
    var mapPrefix: [String] = []

    @Flag(help: "Write paths relative to the playlist's folder.")
    var relative = false

    @Option(help: ArgumentHelp("Entries whose file does not exist here: keep, skip or fail.", valueName: "mode"))
    var missing: ExportPlaylist.Missing = .keep

    /// `--format`, else the format the output file's extension names.
    func format(for output: String?) -> PlaylistFormat? {
        format ?? output.flatMap { PlaylistFormat(fileExtension: ($0 as NSString).pathExtension) }
    }

    /// Usage errors: a malformed `--map-prefix`, `--relative` with the itunes format.
    func validate(format: PlaylistFormat?) throws {
        do { _ = try PathMapping(parsing: mapPrefix) } catch { throw ValidationError("\(error)") }
        if relative, format == .itunes {
            throw ValidationError("--relative does not apply to the itunes format: Music.app imports absolute file URLs only")
        }
    }

    /// Sets the format, mapping and missing-file policy of `export`.
    func configure(_ export: inout ExportPlaylist, format: PlaylistFormat) throws {
        export.format = format
        export.mapping = try PathMapping(parsing: mapPrefix)
        export.missing = missing
    }

    /// Writes `export` to the file `output` (relative paths against its folder with
    /// `--relative`).
    func write(_ export: ExportPlaylist, to output: String) throws -> ExportPlaylist.Outcome {
        var export = export
        let absolute = output.hasPrefix("/") ? output : FileManager.default.currentDirectoryPath + "/" + output
        export.relativeTo = relative ? (absolute as NSString).deletingLastPathComponent : nil
        return try export.write(to: output)
    }
}
