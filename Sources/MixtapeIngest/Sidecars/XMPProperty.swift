import MixtapeCore

/// One top-level property of an XMP packet (a child or attribute of an `rdf:Description` right
/// under `rdf:RDF`), with the RDF/XML forms a writer may choose folded into a few questions:
/// "what is its text", "what are its items", "what are its struct fields".
///
/// RDF/XML lets the same value be written several ways, and real sidecars use all of them:
/// `xmp:Rating="3"` or `<xmp:Rating>3</xmp:Rating>`; an array as `rdf:Alt`/`Seq`/`Bag` of
/// `rdf:li`; a struct as attributes on the property element, as children under
/// `rdf:parseType="Resource"`, or inside a nested `rdf:Description`.
struct XMPProperty: Sendable {
    /// How the property was written.
    enum Value: Sendable {
        /// Written as an attribute: always simple text.
        case attribute(String)
        case element(SidecarXMLElement)
    }

    var namespace: String
    var name: String
    var value: Value
    var position: SourcePosition

    /// The conventional `prefix:name` for messages, whatever prefix the file bound.
    var displayName: String {
        if namespace == XMPNamespace.dublinCore { return "dc:" + name }
        if namespace == XMPNamespace.basic { return "xmp:" + name }
        if XMPNamespace.dynamicMedia.contains(namespace) { return "xmpDM:" + name }
        return name
    }

    /// Each text the property holds with its `xml:lang`: one for a simple value, one per
    /// `rdf:li` for an array. Blank texts are dropped.
    var items: [(language: String?, text: String)] {
        switch value {
        case .attribute(let text):
            let trimmed = SidecarXMLValues.trimmed(text)
            return trimmed.isEmpty ? [] : [(nil, trimmed)]
        case .element(let element):
            if let resource = element.attribute("resource", in: XMPNamespace.rdf) {
                return [(nil, SidecarXMLValues.trimmed(resource))]
            }
            let arrays = ["Alt", "Seq", "Bag"]
            let array = element.children.first { $0.namespace == XMPNamespace.rdf && arrays.contains($0.name) }
            if let array {
                return array.children.filter { $0.isNamed("li", in: XMPNamespace.rdf) }.compactMap { item in
                    let text = item.trimmedText
                    return text.isEmpty ? nil : (item.attribute("lang", in: XMPNamespace.xml), text)
                }
            }
            let text = element.trimmedText
            guard !text.isEmpty, element.children.isEmpty else { return [] }
            return [(element.attribute("lang", in: XMPNamespace.xml), text)]
        }
    }

    /// The text for a language alternative (`dc:title`): the `x-default` item, else the first.
    var preferredText: String? {
        let all = items
        return (all.first { $0.language?.lowercased() == "x-default" } ?? all.first)?.text
    }

    /// Every item joined with ", " (each once), for properties that may hold several names.
    var joinedText: String? { SidecarXMLValues.joined(items.map(\.text)) }

    /// The struct fields by local name (`value`, `scale` for `xmpDM:duration`), from
    /// attributes on the property element, its children, or a nested `rdf:Description`.
    var fields: [String: String] {
        guard case .element(let element) = value else { return [:] }
        var fields: [String: String] = [:]
        collectFields(of: element, into: &fields)
        for child in element.children where child.isNamed("Description", in: XMPNamespace.rdf) {
            collectFields(of: child, into: &fields)
        }
        return fields
    }

    /// Adds the data attributes and leaf children of `element`, keeping the first of each name.
    private func collectFields(of element: SidecarXMLElement, into fields: inout [String: String]) {
        for attribute in element.attributes where !Self.isSyntax(attribute.namespace) {
            fields[attribute.name] = fields[attribute.name] ?? attribute.value
        }
        for child in element.children where !Self.isSyntax(child.namespace) && child.children.isEmpty {
            fields[child.name] = fields[child.name] ?? child.trimmedText
        }
    }

    /// Whether a name belongs to RDF or XML syntax (`rdf:about`, `xml:lang`), not to the data.
    static func isSyntax(_ namespace: String?) -> Bool {
        namespace == XMPNamespace.rdf || namespace == XMPNamespace.xml
    }
}
