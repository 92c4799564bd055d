import Foundation

/// Resolves `$ref`s inside one schema document: JSON Pointer fragments (`#/$defs/x`,
/// `#/definitions/x`, `#`), anchors (`$anchor`, draft 4–7 `"id": "#name"`), and URIs naming the
/// document or an embedded resource by its `$id`/`id`. Nothing is fetched.
struct JSONSchemaGrammarReferences: Sendable {
    /// The whole schema document.
    let document: JSONValue
    private var anchors: [String: String] = [:]
    private var resources: [String: String] = [:]
    private var baseURI: URL?

    init(document: JSONValue) {
        self.document = document
        if let id = Self.identifier(of: document), !id.hasPrefix("#") {
            baseURI = URL(string: id)
        }
        register(document, pointer: "")
    }

    private static func identifier(of value: JSONValue) -> String? {
        guard case .object(let object) = value else { return nil }
        return object["$id"]?.stringValue ?? object["id"]?.stringValue
    }

    private mutating func register(_ value: JSONValue, pointer: String) {
        switch value {
        case .object(let object):
            if let id = Self.identifier(of: value) {
                let parts = id.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                if parts.count == 2, !parts[1].isEmpty, !parts[1].hasPrefix("/") { anchors[parts[1]] = anchors[parts[1]] ?? pointer }
                if !parts[0].isEmpty {
                    resources[parts[0]] = resources[parts[0]] ?? pointer
                    if let absolute = absolute(parts[0]) { resources[absolute] = resources[absolute] ?? pointer }
                }
            }
            if let anchor = object["$anchor"]?.stringValue ?? object["$dynamicAnchor"]?.stringValue {
                anchors[anchor] = anchors[anchor] ?? pointer
            }
            for (key, member) in object where !["enum", "const", "default", "examples", "example"].contains(key) {
                register(member, pointer: pointer + "/" + Self.escape(key))
            }
        case .array(let items):
            for (index, item) in items.enumerated() { register(item, pointer: pointer + "/\(index)") }
        default:
            break
        }
    }

    private func absolute(_ uri: String) -> String? {
        guard let url = URL(string: uri, relativeTo: baseURI) else { return nil }
        var text = url.absoluteString
        if text.hasSuffix("#") { text.removeLast() }
        return text
    }

    /// Escapes a JSON Pointer token (RFC 6901).
    static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The subschema `reference` points to, with its JSON Pointer.
    /// - Parameter pointer: where the reference is (for error messages).
    func resolve(_ reference: String, at pointer: String) throws(JSONSchemaGrammarError) -> (pointer: String, schema: JSONValue) {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let uri = parts[0]
        let fragment = parts.count > 1 ? (parts[1].removingPercentEncoding ?? parts[1]) : ""
        var base = ""
        if !uri.isEmpty {
            if let found = resources[uri] ?? absolute(uri).flatMap({ resources[$0] }) {
                base = found
            } else if let baseURI, absolute(uri) == absolute(baseURI.absoluteString) {
                base = ""
            } else {
                throw .unresolvableReference(pointer: pointer, reference: reference)
            }
        }
        let target: String
        if fragment.isEmpty {
            target = base
        } else if fragment.hasPrefix("/") {
            target = base + fragment
        } else if let anchor = anchors[fragment] {
            target = anchor
        } else {
            throw .unresolvableReference(pointer: pointer, reference: reference)
        }
        guard let schema = Self.evaluate(target, in: document) else {
            throw .unresolvableReference(pointer: pointer, reference: reference)
        }
        return (target, schema)
    }

    /// The value at a JSON Pointer, or nil.
    static func evaluate(_ pointer: String, in document: JSONValue) -> JSONValue? {
        var current = document
        for raw in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }
}
