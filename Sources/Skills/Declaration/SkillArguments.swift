import LLM

/// Declares a skill's arguments once: from the struct's stored properties the macro generates the
/// memberwise initializer (optional properties default to nil) and `static let argumentsSchema`,
/// the JSON Schema the model fills and the assistant validates against.
///
/// Each property's schema follows from its Swift type (``SkillArgumentValue``): `String`, `Int`,
/// `Double`, `Bool`, arrays of those, a ``SchemaStringEnum`` (its raw values), or another
/// `@SkillArguments` struct. An optional property is not required. A property's `///` doc comment
/// becomes its `description`; `@Minimum`, `@Maximum`, `@MinLength`, `@MaxLength` and `@Pattern`
/// add constraints. Custom `CodingKeys` and `init(from:)` are refused, so the decoder always reads
/// exactly what the schema describes.
///
/// ```swift
/// @SkillArguments
/// public struct Arguments: Codable, Sendable {
///     /// How many people.
///     @Minimum(1) @Maximum(30)
///     public var partySize: Int?
/// }
/// ```
@attached(member, names: named(init), named(argumentsSchema))
@attached(extension, conformances: SkillArgumentsDeclaring)
public macro SkillArguments() = #externalMacro(module: "SkillArgumentsMacros", type: "SkillArgumentsMacro")

/// The schema's `minimum` for a number property (read by ``SkillArguments()``).
@attached(peer)
public macro Minimum(_ value: Double) = #externalMacro(module: "SkillArgumentsMacros", type: "SchemaConstraintMacro")

/// The schema's `maximum` for a number property (read by ``SkillArguments()``).
@attached(peer)
public macro Maximum(_ value: Double) = #externalMacro(module: "SkillArgumentsMacros", type: "SchemaConstraintMacro")

/// The schema's `minLength` for a string property (read by ``SkillArguments()``).
@attached(peer)
public macro MinLength(_ value: Int) = #externalMacro(module: "SkillArgumentsMacros", type: "SchemaConstraintMacro")

/// The schema's `maxLength` for a string property (read by ``SkillArguments()``).
@attached(peer)
public macro MaxLength(_ value: Int) = #externalMacro(module: "SkillArgumentsMacros", type: "SchemaConstraintMacro")

/// The schema's `pattern` (an ECMA-262 regular expression) for a string property.
@attached(peer)
public macro Pattern(_ regex: String) = #externalMacro(module: "SkillArgumentsMacros", type: "SchemaConstraintMacro")

/// Arguments whose JSON Schema is generated from their declaration by ``SkillArguments()``.
public protocol SkillArgumentsDeclaring: Codable, Sendable, SkillArgumentValue {
    /// The JSON Schema of the type.
    static var argumentsSchema: JSONSchema { get }
}

/// A Swift type with a JSON Schema of its own, usable as a ``SkillArguments()`` property.
public protocol SkillArgumentValue {
    /// The schema of one value of the type.
    static var argumentSchema: JSONValue { get }
    /// Whether a property of this type may be left out (true only for `Optional`).
    static var isOptionalArgument: Bool { get }
}

extension SkillArgumentValue {
    public static var isOptionalArgument: Bool { false }
}

extension String: SkillArgumentValue {
    public static var argumentSchema: JSONValue { ["type": "string"] }
}

extension Int: SkillArgumentValue {
    public static var argumentSchema: JSONValue { ["type": "integer"] }
}

extension Double: SkillArgumentValue {
    public static var argumentSchema: JSONValue { ["type": "number"] }
}

extension Bool: SkillArgumentValue {
    public static var argumentSchema: JSONValue { ["type": "boolean"] }
}

extension Array: SkillArgumentValue where Element: SkillArgumentValue {
    public static var argumentSchema: JSONValue { ["type": "array", "items": Element.argumentSchema] }
}

extension Optional: SkillArgumentValue where Wrapped: SkillArgumentValue {
    public static var argumentSchema: JSONValue { Wrapped.argumentSchema }
    public static var isOptionalArgument: Bool { true }
}

extension SchemaStringEnum {
    public static var argumentSchema: JSONValue { ["type": "string", "enum": .array(allCases.map { .string($0.rawValue) })] }
}

extension SkillArgumentsDeclaring {
    public static var argumentSchema: JSONValue { argumentsSchema.root }
}

/// Builds the schema ``SkillArguments()`` generates; called only from generated code.
public enum SkillArgumentsSchema {
    /// One property of a generated object schema.
    public struct Property {
        let name: String
        let schema: JSONValue
        let required: Bool

        /// A property named `name` of type `type`, with its description and extra constraints.
        public init<Value: SkillArgumentValue>(_ name: String, _ type: Value.Type, description: String? = nil,
                                               constraints: JSONObject = [:]) {
            var schema = Value.argumentSchema.objectValue ?? JSONObject()
            if let description { schema["description"] = .string(description) }
            for (key, value) in constraints { schema[key] = value }
            self.name = name
            self.schema = .object(schema)
            self.required = !Value.isOptionalArgument
        }
    }

    /// The object schema with `properties` in declaration order; no other properties allowed.
    public static func object(_ properties: [Property]) -> JSONSchema {
        var root: JSONObject = ["type": "object", "properties": .object(JSONObject(properties.map { ($0.name, $0.schema) }))]
        let required = properties.filter(\.required).map { JSONValue.string($0.name) }
        if !required.isEmpty { root["required"] = .array(required) }
        root["additionalProperties"] = false
        // An object is always a schema, so this cannot throw.
        return try! JSONSchema(.object(root))
    }
}

extension Skill where Arguments: SkillArgumentsDeclaring {
    /// The schema generated from `Arguments` by ``SkillArguments()``.
    public var argumentsSchema: JSONSchema { Arguments.argumentsSchema }
}
