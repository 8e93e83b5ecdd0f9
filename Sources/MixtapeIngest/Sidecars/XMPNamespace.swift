/// The namespace URIs the XMP reader matches properties by. Prefixes are only the writer's
/// shorthand (Photoshop CS writes `xap:Rating`, ExifTool tests bind `xmp:` to Dublin Core), so
/// a property is recognised by its URI and local name, never by its prefix.
enum XMPNamespace {
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let xml = "http://www.w3.org/XML/1998/namespace"
    /// Dublin Core: `dc:title`, `dc:creator`.
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    /// XMP Basic: `xmp:Rating`. The old `xap:` prefix is bound to this same URI.
    static let basic = "http://ns.adobe.com/xap/1.0/"
    /// XMP Dynamic Media (`xmpDM:`): the audio and video schema. The specification's URI comes
    /// first; the `xap`-era spelling is still written by some tools and libraries, so both count.
    static let dynamicMedia = ["http://ns.adobe.com/xmp/1.0/DynamicMedia/", "http://ns.adobe.com/xap/1.0/DynamicMedia/"]
}
