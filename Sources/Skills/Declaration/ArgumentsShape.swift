import LLM

/// A string enum whose cases the schema-drift check can list (adopt it for enum arguments).
public protocol SchemaStringEnum: CaseIterable, RawRepresentable, Codable, Sendable, SkillArgumentValue where RawValue == String {}

/// The shape of a `Decodable` type as its decoder sees it: properties, their types, which are
/// required, and enum cases. Recorded by decoding a placeholder, with no instance needed.
public indirect enum ArgumentsShape: Sendable, Hashable, CustomStringConvertible {
    case string
    case integer
    case number
    case boolean
    case stringEnum([String])
    case array(ArgumentsShape)
    case object([String: Property])
    case unknown(String)

    /// A property of an object shape.
    public struct Property: Sendable, Hashable {
        public var shape: ArgumentsShape
        public var required: Bool
    }

    public var description: String {
        switch self {
        case .string: return "string"
        case .integer: return "integer"
        case .number: return "number"
        case .boolean: return "boolean"
        case .stringEnum(let cases): return "enum\(cases)"
        case .array(let element): return "array<\(element)>"
        case .object(let properties): return "object{\(properties.keys.sorted().joined(separator: ","))}"
        case .unknown(let type): return "unknown(\(type))"
        }
    }

    /// Records the shape of `type`.
    public static func of<T: Decodable>(_ type: T.Type) -> ArgumentsShape {
        let recorder = ShapeRecorder()
        return recorder.shape(of: type)
    }

    /// Differences between this shape and a JSON Schema (property names, types, required vs
    /// optional, enum cases); empty when they agree.
    public func differences(from schema: JSONValue, path: String = "") -> [String] {
        let types = Set(schema["type"].map { $0.arrayValue?.compactMap(\.stringValue) ?? [$0.stringValue].compactMap { $0 } } ?? [])
        func typeMismatch(_ expected: String) -> [String] {
            types.contains(expected) ? []
                : ["\(path.isEmpty ? "/" : path): the type is \(expected) but the schema says \(types.sorted())"]
        }
        switch self {
        case .string: return typeMismatch("string")
        case .integer: return typeMismatch("integer")
        case .number: return typeMismatch("number")
        case .boolean: return typeMismatch("boolean")
        case .unknown(let name): return ["\(path): cannot check type \(name)"]
        case .stringEnum(let cases):
            let schemaCases = Set(schema["enum"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            return schemaCases == Set(cases) ? [] : ["\(path): enum cases \(cases.sorted()) but the schema lists \(schemaCases.sorted())"]
        case .array(let element):
            return typeMismatch("array") + (schema["items"].map { element.differences(from: $0, path: path + "/items") } ?? ["\(path): no items schema"])
        case .object(let properties):
            var problems = typeMismatch("object")
            let schemaProperties = schema["properties"]?.objectValue ?? JSONObject()
            let required = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            for (name, property) in properties {
                guard let propertySchema = schemaProperties[name] else {
                    problems.append("\(path)/\(name): in the type but not in the schema")
                    continue
                }
                if property.required != required.contains(name) {
                    problems.append("\(path)/\(name): \(property.required ? "required" : "optional") in the type but "
                        + "\(required.contains(name) ? "required" : "optional") in the schema")
                }
                problems += property.shape.differences(from: Self.nonNull(propertySchema), path: path + "/" + name)
            }
            for name in schemaProperties.keys where properties[name] == nil {
                problems.append("\(path)/\(name): in the schema but not in the type")
            }
            return problems
        }
    }

    /// `{"type": ["string", "null"]}` → `{"type": "string"}` (optional values may be null).
    static func nonNull(_ schema: JSONValue) -> JSONValue {
        guard var object = schema.objectValue, let types = schema["type"]?.arrayValue else { return schema }
        let remaining = types.filter { $0 != "null" }
        object["type"] = remaining.count == 1 ? remaining[0] : .array(remaining)
        return .object(object)
    }
}
