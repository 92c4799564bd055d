/// A JSON Schema (draft 2020-12 or draft 7), held as its JSON document.
///
/// Parse one from text, or build it in Swift with JSON literals:
/// ```swift
/// let schema = try JSONSchema(jsonText: #"{"type": "object", "required": ["name"]}"#)
/// let built = try JSONSchema(["type": "object", "properties": ["name": ["type": "string"]]])
/// ```
public struct JSONSchema: Sendable, Hashable {
    /// The schema document: an object or a boolean.
    public let root: JSONValue

    /// Wraps a schema document.
    /// - Throws: ``JSONSchemaError/notASchema(_:)`` unless it is an object or a boolean.
    public init(_ root: JSONValue) throws(JSONSchemaError) {
        switch root {
        case .object, .bool: self.root = root
        default: throw .notASchema("a schema must be an object or a boolean, got \(root.typeName)")
        }
    }

    /// Parses a schema from JSON text.
    public init(jsonText: String) throws(JSONSchemaError) {
        let value: JSONValue
        do { value = try JSONValue(parsing: jsonText) } catch { throw .invalidJSON(error) }
        try self.init(value)
    }
}

/// A schema that cannot be used.
public enum JSONSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not JSON.
    case invalidJSON(JSONParseError)
    /// The JSON is not a schema.
    case notASchema(String)
    /// A `$ref` points nowhere.
    case unresolvableReference(String)
    /// A keyword has a value the specification does not allow.
    case invalidKeyword(String, reason: String)

    public var description: String {
        switch self {
        case .invalidJSON(let error): return "The schema is not valid JSON: \(error)"
        case .notASchema(let reason): return "Not a JSON Schema: \(reason)"
        case .unresolvableReference(let ref): return "The schema reference '\(ref)' cannot be resolved"
        case .invalidKeyword(let keyword, let reason): return "Invalid '\(keyword)' in the schema: \(reason)"
        }
    }
}
