import MixtapeCore

/// Reads the `.info.json` sidecar that youtube-dl and yt-dlp write with `--write-info-json`
/// beside a download. The file is a stranger's JSON: the reader never throws and never
/// traps. Text that is not JSON (truncated, invalid UTF-8, nested past `JSONScanner.maxDepth`)
/// gives one warning at the line and column where reading stopped, and no tags. Neither such
/// text, nor JSON that is not an object, nor an info.json for a playlist or channel, is a
/// media sidecar (`isMediaSidecar` false), as the XMP and NFO readers also say.
///
/// Which members become which fields is decided in `InfoJSONMembers`; in short: title from
/// `track` (when the video title contains it) or `title`; artist from the song data or the
/// uploader; `duration` (seconds, number or text) as milliseconds; year from `release_year`,
/// `release_date` or `upload_date`; the page URL as the comment. The `location` is never set:
/// it stays the local media file's path, which the caller knows.
public enum InfoJSONSidecarReader {
    /// The tags of one info.json; `name` (a path or file name) is used in warnings.
    public static func read(bytes: [UInt8], name: String) -> SidecarReading {
        inspect(bytes: bytes, name: name).reading
    }

    /// `read`, plus the format's own extras (video id, categories and the kind they hint at).
    public static func inspect(bytes: [UInt8], name: String) -> InfoJSONSidecar {
        let document: JSONScanner.Document
        do {
            document = try JSONScanner.scan(bytes, keeping: InfoJSONMembers.names)
        } catch {
            let warning = IndexWarning(position: error.position(in: bytes, file: name),
                                       message: "not valid JSON, sidecar ignored: \(error.reason)")
            return InfoJSONSidecar(reading: SidecarReading(isMediaSidecar: false, warnings: [warning]))
        }
        let values: [String: JSONValue]
        switch document {
        case .object(let members):
            values = members
        case .notObject(let kind, let offset):
            let warning = IndexWarning(position: JSONSyntaxError.position(of: offset, in: bytes, file: name),
                                       message: "not an info.json: the top-level JSON value is \(kind), not an object")
            return InfoJSONSidecar(reading: SidecarReading(isMediaSidecar: false, warnings: [warning]))
        }
        let members = InfoJSONMembers(members: values)
        guard members.describesMediaFile else {
            return InfoJSONSidecar(reading: SidecarReading(isMediaSidecar: false),
                                   videoID: members.videoID, categories: members.categories)
        }
        return InfoJSONSidecar(reading: SidecarReading(tags: members.tags),
                               videoID: members.videoID, categories: members.categories)
    }
}
