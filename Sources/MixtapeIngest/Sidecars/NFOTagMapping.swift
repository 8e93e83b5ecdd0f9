import MixtapeCore

/// Turns the root element of a Kodi-style `.nfo` into a `TagSet`. Only direct children of the
/// root count (an `<artist>` inside `<albumArtistCredits>` or a `<name>` inside `<actor>` is
/// not the file's own), and element names are compared without case.
///
/// For a file describing one media file (`song`, `musicvideo`, `movie`, `episodedetails`):
///
/// | `.nfo`                                           | field                              |
/// |--------------------------------------------------|------------------------------------|
/// | `title` (the first, as for every single field)   | title                              |
/// | every `artist`, joined with ", "                 | artist                             |
/// | `album`; for an episode, else `showtitle`        | album                              |
/// | `albumartist`, else `albumArtistCredits/artist`  | album_artist (joined)              |
/// | every `genre` / `composer`, joined with ", "     | genre / composer                   |
/// | `year`, else `premiered`, `aired`, `releasedate` | year (from the date's first four digits) |
/// | `track` ("3" or "3/12")                          | track number (and count)           |
/// | `fileinfo/streamdetails/*/durationinseconds`, else `runtime` (minutes) | duration_ms |
/// | `userrating` (0–10), else the default `ratings/rating` or `rating` (of `max`, 10 if absent) | rating × 10 |
/// | `plot`, else `outline`                           | comments                           |
/// | the root                                         | kind                               |
///
/// A folder file gives only what every file in the folder shares: `album.nfo` its `title` as
/// album, its album artist, genre and year; `artist.nfo` its `name` as artist and genre;
/// `tvshow.nfo` its `title` as album (as episodes' `showtitle`), genre and year.
struct NFOTagMapping {
    let root: SidecarXMLElement
    let nfoRoot: NFORoot

    init(root: SidecarXMLElement, nfoRoot: NFORoot) {
        self.root = root
        self.nfoRoot = nfoRoot
    }

    /// The tags the root gives.
    func tags() -> TagSet {
        var tags = TagSet()
        tags[.kind] = .text(nfoRoot.kind.rawValue)
        tags[.genre] = joined("genre")
        switch nfoRoot {
        case .album:
            tags[.album] = first("title")
            tags[.albumArtist] = albumArtist() ?? joined("artistdesc")
            tags[.year] = year()
        case .artist:
            tags[.artist] = first("name")
        case .tvshow:
            tags[.album] = first("title")
            tags[.year] = year()
        case .song, .musicvideo, .movie, .episodedetails:
            mapItem(into: &tags)
        }
        return tags
    }

    /// The fields of a file that describes one media file.
    private func mapItem(into tags: inout TagSet) {
        tags[.title] = first("title")
        tags[.artist] = joined("artist")
        tags[.album] = first("album") ?? (nfoRoot == .episodedetails ? first("showtitle") : nil)
        tags[.albumArtist] = albumArtist()
        tags[.composer] = joined("composer")
        tags[.year] = year()
        if let track = text("track").flatMap(SidecarXMLValues.numberAndCount), track.number > 0 {
            tags[.trackNumber] = .integer(track.number)
            tags[.trackCount] = track.count.map(FieldValue.integer)
        }
        tags[.durationMs] = durationMs().map(FieldValue.integer)
        tags[.rating] = rating().map(FieldValue.integer)
        tags[.comments] = (text("plot") ?? text("outline")).map(FieldValue.text)
    }

    // MARK: Fields

    /// Kodi writes `<albumartist>` in some versions and `<albumArtistCredits><artist>` in others.
    private func albumArtist() -> FieldValue? {
        if let direct = joined("albumartist") { return direct }
        let credits = root.children(caseInsensitive: "albumArtistCredits")
            .flatMap { $0.children(caseInsensitive: "artist") }.map(\.text)
        return SidecarXMLValues.joined(credits).map(FieldValue.text)
    }

    /// The first year found: `year` (0 is Kodi's "unknown"), then the release dates.
    private func year() -> FieldValue? {
        for name in ["year", "premiered", "aired", "releasedate"] {
            if let year = text(name).flatMap(SidecarXMLValues.year) { return .integer(year) }
        }
        return nil
    }

    /// The stream's measured length when the file lists one, else `runtime` in minutes
    /// (Kodi rounds it, so a three-minute song says "2" or "3").
    private func durationMs() -> Int64? {
        let streams = root.children(caseInsensitive: "fileinfo")
            .flatMap { $0.children(caseInsensitive: "streamdetails") }.flatMap(\.children)
        for stream in streams {
            let measured = stream.child(caseInsensitive: "durationinseconds").flatMap { SidecarXMLValues.decimal($0.text) }
            if let seconds = measured, seconds > 0 { return SidecarXMLValues.milliseconds(seconds) }
        }
        // "45", or "45 min" as some MediaPortal-era writers put it.
        let runtime = text("runtime").flatMap { $0.split(separator: " ").first }
        guard let minutes = runtime.flatMap({ SidecarXMLValues.decimal(String($0)) }), minutes > 0 else { return nil }
        return SidecarXMLValues.milliseconds(minutes * 60)
    }

    /// The user's own rating when set (`userrating`, 0 meaning unrated), else the scraped
    /// community rating: Kodi 17+'s default `<ratings><rating>`, or the older single `<rating>`.
    private func rating() -> Int64? {
        if let user = text("userrating").flatMap(SidecarXMLValues.decimal), user > 0 {
            return SidecarXMLValues.percent(user, of: 10)
        }
        let ratings = root.children(caseInsensitive: "ratings").flatMap { $0.children(caseInsensitive: "rating") }
        let chosen = ratings.first { $0.attribute("default")?.lowercased() == "true" } ?? ratings.first
        if let chosen {
            let value = chosen.child(caseInsensitive: "value")?.text ?? chosen.text
            return scaled(value, max: chosen.attribute("max"))
        }
        guard let single = root.child(caseInsensitive: "rating") else { return nil }
        return scaled(single.text, max: single.attribute("max"))
    }

    /// A rating text out of `max` (10 when the attribute is absent) as 0–100.
    private func scaled(_ text: String, max: String?) -> Int64? {
        guard let value = SidecarXMLValues.decimal(text) else { return nil }
        let scale = max.flatMap(SidecarXMLValues.decimal) ?? 10
        return SidecarXMLValues.percent(value, of: scale)
    }

    // MARK: Children

    /// The trimmed text of the first non-blank child named `name`.
    private func text(_ name: String) -> String? {
        root.children(caseInsensitive: name).lazy.map(\.trimmedText).first { !$0.isEmpty }
    }

    /// The first non-blank child named `name`, as a text value.
    private func first(_ name: String) -> FieldValue? { text(name).map(FieldValue.text) }

    /// Every child named `name` joined with ", " (each once), as a text value.
    private func joined(_ name: String) -> FieldValue? {
        SidecarXMLValues.joined(root.children(caseInsensitive: name).map(\.text)).map(FieldValue.text)
    }
}
