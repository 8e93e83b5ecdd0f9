import MixtapeCore

/// The top-level properties of an XMP packet: every attribute and child element of each
/// `rdf:Description` directly under `rdf:RDF` (a packet may split its schemas over several).
/// Properties nested deeper, such as the marker names inside Premiere's `xmpDM:Tracks`, belong
/// to their parent's value and are never mistaken for the file's own fields.
struct XMPProperties: Sendable {
    private(set) var all: [XMPProperty] = []

    /// Collects the properties under `rdf`, in document order.
    init(rdf: SidecarXMLElement) {
        for description in rdf.children where description.isNamed("Description", in: XMPNamespace.rdf) {
            for attribute in description.attributes {
                guard let namespace = attribute.namespace, !XMPProperty.isSyntax(namespace) else { continue }
                all.append(XMPProperty(namespace: namespace, name: attribute.name,
                                       value: .attribute(attribute.value), position: description.position))
            }
            for child in description.children {
                guard let namespace = child.namespace, !XMPProperty.isSyntax(namespace) else { continue }
                all.append(XMPProperty(namespace: namespace, name: child.name, value: .element(child),
                                       position: child.position))
            }
        }
    }

    /// The first property with this local name in one of `namespaces`.
    func first(_ name: String, in namespaces: [String]) -> XMPProperty? {
        all.first { $0.name == name && namespaces.contains($0.namespace) }
    }

    /// The first Dublin Core (`dc:`) property with this local name.
    func dublinCore(_ name: String) -> XMPProperty? { first(name, in: [XMPNamespace.dublinCore]) }

    /// The first XMP Basic (`xmp:` or `xap:`) property with this local name.
    func basic(_ name: String) -> XMPProperty? { first(name, in: [XMPNamespace.basic]) }

    /// The first Dynamic Media (`xmpDM:`) property with this local name, under either URI.
    func dynamicMedia(_ name: String) -> XMPProperty? { first(name, in: XMPNamespace.dynamicMedia) }

    /// Whether any top-level property is in the Dynamic Media schema: the rule for "this XMP
    /// describes audio or video". A title, creator or rating alone is what every photo
    /// sidecar carries, so it does not make a media sidecar.
    var hasDynamicMedia: Bool {
        all.contains { XMPNamespace.dynamicMedia.contains($0.namespace) }
    }
}
