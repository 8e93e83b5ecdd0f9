import MixtapeCore

/// Turns the top-level properties of an XMP packet into a `TagSet` (the table is on
/// `XMPSidecarReader`). A value that is present but unreadable, such as a track number of
/// "three", is left out with a warning at the property, so the rest of the packet still counts.
struct XMPTagMapping {
    let properties: XMPProperties
    private(set) var tags = TagSet()
    private(set) var warnings: [IndexWarning] = []

    init(properties: XMPProperties) { self.properties = properties }

    /// Fills `tags` and `warnings`.
    mutating func map() {
        tags[.title] = properties.dublinCore("title")?.preferredText.map(FieldValue.text)
        let artist = properties.dynamicMedia("artist") ?? properties.dublinCore("creator")
        tags[.artist] = artist?.joinedText.map(FieldValue.text)
        let texts: [(String, Field)] = [("album", .album), ("albumArtist", .albumArtist),
                                        ("genre", .genre), ("composer", .composer)]
        for (name, field) in texts {
            tags[field] = properties.dynamicMedia(name)?.joinedText.map(FieldValue.text)
        }
        mapNumber("trackNumber", number: .trackNumber, count: .trackCount)
        mapNumber("discNumber", number: .discNumber, count: .discCount)
        mapDuration()
        mapYear()
        mapRating()
    }

    /// A track or disc number, "3" or "3/12"; 0 means unknown and is left out quietly.
    private mutating func mapNumber(_ name: String, number: Field, count: Field) {
        guard let property = properties.dynamicMedia(name), let text = property.items.first?.text else { return }
        guard let parsed = SidecarXMLValues.numberAndCount(text) else {
            return ignore(property, text, "is not a number")
        }
        guard parsed.number > 0 else { return }  // 0: unknown
        tags[number] = .integer(parsed.number)
        tags[count] = parsed.count.map(FieldValue.integer)
    }

    /// `xmpDM:duration` is an XMP Time: a struct of `value` and a rational `scale` ("1/1000"
    /// means milliseconds); a plain text is read as seconds or a clock time.
    private mutating func mapDuration() {
        guard let property = properties.dynamicMedia("duration") else { return }
        let fields = property.fields
        if let value = fields["value"] {
            guard let ms = SidecarXMLValues.durationMs(value: value, scale: fields["scale"]) else {
                return ignore(property, "\(value) × \(fields["scale"] ?? "1")", "is not a duration")
            }
            tags[.durationMs] = .integer(ms)
        } else if let text = property.items.first?.text {
            guard let ms = SidecarXMLValues.durationMs(text) else { return ignore(property, text, "is not a duration") }
            tags[.durationMs] = .integer(ms)
        }
    }

    /// `xmpDM:releaseDate` is an XMP Date ("1999", "1999-04-01T12:00Z"): its year.
    private mutating func mapYear() {
        guard let property = properties.dynamicMedia("releaseDate"), let text = property.items.first?.text else {
            return
        }
        guard let year = SidecarXMLValues.year(text) else {
            return ignore(property, text, "does not start with a year")
        }
        tags[.year] = .integer(year)
    }

    /// `xmp:Rating` is 0–5 stars (fractions allowed), 0 meaning unrated and -1 rejected; both
    /// of those leave the rating unset.
    private mutating func mapRating() {
        guard let property = properties.basic("Rating"), let text = property.items.first?.text else { return }
        guard let stars = SidecarXMLValues.decimal(text), stars >= -1, stars <= 5 else {
            return ignore(property, text, "is not a rating from -1 to 5")
        }
        tags[.rating] = SidecarXMLValues.percent(stars, of: 5).map(FieldValue.integer)
    }

    /// Records that `property`'s value (`text`) was left out and why.
    private mutating func ignore(_ property: XMPProperty, _ text: String, _ problem: String) {
        let shown = text.count > 40 ? text.prefix(40) + "…" : Substring(text)
        warnings.append(IndexWarning(position: property.position,
                                     message: "\(property.displayName) \"\(shown)\" \(problem); ignored"))
    }
}
