import MixtapeCore

/// Reads an XMP sidecar (`song.mp3.xmp`, `clip.xmp`) into the tags it gives a media file.
///
/// Fields, matched by namespace URI and local name whatever the prefix:
///
/// | XMP                                  | field                                   |
/// |--------------------------------------|-----------------------------------------|
/// | `dc:title` (language alternative)    | title: the `x-default` item, else the first |
/// | `xmpDM:artist`, else `dc:creator`    | artist: all items joined with ", "       |
/// | `xmpDM:album`, `albumArtist`, `genre`, `composer` | album, album_artist, genre, composer |
/// | `xmpDM:trackNumber`, `discNumber` ("3/12") | track / disc number and count     |
/// | `xmpDM:duration` (`value` × `scale`, or seconds) | duration_ms                    |
/// | `xmpDM:releaseDate`                   | year                                   |
/// | `xmp:Rating` (1–5 stars)              | rating = stars × 20; 0 (unrated) and -1 (rejected) give none |
///
/// A packet is a media sidecar when it has at least one top-level `xmpDM:` property: photo
/// sidecars also carry `dc:title` and `xmp:Rating`, so those alone do not count. The tags are
/// filled either way; the caller skips (and counts) what is not a media sidecar.
public enum XMPSidecarReader {
    /// Reads the bytes of an XMP file (UTF-8 or UTF-16 with a byte-order mark, with or without
    /// the `<?xpacket?>` wrapper). Never throws: a malformed file gives a warning with
    /// `file:line:column` and the fields read before the error. `name` is the file's path.
    public static func read(bytes: [UInt8], name: String) -> SidecarReading {
        let document = SidecarXMLParser.parse(bytes: bytes, name: name)
        var warnings = document.warnings
        if let trailing = document.trailing {
            warnings.append(IndexWarning(position: trailing.position,
                                         message: "content after the end of the XMP packet was ignored"))
        }
        guard let root = document.root else {
            return SidecarReading(tags: TagSet(), isMediaSidecar: false, warnings: warnings)
        }
        guard let rdf = findRDF(in: root) else {
            if document.rootClosed {
                warnings.append(IndexWarning(position: root.position,
                                             message: "not an XMP packet: no rdf:RDF element under <\(root.name)>"))
            }
            return SidecarReading(tags: TagSet(), isMediaSidecar: false, warnings: warnings)
        }
        let properties = XMPProperties(rdf: rdf)
        var mapping = XMPTagMapping(properties: properties)
        mapping.map()
        return SidecarReading(tags: mapping.tags, isMediaSidecar: properties.hasDynamicMedia,
                              warnings: warnings + mapping.warnings)
    }

    /// The first `rdf:RDF` element, the root itself or under `x:xmpmeta` (or any wrapper).
    private static func findRDF(in element: SidecarXMLElement) -> SidecarXMLElement? {
        if element.isNamed("RDF", in: XMPNamespace.rdf) { return element }
        for child in element.children {
            if let found = findRDF(in: child) { return found }
        }
        return nil
    }
}
