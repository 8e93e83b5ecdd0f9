import MixtapeCore

/// Splits one media file into its cue tracks (sources.md, "CUE sheets"), from a `.cue` beside
/// it whose `FILE` names it, else from a sheet embedded in its tags (`CUESHEET`), else, for a
/// FLAC file, from its own `CUESHEET` metadata block (`FLACCueSheet`).
///
/// Which file a `FILE` line names: the name resolved against the sheet's folder (`\` read as
/// `/`, as sheets written on Windows have it); when no file is there, a media file in that
/// folder with the same name up to the extension. Rippers write `x.wav` into the sheet and
/// the file is compressed to `x.flac` afterwards, so the exact name is often missing.
///
/// A beside-sheet wins over an embedded one (it is the one a person can edit); among several
/// sheets in the folder, the first by name that names the file. An embedded sheet describes
/// its own file whatever its `FILE` line says; only its first `FILE`'s tracks are used (a
/// sheet embedded in one file cannot time tracks of another). A malformed sheet is a warning
/// (`file:line`) and the file stays whole; so does a sheet whose every track starts past the
/// end of the file.
enum CueTracks {
    /// The track items of `whole` (the file read as one item), with the warnings of the sheet
    /// used and of malformed sheets beside it; no items when the file is not split.
    static func split(_ whole: MediaItem, file: MediaFile, embedded: String?) -> (items: [MediaItem], warnings: [IndexWarning]) {
        var warnings: [IndexWarning] = []
        for sidecar in file.sidecars where sidecar.kind == .cue {
            let bytes: [UInt8]
            switch SidecarBytes.read(path: sidecar.path) {
            case .success(let read): bytes = read
            case .failure(let failure):
                warnings.append(failure.warning)
                continue
            }
            let reading = CueSheetParser.read(bytes: bytes)
            guard let sheet = reading.sheet else {
                warnings += located(reading, at: sidecar.path)
                continue
            }
            let folder = FolderPath.parent(of: sidecar.path)
            guard let named = sheet.files.first(where: { names($0.name, in: folder, file.path) }) else { continue }
            warnings += located(reading, at: sidecar.path)
            return cut(whole, by: named, sheetPath: sidecar.path, warnings: warnings)
        }
        guard let embedded else { return nativeFLAC(whole, file: file, warnings: warnings) }
        let reading = CueSheetParser.read(bytes: Array(embedded.utf8))
        let label = file.path + " (CUESHEET tag)"
        warnings += located(reading, at: label)
        guard let first = reading.sheet?.files.first else { return ([], warnings) }
        return cut(whole, by: first, sheetPath: label, warnings: warnings)
    }

    /// A FLAC file's own `CUESHEET` metadata block (`flac --cuesheet=`), when it has neither a
    /// sheet beside it nor a `CUESHEET` tag: its tracks, numbered, with no titles of their own.
    private static func nativeFLAC(_ whole: MediaItem, file: MediaFile, warnings: [IndexWarning])
        -> (items: [MediaItem], warnings: [IndexWarning]) {
        guard FolderEntryRole.pathExtension(of: file.path) == "flac",
              let metadata = FLACMetadataBlocks.read(path: file.path),
              let sheetFile = FLACCueSheet.file(fromMetadata: metadata) else { return ([], warnings) }
        return cut(whole, by: sheetFile, sheetPath: file.path + " (CUESHEET block)", warnings: warnings)
    }

    /// The items of `sheetFile`'s tracks, warning about those past the end of the file.
    private static func cut(_ whole: MediaItem, by sheetFile: CueSheet.File, sheetPath: String,
                            warnings: [IndexWarning]) -> (items: [MediaItem], warnings: [IndexWarning]) {
        var warnings = warnings
        let (items, beyond) = CueSplit.items(of: whole, file: sheetFile)
        for track in beyond {
            warnings.append(IndexWarning(position: SourcePosition(file: sheetPath, line: track.line, column: 0),
                                         message: "TRACK \(track.number) starts after the end of the audio file; track skipped"))
        }
        if items.isEmpty {
            warnings.append(IndexWarning(position: SourcePosition(file: sheetPath, line: sheetFile.line, column: 0),
                                         message: "no track of the sheet is inside the audio file; the file is indexed whole"))
        }
        return (items, warnings)
    }

    /// Whether the `FILE` name `name` of a sheet in `folder` names the media file at `path`.
    static func names(_ name: String, in folder: String, _ path: String) -> Bool {
        let written = name.replacingBackslashes
        let target = written.hasPrefix("/") ? written : FolderPath.join(folder, written)
        if target == path { return true }
        guard FolderPath.parent(of: target) == FolderPath.parent(of: path), !FolderWalker.isRegularFile(target) else {
            return false
        }
        let base = { (full: String) in FolderSidecarMatcher.stem(of: String(full.split(separator: "/").last ?? "")) }
        return base(target) == base(path)
    }

    /// The reading's problems as index warnings at `path` (a malformed sheet's too).
    private static func located(_ reading: CueSheetReading, at path: String) -> [IndexWarning] {
        var problems = reading.warnings
        if let malformed = reading.malformed { problems.append(malformed) }
        return problems.map {
            IndexWarning(position: SourcePosition(file: path, line: $0.line, column: 0), message: "cue sheet: " + $0.message)
        }
    }
}
