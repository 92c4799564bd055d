import Foundation

/// Turns a schema document (and the documents it refers to) into the node table a validator runs.
///
/// Two passes: indexing walks every subschema in a keyword position, noting its base URI, dialect
/// and schema resource, and registers `$id`s, `$anchor`s and `$dynamicAnchor`s; compiling then
/// builds nodes on demand from the root, resolving each `$ref` to a node index (loading remote
/// documents through the resolver). Subschemas that nothing reaches (unused `$defs`) are not compiled.
/// Nodes are compiled from a work list, so long reference chains do not deepen the call stack.
struct JSONSchemaCompiler {
    /// A subschema's place: a document and an escaped JSON Pointer into it.
    struct Location: Hashable {
        var document: Int
        var pointer: String
    }

    /// What indexing learned about a subschema.
    struct Indexed {
        var value: JSONValue
        var dialect: JSONSchemaDialect
        var base: JSONSchemaURI
        var resource: Int
    }

    /// A schema resource: a document root or a subschema with an `$id`.
    struct Resource {
        var uri: String
        var root: Location
        var dynamicAnchors: [String: Location] = [:]
    }

    /// The base URI of a root schema without `$id`.
    static let defaultBaseURI = "urn:x-homeos:json-schema:root"

    let resolver: JSONSchemaResolver
    let defaultDialect: JSONSchemaDialect
    let assertFormats: Bool
    private(set) var documentURIs: [String] = []
    private var documents: [JSONValue] = []
    private var indexed: [Location: Indexed] = [:]
    private(set) var resources: [Resource] = []
    private var resourceByURI: [String: Int] = [:]
    private var anchors: [String: Location] = [:]
    private var dialectCache: [String: JSONSchemaDialect] = [:]
    private var nodeByLocation: [Location: Int] = [:]
    private var pending: [Location] = []
    private(set) var nodes: [JSONSchemaNode] = []
    /// Whether some `$dynamicRef` resolves dynamically (so every dynamic anchor needs a node).
    var usesDynamicScope = false
    /// Whether some schema uses `unevaluatedItems` / `unevaluatedProperties` (so annotations matter).
    var usesUnevaluated = false

    init(resolver: JSONSchemaResolver, defaultDraft: JSONSchemaDraft, assertFormats: Bool) {
        self.resolver = resolver
        self.defaultDialect = JSONSchemaDialect(defaultDraft)
        self.assertFormats = assertFormats
    }

    /// Compiles `root` and everything it reaches; returns the root's node index.
    mutating func compileRoot(_ root: JSONValue) throws(JSONSchemaError) -> Int {
        let resource = try addDocument(root, uri: Self.defaultBaseURI)
        let rootNode = try node(at: resources[resource].root)
        try compilePending()
        if usesDynamicScope {
            // A $dynamicRef may land on any resource's dynamic anchor: compile them all.
            var visited = 0
            while visited < resources.count {
                while visited < resources.count {
                    for location in resources[visited].dynamicAnchors.values { _ = try node(at: location) }
                    visited += 1
                }
                try compilePending()
            }
        }
        return rootNode
    }

    /// The draft of the root document (after its `$schema`).
    var rootDraft: JSONSchemaDraft { indexed[Location(document: 0, pointer: "")]?.dialect.draft ?? defaultDialect.draft }

    /// For each resource, its dynamic anchors' node indices (compiled ones only).
    var dynamicAnchorNodes: [[String: Int]] {
        resources.map { resource in resource.dynamicAnchors.compactMapValues { nodeByLocation[$0] } }
    }

    // MARK: - Documents and indexing

    private mutating func addDocument(_ value: JSONValue, uri: String) throws(JSONSchemaError) -> Int {
        let location = Location(document: documents.count, pointer: "")
        documents.append(value)
        documentURIs.append(uri)
        let resource = newResource(uri: uri, root: location)
        try index(value, at: location, base: JSONSchemaURI(uri), dialect: defaultDialect, resource: resource,
                  isDocumentRoot: true)
        return resource
    }

    private mutating func newResource(uri: String, root: Location) -> Int {
        resources.append(Resource(uri: uri, root: root))
        if resourceByURI[uri] == nil { resourceByURI[uri] = resources.count - 1 }
        return resources.count - 1
    }

    private mutating func index(_ value: JSONValue, at location: Location, base: JSONSchemaURI, dialect: JSONSchemaDialect,
                                resource: Int, isDocumentRoot: Bool) throws(JSONSchemaError) {
        guard indexed[location] == nil else { return }
        guard case .object(let object) = value else {
            indexed[location] = Indexed(value: value, dialect: dialect, base: base, resource: resource)
            return
        }
        var dialect = dialect, base = base, resource = resource
        if isDocumentRoot || object["$id"] != nil || object["id"]?.stringValue != nil,
           let metaschema = object["$schema"]?.stringValue {
            dialect = try self.dialect(for: metaschema)
        }
        let id = object[dialect.usesLegacyID ? "id" : "$id"]?.stringValue
        if let id, !(dialect.draft == .draft7 && object["$ref"] != nil) {
            let resolved = base.resolving(id)
            let uri = resolved.withoutFragment
            if dialect.draft == .draft7 && id.hasPrefix("#") {
                anchors[uri.description + id] = location
            } else {
                if isDocumentRoot {
                    if resourceByURI[uri.description] == nil { resourceByURI[uri.description] = resource }
                } else {
                    resource = newResource(uri: uri.description, root: location)
                }
                base = uri
                if dialect.draft == .draft7, let fragment = resolved.fragment, !fragment.isEmpty {
                    anchors[uri.description + "#" + fragment] = location
                }
            }
        }
        if dialect.draft == .draft2020_12 {
            if let anchor = object["$anchor"]?.stringValue { anchors[base.description + "#" + anchor] = location }
            if let anchor = object["$dynamicAnchor"]?.stringValue {
                let key = base.description + "#" + anchor
                if anchors[key] == nil { anchors[key] = location }
                resources[resource].dynamicAnchors[anchor] = location
            }
        }
        indexed[location] = Indexed(value: value, dialect: dialect, base: base, resource: resource)
        for (suffix, child) in Self.subschemas(of: object, draft: dialect.draft) {
            try index(child, at: Location(document: location.document, pointer: location.pointer + suffix), base: base,
                      dialect: dialect, resource: resource, isDocumentRoot: false)
        }
    }

    /// The dialect a `$schema` URI selects: a known draft, or a custom metaschema's `$vocabulary`.
    private mutating func dialect(for metaschema: String) throws(JSONSchemaError) -> JSONSchemaDialect {
        if let draft = JSONSchemaDraft(metaschemaURI: metaschema) {
            var dialect = JSONSchemaDialect(draft)
            dialect.usesArrayItems = metaschema.contains("/draft/2019-09/")
            dialect.usesLegacyID = metaschema.contains("/draft-04/")
            return dialect
        }
        if let cached = dialectCache[metaschema] { return cached }
        guard let document = resolver.document(for: metaschema) else {
            throw .invalidKeyword("$schema", reason: "unknown metaschema '\(metaschema)' (add it to the resolver)")
        }
        let parent = document["$schema"]?.stringValue
        let draft = parent.flatMap { JSONSchemaDraft(metaschemaURI: $0) } ?? .draft2020_12
        var dialect = JSONSchemaDialect(draft)
        if draft == .draft2020_12, let vocabulary = document["$vocabulary"]?.objectValue {
            var vocabularies: JSONSchemaVocabularies = []
            for (uri, required) in vocabulary {
                if let known = JSONSchemaVocabularies.named(uri) {
                    vocabularies.insert(known)
                } else if required == .bool(true) {
                    throw .invalidKeyword("$vocabulary", reason: "metaschema '\(metaschema)' requires the unsupported vocabulary '\(uri)'")
                }
            }
            dialect = JSONSchemaDialect(draft, vocabularies: vocabularies)
        }
        dialect.usesArrayItems = parent?.contains("/draft/2019-09/") ?? false
        dialectCache[metaschema] = dialect
        return dialect
    }

    /// The subschemas in keyword positions of a schema object, as escaped pointer suffixes.
    static func subschemas(of object: JSONObject, draft: JSONSchemaDraft) -> [(String, JSONValue)] {
        let single: [String], arrays: [String], maps: [String]
        switch draft {
        case .draft2020_12:
            single = ["additionalProperties", "propertyNames", "items", "contains", "not", "if", "then", "else",
                      "unevaluatedItems", "unevaluatedProperties", "contentSchema", "additionalItems"]
            arrays = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
            maps = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]
        case .draft7:
            single = ["additionalItems", "additionalProperties", "contains", "else", "if", "not", "propertyNames", "then", "items"]
            arrays = ["allOf", "anyOf", "oneOf", "items"]
            maps = ["definitions", "patternProperties", "properties", "dependencies"]
        }
        var found: [(String, JSONValue)] = []
        for (keyword, value) in object {
            if single.contains(keyword), Self.isSchema(value) {
                found.append(("/" + JSONPointer.escape(keyword), value))
            } else if arrays.contains(keyword), case .array(let items) = value {
                for (index, item) in items.enumerated() where Self.isSchema(item) {
                    found.append(("/\(JSONPointer.escape(keyword))/\(index)", item))
                }
            } else if maps.contains(keyword), case .object(let members) = value {
                for (name, member) in members where Self.isSchema(member) {
                    found.append(("/\(JSONPointer.escape(keyword))/\(JSONPointer.escape(name))", member))
                }
            }
        }
        return found
    }

    private static func isSchema(_ value: JSONValue) -> Bool {
        switch value {
        case .object, .bool: return true
        default: return false
        }
    }

    // MARK: - Nodes and references

    /// The node index for an indexed location; a new node is compiled by ``compilePending()``.
    mutating func node(at location: Location) throws(JSONSchemaError) -> Int {
        if let existing = nodeByLocation[location] { return existing }
        guard let info = indexed[location] else {
            throw .notASchema("no schema at \(describe(location))")
        }
        let index = nodes.count
        nodes.append(JSONSchemaNode(location: describe(location), resource: info.resource, keywords: []))
        nodeByLocation[location] = index
        pending.append(location)
        return index
    }

    /// Compiles the keywords of every node created but not compiled yet (and of those they create).
    private mutating func compilePending() throws(JSONSchemaError) {
        while let location = pending.popLast() {
            guard let index = nodeByLocation[location], let info = indexed[location] else { continue }
            nodes[index].keywords = try compileKeywords(info, at: location)
        }
    }

    /// The node of the subschema at `suffix` under `location`, or an error naming `keyword`.
    mutating func child(_ location: Location, _ suffix: String, keyword: String) throws(JSONSchemaError) -> Int {
        let childLocation = Location(document: location.document, pointer: location.pointer + suffix)
        guard indexed[childLocation] != nil else {
            throw .invalidKeyword(keyword, reason: "expected a schema (an object or a boolean) at \(describe(childLocation))")
        }
        return try node(at: childLocation)
    }

    /// `#/pointer`, prefixed by the document URI for documents other than the root one.
    func describe(_ location: Location) -> String {
        (location.document == 0 ? "" : documentURIs[location.document]) + "#" + location.pointer
    }

    /// The location a reference (resolved against `base`) points to, loading its document if needed.
    mutating func resolve(_ reference: String, base: JSONSchemaURI) throws(JSONSchemaError) -> Location {
        let target = base.resolving(reference)
        let uri = target.withoutFragment.description
        let fragment = target.fragment ?? ""
        let resource: Int
        if let known = resourceByURI[uri] {
            resource = known
        } else if let document = resolver.document(for: uri) {
            resource = try addDocument(document, uri: uri)
        } else {
            throw .unresolvableReference(reference)
        }
        let root = resources[resource].root
        if fragment.isEmpty { return root }
        let decoded = fragment.removingPercentEncoding ?? fragment
        guard decoded.hasPrefix("/") else {
            guard let location = anchors[uri + "#" + decoded] ?? anchors[uri + "#" + fragment] else {
                throw .unresolvableReference(reference)
            }
            return location
        }
        guard let pointer = JSONPointer(parsing: decoded) else { throw .unresolvableReference(reference) }
        let location = Location(document: root.document, pointer: root.pointer + pointer.description)
        if indexed[location] != nil { return location }
        // A pointer into a place indexing did not visit (an unknown keyword, say): index it now with
        // the base URI and dialect of its nearest indexed ancestor.
        guard let resourceRoot = JSONPointer(parsing: root.pointer)?.resolve(in: documents[root.document]),
              let value = pointer.resolve(in: resourceRoot) else { throw .unresolvableReference(reference) }
        var tokens = JSONPointer(parsing: location.pointer)?.tokens ?? []
        var ancestor = indexed[root]
        while !tokens.isEmpty {
            tokens.removeLast()
            if let found = indexed[Location(document: root.document, pointer: JSONPointer(tokens: tokens).description)] {
                ancestor = found
                break
            }
        }
        guard let ancestor else { throw .unresolvableReference(reference) }
        try index(value, at: location, base: ancestor.base, dialect: ancestor.dialect, resource: ancestor.resource,
                  isDocumentRoot: false)
        return location
    }

    /// Whether the subschema at `location` declares `"$dynamicAnchor": name`.
    func hasDynamicAnchor(_ name: String, at location: Location) -> Bool {
        indexed[location]?.value["$dynamicAnchor"]?.stringValue == name
    }
}
