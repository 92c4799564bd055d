/// One way an instance fails its schema: where in the instance, which keyword, and why.
///
/// ```swift
/// for violation in validator.validate(instance) {
///     print(violation)   // "/items/2/name: expected string, got integer [type at #/$defs/item/properties/name/type]"
/// }
/// ```
public struct JSONSchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// The failing value's location in the instance (the root is the empty pointer).
    public var instancePath: JSONPointer
    /// The keyword that failed, such as `type`, `required` or `anyOf`.
    public var keyword: String
    /// Where the keyword sits in its schema document: `#` plus a JSON Pointer, prefixed by the
    /// document's URI for schemas reached through a remote `$ref`.
    public var schemaPath: String
    /// A readable explanation, such as "expected integer, got string".
    public var message: String

    /// A violation.
    public init(instancePath: JSONPointer, keyword: String, schemaPath: String, message: String) {
        self.instancePath = instancePath
        self.keyword = keyword
        self.schemaPath = schemaPath
        self.message = message
    }

    /// `"<instance path>: <message> [<keyword> at <schema path>]"`, with `/` for the root.
    public var description: String {
        let path = instancePath.isRoot ? "/" : instancePath.description
        return "\(path): \(message) [\(keyword) at \(schemaPath)]"
    }
}
