/// `type` (with unions and inference from type-specific keywords), `enum` and `const`.
extension JSONSchemaGrammarBuilder {
    static let allTypes: [String] = ["object", "array", "string", "integer", "number", "boolean", "null"]

    /// The `type` keyword as a set, or nil when absent.
    func explicitTypes(_ schema: JSONObject, at pointer: String) throws(JSONSchemaGrammarError) -> Set<String>? {
        guard let value = schema["type"] else { return nil }
        let names: [JSONValue]
        switch value {
        case .string: names = [value]
        case .array(let items): names = items
        default: throw .invalidKeyword(pointer: pointer, keyword: "type", reason: "must be a string or an array of strings")
        }
        var types: Set<String> = []
        for name in names {
            guard let text = name.stringValue, Self.allTypes.contains(text) else {
                throw .invalidKeyword(pointer: pointer, keyword: "type", reason: "unknown type \(name.jsonText)")
            }
            types.insert(text)
        }
        return types
    }

    /// The types to generate: `type`, else the types the keywords present constrain, else nil (any).
    func generatedTypes(_ schema: JSONObject, at pointer: String) throws(JSONSchemaGrammarError) -> Set<String>? {
        if let types = try explicitTypes(schema, at: pointer) { return types }
        var inferred: Set<String> = []
        for key in schema.keys {
            if let type = JSONSchemaGrammarMerge.keywordTypes[key] { inferred.insert(type) }
        }
        return inferred.isEmpty ? nil : inferred
    }

    func typed(_ schema: JSONObject, excludingTypes excluded: Set<String>, at pointer: String) throws(JSONSchemaGrammarError) -> String? {
        let declared = try generatedTypes(schema, at: pointer)
        if declared == nil && excluded.isEmpty { return anyValue() }
        var types = declared ?? Set(Self.allTypes)
        if excluded.contains("number") { types.remove("integer") }
        if excluded.contains("integer") && types.contains("number") {
            declare(pointer, "not", "excluding integers from numbers is not enforced")
        }
        types.subtract(excluded)
        if types.contains("number") { types.remove("integer") }
        var alternatives: [String] = []
        for type in Self.allTypes where types.contains(type) {
            let expression: String?
            switch type {
            case "object": expression = try object(schema, at: pointer)
            case "array": expression = try array(schema, at: pointer)
            case "string": expression = try string(schema, at: pointer)
            case "integer": expression = try integer(schema, at: pointer)
            case "number": expression = try number(schema, at: pointer)
            case "boolean": expression = #""true" | "false""#
            default: expression = #""null""#
            }
            if let expression { alternatives.append(Self.group(expression)) }
        }
        return alternatives.isEmpty ? nil : Self.alternatives(alternatives)
    }

    /// Type-specific keywords ``JSONSchemaGrammarMerge/quickAccepts(_:_:)`` checks on enum values.
    static let checkedWithEnum: Set<String> = ["minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum",
                                               "exclusiveMaximum", "minItems", "maxItems"]

    func enumeration(_ schema: JSONObject, excludingTypes excluded: Set<String>, values excludedValues: [JSONValue],
                     at pointer: String) throws(JSONSchemaGrammarError) -> String? {
        var values: [JSONValue]
        if let constant = schema["const"] {
            values = [constant]
            if let list = schema["enum"]?.arrayValue, !list.contains(constant) { values = [] }
        } else if case .array(let list) = schema["enum"] {
            values = list
        } else {
            throw .invalidKeyword(pointer: pointer, keyword: "enum", reason: "must be an array")
        }
        let types = try explicitTypes(schema, at: pointer)
        values = values.filter { value in
            let type = value.typeName
            if excluded.contains(type) || (type == "integer" && excluded.contains("number")) { return false }
            if excludedValues.contains(value) { return false }
            if let types, !types.contains(type), !(type == "integer" && types.contains("number")) { return false }
            return JSONSchemaGrammarMerge.quickAccepts(value, schema)
        }
        if values.isEmpty { return nil }
        // Other keywords that apply to the listed values are not checked against them.
        let valueTypes = Set(values.map { $0.typeName == "integer" ? "number" : $0.typeName })
        for keyword in schema.keys where !Self.checkedWithEnum.contains(keyword) {
            if let type = JSONSchemaGrammarMerge.keywordTypes[keyword], valueTypes.contains(type) {
                declare(pointer, keyword, "not checked against the enum values")
            }
        }
        return Self.alternatives(values.map { OutputConstraint.gbnfLiteral($0.jsonText) })
    }
}
