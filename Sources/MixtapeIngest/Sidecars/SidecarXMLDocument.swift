import MixtapeCore

/// What `SidecarXMLParser` hands a sidecar reader: the tree as far as it could be read, the
/// problems met, and what (if anything) followed the root element. Readers decide what the
/// trailing content means: junk after an XMP packet is a problem, a scraper URL after an `.nfo`
/// root is a Kodi convention.
struct SidecarXMLDocument: Sendable {
    /// The root element; after an error it holds everything read up to the error, with the
    /// elements still open closed there. Nil when not even a start tag was read.
    var root: SidecarXMLElement?
    /// Whether the root's end tag was read (false for a truncated or broken file).
    var rootClosed = false
    /// Errors and limits hit while parsing, each with `file:line:column` where known.
    var warnings: [IndexWarning] = []
    /// Content after the root's end tag, which ended the parse without being read.
    var trailing: SidecarXMLTrailingContent?
}

/// Non-markup text or a second element after the root element of a sidecar.
struct SidecarXMLTrailingContent: Sendable {
    var position: SourcePosition
    /// The name of the element that starts there (`episodedetails` in a Kodi multi-episode
    /// file), or nil when it is text such as a scraper URL.
    var elementName: String?
}
