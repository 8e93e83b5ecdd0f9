import Foundation
import MixtapeCore

/// The top-level members of a youtube-dl / yt-dlp `.info.json` that become tags, and the rules
/// that turn them into a `TagSet`.
///
/// The rules follow what yt-dlp itself writes into a file with `--embed-metadata` (its
/// `FFmpegMetadataPP`: title from `track` then `title`, artist from `artist`, `artists`,
/// `creator`, `creators`, `uploader`; the page URL as the comment), so a sidecar and the tags
/// yt-dlp embedded agree, with one correction: YouTube's "Music in this video" data (`track`,
/// `artist`, `album`, ...) describes *a song heard in the video*, which is the video itself
/// for a music video but just one song for a mix or a vlog. The real corpus has two hour-long
/// mixes titled "TRAPPIN IN ＰＡＲＡＤＩＳＥ 50" whose `track` is "SAUCE IT UP". So the song
/// data is trusted only when the video title contains the track name (ignoring case, accents
/// and full-width forms), as "Smash Mouth - All Star (Official Video)" contains "All Star";
/// otherwise all of it is set aside and the video's own title and uploader are used.
struct InfoJSONMembers {
    /// Every member name read; the scanner builds only these.
    static let names: Set<String> = [
        "_type", "id", "title", "track", "artist", "artists", "creator", "creators",
        "uploader", "channel", "album", "album_artist", "album_artists", "composer", "composers",
        "genre", "genres", "categories", "track_number", "disc_number", "duration",
        "duration_string", "release_year", "release_date", "upload_date", "webpage_url",
        "original_url",
    ]

    let members: [String: JSONValue]

    /// False for info.json files yt-dlp writes for a playlist or channel (`_type` other than
    /// `video`), which describe no media file. youtube-dl wrote no `_type` for videos.
    var describesMediaFile: Bool {
        guard let type = members["_type"]?.text else { return true }
        return type == "video"
    }

    /// The extractor's id for the video (YouTube's 11 characters), not a tag: `id` is the
    /// item's identity, which comes from its path.
    var videoID: String? { members["id"]?.text }

    /// The site's categories, e.g. `["Music"]`; a hint for the kind, never a genre.
    var categories: [String] { members["categories"]?.texts ?? [] }

    /// Whether the song data (`track`, `artist`, `album`, ...) describes the whole file: there
    /// is no `track` to check, there is no title to check it against, or the title contains it.
    var songDataDescribesFile: Bool {
        guard let track = text("track"), let title = text("title") else { return true }
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]
        return title.range(of: track, options: options) != nil
    }

    /// The tags these members give (see the type's comment for the rules).
    var tags: TagSet {
        let song = songDataDescribesFile
        var tags = TagSet()
        tags[.title] = textValue(song ? ["track", "title"] : ["title"])
        tags[.artist] = textValue(song ? ["artist", "artists", "creator", "creators", "uploader", "channel"]
                                       : ["uploader", "channel"])
        tags[.genre] = textValue(["genre", "genres"])
        tags[.comments] = pageURL.map(FieldValue.text)
        tags[.durationMs] = integerValue(["duration", "duration_string"], InfoJSONScalars.milliseconds)
        let songYear = song ? integerValue(["release_year"], InfoJSONScalars.yearNumber) : nil
        tags[.year] = songYear ?? integerValue(["release_date", "upload_date"], InfoJSONScalars.year(fromDate:))
        if song {
            tags[.album] = textValue(["album"])
            tags[.albumArtist] = textValue(["album_artist", "album_artists"])
            tags[.composer] = textValue(["composer", "composers"])
            tags[.trackNumber] = integerValue(["track_number"], InfoJSONScalars.ordinal)
            tags[.discNumber] = integerValue(["disc_number"], InfoJSONScalars.ordinal)
        }
        return tags
    }

    /// The page the video came from: `webpage_url`, else `original_url` (what the user typed,
    /// which may be a bare id such as `ABC123`, so only text with `://` counts). It goes to
    /// `comments`, where yt-dlp's `--embed-metadata` puts it too; `location` stays the local path.
    private var pageURL: String? {
        ["webpage_url", "original_url"].lazy.compactMap { self.text($0) }.first { $0.contains("://") }
    }

    /// The trimmed text of a string member, or nil.
    private func text(_ name: String) -> String? { members[name]?.text }

    /// The first of `names` with text: a string as is, a list joined with ", " as yt-dlp
    /// joins lists when it embeds them.
    private func textValue(_ names: [String]) -> FieldValue? {
        for name in names {
            let texts = members[name]?.texts ?? []
            if !texts.isEmpty { return .text(texts.joined(separator: ", ")) }
        }
        return nil
    }

    /// The first of `names` that `read` can make a number of.
    private func integerValue(_ names: [String], _ read: (JSONValue) -> Int64?) -> FieldValue? {
        for name in names {
            if let value = members[name], let number = read(value) { return .integer(number) }
        }
        return nil
    }
}
