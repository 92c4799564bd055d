import Foundation

/// Where a validator finds schema documents that a schema refers to by absolute URI (`$ref`,
/// `$schema` of a custom metaschema) and that are not embedded in the schema itself.
///
/// Nothing is fetched from the network: documents are either preloaded, keyed by URI, or produced
/// by the `loader` closure (which can read them from disk).
/// ```swift
/// var resolver = JSONSchemaResolver()
/// resolver.register(try JSONValue(parsing: metaschemaText))          // keyed by its "$id"
/// resolver.add(addressSchema, for: "https://example.com/address.json")
/// let validator = try JSONSchemaValidator(schema: schema, resolver: resolver)
/// ```
public struct JSONSchemaResolver: Sendable {
    /// Preloaded documents by absolute URI, without fragment (a trailing `#` is ignored).
    public private(set) var documents: [String: JSONValue]
    /// Called for URIs not in ``documents``; returns the document or nil.
    public var loader: (@Sendable (URL) -> JSONValue?)?

    /// A resolver over preloaded documents and an optional loader.
    public init(documents: [String: JSONValue] = [:], loader: (@Sendable (URL) -> JSONValue?)? = nil) {
        self.documents = [:]
        self.loader = loader
        for (uri, document) in documents { add(document, for: uri) }
    }

    /// Makes `document` available under `uri`.
    public mutating func add(_ document: JSONValue, for uri: String) {
        documents[Self.key(uri)] = document
    }

    /// Makes `document` available under its own `$id` (or draft 4 `id`); returns false if it has none.
    @discardableResult
    public mutating func register(_ document: JSONValue) -> Bool {
        guard let id = document["$id"]?.stringValue ?? document["id"]?.stringValue else { return false }
        add(document, for: id)
        return true
    }

    /// The document for an absolute URI (its fragment is ignored), from ``documents`` or the loader.
    public func document(for uri: String) -> JSONValue? {
        let key = Self.key(uri)
        if let document = documents[key] { return document }
        guard let loader, let url = URL(string: key) else { return nil }
        return loader(url)
    }

    /// The lookup key: the URI without its fragment.
    static func key(_ uri: String) -> String {
        guard let hash = uri.firstIndex(of: "#") else { return uri }
        return String(uri[..<hash])
    }
}
