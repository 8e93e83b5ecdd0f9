import MixtapeCore

/// One element of an XML sidecar, held whole with its subtree. XMP and `.nfo` files are a few
/// kilobytes, and a tree lets each reader ask "the `<rdf:li>` items of `dc:creator`" or "every
/// `<genre>` under the root" directly instead of keeping its own SAX state machine.
struct SidecarXMLElement: Sendable {
    /// The namespace URI, or nil for an element in no namespace (every `.nfo` element).
    var namespace: String?
    /// The local name, without any prefix: prefixes are the writer's choice, URIs are not.
    var name: String
    var attributes: [SidecarXMLAttribute] = []
    var children: [SidecarXMLElement] = []
    /// The element's own character data (children's text excluded), entities decoded.
    var text = ""
    /// Where the start tag ends, for warnings about the element's value.
    var position: SourcePosition

    /// The text with surrounding whitespace removed.
    var trimmedText: String { SidecarXMLValues.trimmed(text) }

    /// Whether the element has this namespace URI and local name.
    func isNamed(_ localName: String, in uri: String?) -> Bool {
        name == localName && namespace == uri
    }

    /// The children with this local name compared without case, for formats (`.nfo`) whose
    /// writers disagree on capitals (`albumArtistCredits`, `albumartistcredits`).
    func children(caseInsensitive localName: String) -> [SidecarXMLElement] {
        let wanted = localName.lowercased()
        return children.filter { $0.name.lowercased() == wanted }
    }

    /// The first child named `localName` (without case), if any.
    func child(caseInsensitive localName: String) -> SidecarXMLElement? {
        let wanted = localName.lowercased()
        return children.first { $0.name.lowercased() == wanted }
    }

    /// The value of the attribute with this namespace URI and local name.
    func attribute(_ localName: String, in uri: String? = nil) -> String? {
        attributes.first { $0.name == localName && $0.namespace == uri }?.value
    }
}

/// One attribute of a `SidecarXMLElement`; namespace declarations (`xmlns:`) are not kept.
struct SidecarXMLAttribute: Sendable {
    var namespace: String?
    var name: String
    var value: String
}
