import Foundation

extension JSONSchemaCompiler {
    /// The compiled keywords of one indexed subschema, in document order with `unevaluated*` last.
    mutating func compileKeywords(_ info: Indexed, at location: Location) throws(JSONSchemaError) -> [JSONSchemaKeyword] {
        let object: JSONObject
        switch info.value {
        case .bool(true): return []
        case .bool(false): return [JSONSchemaKeyword(name: "false", kind: .reject)]
        case .object(let members): object = members
        default: throw .notASchema("the value at \(describe(location)) is \(info.value.typeName), not a schema")
        }
        let dialect = info.dialect
        // Draft 7: a $ref replaces every keyword beside it.
        if dialect.draft == .draft7, let reference = object["$ref"] {
            return [try referenceKeyword("$ref", reference, info)]
        }
        var keywords: [JSONSchemaKeyword] = []
        var last: [JSONSchemaKeyword] = []
        for keyword in object.keys {
            let value = object[keyword]!
            if let kind = try compile(keyword, value, in: object, info: info, at: location) {
                let entry = JSONSchemaKeyword(name: keyword, kind: kind)
                if keyword.hasPrefix("unevaluated") { last.append(entry) } else { keywords.append(entry) }
            }
        }
        if !last.isEmpty { usesUnevaluated = true }
        return keywords + last
    }

    private mutating func referenceKeyword(_ keyword: String, _ value: JSONValue, _ info: Indexed) throws(JSONSchemaError) -> JSONSchemaKeyword {
        guard let reference = value.stringValue else { throw .invalidKeyword(keyword, reason: "must be a URI reference string") }
        let target = try resolve(reference, base: info.base)
        let targetNode = try node(at: target)
        guard keyword == "$dynamicRef" else { return JSONSchemaKeyword(name: keyword, kind: .ref(targetNode)) }
        let fragment = JSONSchemaURI(reference).fragment ?? ""
        var anchor: String?
        if !fragment.isEmpty, !fragment.hasPrefix("/"), hasDynamicAnchor(fragment, at: target) {
            anchor = fragment
            usesDynamicScope = true
        }
        return JSONSchemaKeyword(name: keyword, kind: .dynamicRef(targetNode, anchor: anchor))
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private mutating func compile(_ keyword: String, _ value: JSONValue, in object: JSONObject, info: Indexed,
                                  at location: Location) throws(JSONSchemaError) -> JSONSchemaKeyword.Kind? {
        let dialect = info.dialect
        let modern = dialect.draft == .draft2020_12
        let arrayItems = !modern || dialect.usesArrayItems
        let applicator = dialect.has(.applicator)
        let validation = dialect.has(.validation)
        func sub(_ suffix: String = "") throws(JSONSchemaError) -> Int {
            try child(location, "/" + JSONPointer.escape(keyword) + suffix, keyword: keyword)
        }
        func subArray() throws(JSONSchemaError) -> [Int] {
            guard case .array(let items) = value, !items.isEmpty else {
                throw .invalidKeyword(keyword, reason: "must be a non-empty array of schemas")
            }
            var result: [Int] = []
            for index in items.indices { result.append(try sub("/\(index)")) }
            return result
        }
        func subMap() throws(JSONSchemaError) -> [(String, Int)] {
            guard case .object(let members) = value else { throw .invalidKeyword(keyword, reason: "must be an object of schemas") }
            var result: [(String, Int)] = []
            for name in members.keys { result.append((name, try sub("/" + JSONPointer.escape(name)))) }
            return result
        }
        switch keyword {
        // Core
        case "$ref":
            return try referenceKeyword(keyword, value, info).kind
        case "$dynamicRef" where modern:
            return try referenceKeyword(keyword, value, info).kind
        // Applicator
        case "allOf" where applicator: return .allOf(try subArray())
        case "anyOf" where applicator: return .anyOf(try subArray())
        case "oneOf" where applicator: return .oneOf(try subArray())
        case "not" where applicator: return .not(try sub())
        case "if" where applicator:
            let then = object["then"] == nil ? nil : try child(location, "/then", keyword: "then")
            let otherwise = object["else"] == nil ? nil : try child(location, "/else", keyword: "else")
            return .conditional(if: try sub(), then: then, else: otherwise)
        case "properties" where applicator:
            return .properties(Dictionary(try subMap(), uniquingKeysWith: { first, _ in first }))
        case "patternProperties" where applicator:
            var result: [(regex: JSONSchemaRegex, schema: Int)] = []
            for (pattern, schema) in try subMap() { result.append((try Self.regex(pattern, keyword), schema)) }
            return .patternProperties(result)
        case "additionalProperties" where applicator:
            let named = Set(object["properties"]?.objectValue?.keys ?? [])
            var patterns: [JSONSchemaRegex] = []
            for pattern in object["patternProperties"]?.objectValue?.keys ?? [] {
                patterns.append(try Self.regex(pattern, "patternProperties"))
            }
            return .additionalProperties(try sub(), named: named, patterns: patterns)
        case "propertyNames" where applicator: return .propertyNames(try sub())
        case "dependentSchemas" where applicator && modern:
            return .dependentSchemas(try subMap().map { (property: $0.0, schema: $0.1) })
        case "dependencies" where applicator:
            return try dependencies(value, sub: { name throws(JSONSchemaError) in try sub("/" + JSONPointer.escape(name)) })
        case "prefixItems" where applicator && !arrayItems: return .prefixItems(try subArray())
        case "items" where applicator:
            if case .array = value {
                return arrayItems ? .prefixItems(try subArray()) : nil
            }
            let start = arrayItems ? 0 : (object["prefixItems"]?.arrayValue?.count ?? 0)
            return .items(try sub(), from: start)
        case "additionalItems" where applicator && arrayItems:
            guard case .array(let tuple) = object["items"] else { return nil }
            return .items(try sub(), from: tuple.count)
        case "contains" where applicator:
            var minimum = 1
            var maximum: Int?
            if modern && validation {
                if let value = object["minContains"] { minimum = try Self.count(value, "minContains") }
                if let value = object["maxContains"] { maximum = try Self.count(value, "maxContains") }
            }
            return .contains(try sub(), min: minimum, max: maximum)
        // Unevaluated
        case "unevaluatedItems" where modern && dialect.has(.unevaluated): return .unevaluatedItems(try sub())
        case "unevaluatedProperties" where modern && dialect.has(.unevaluated): return .unevaluatedProperties(try sub())
        // Content (asserted in draft 7 only; 2020-12 makes it an annotation)
        case "contentEncoding" where !modern, "contentMediaType" where !modern:
            if keyword == "contentEncoding" && object["contentMediaType"] != nil { return nil }
            return .content(encoding: object["contentEncoding"]?.stringValue, mediaType: object["contentMediaType"]?.stringValue)
        // Format
        case "format":
            guard let format = value.stringValue else { throw .invalidKeyword(keyword, reason: "must be a string") }
            let asserts = assertFormats || (modern && dialect.vocabularies.contains(.formatAssertion))
            return asserts ? .format(format) : nil
        default:
            return validation ? try validationKeyword(keyword, value, in: object, modern: modern) : nil
        }
    }

    private func dependencies(_ value: JSONValue, sub: (String) throws(JSONSchemaError) -> Int) throws(JSONSchemaError) -> JSONSchemaKeyword.Kind {
        guard case .object(let members) = value else { throw .invalidKeyword("dependencies", reason: "must be an object") }
        var required: [(property: String, required: [String])] = []
        var schemas: [(property: String, schema: Int)] = []
        for (name, member) in members {
            if case .array = member {
                required.append((name, try Self.strings(member, "dependencies")))
            } else {
                schemas.append((name, try sub(name)))
            }
        }
        // One keyword covers both forms: schemas become an allOf-like group after the required lists.
        if schemas.isEmpty { return .dependentRequired(required) }
        if required.isEmpty { return .dependentSchemas(schemas) }
        return .dependencies(required: required, schemas: schemas)
    }

    private func validationKeyword(_ keyword: String, _ value: JSONValue, in object: JSONObject,
                                   modern: Bool) throws(JSONSchemaError) -> JSONSchemaKeyword.Kind? {
        switch keyword {
        case "type":
            let names: [String]
            if let single = value.stringValue { names = [single] } else { names = try Self.strings(value, keyword) }
            let known: Set<String> = ["null", "boolean", "object", "array", "number", "string", "integer"]
            if let unknown = names.first(where: { !known.contains($0) }) {
                throw .invalidKeyword(keyword, reason: "'\(unknown)' is not a JSON Schema type")
            }
            return .type(names)
        case "enum":
            guard case .array(let values) = value else { throw .invalidKeyword(keyword, reason: "must be an array") }
            return .enumeration(values)
        case "const": return .constant(value)
        case "multipleOf":
            let divisor = try Self.number(value, keyword)
            guard divisor > 0 else { throw .invalidKeyword(keyword, reason: "must be greater than 0") }
            return .multipleOf(divisor)
        // Draft 4's boolean exclusiveMinimum / exclusiveMaximum turn minimum / maximum exclusive.
        case "minimum":
            let limit = try Self.number(value, keyword)
            return object["exclusiveMinimum"] == .bool(true) ? .exclusiveMinimum(limit) : .minimum(limit)
        case "maximum":
            let limit = try Self.number(value, keyword)
            return object["exclusiveMaximum"] == .bool(true) ? .exclusiveMaximum(limit) : .maximum(limit)
        case "exclusiveMinimum": return value.boolValue != nil ? nil : .exclusiveMinimum(try Self.number(value, keyword))
        case "exclusiveMaximum": return value.boolValue != nil ? nil : .exclusiveMaximum(try Self.number(value, keyword))
        case "minLength": return .minLength(try Self.count(value, keyword))
        case "maxLength": return .maxLength(try Self.count(value, keyword))
        case "pattern":
            guard let pattern = value.stringValue else { throw .invalidKeyword(keyword, reason: "must be a string") }
            return .pattern(try Self.regex(pattern, keyword))
        case "minItems": return .minItems(try Self.count(value, keyword))
        case "maxItems": return .maxItems(try Self.count(value, keyword))
        case "uniqueItems":
            guard let unique = value.boolValue else { throw .invalidKeyword(keyword, reason: "must be a boolean") }
            return unique ? .uniqueItems : nil
        case "minProperties": return .minProperties(try Self.count(value, keyword))
        case "maxProperties": return .maxProperties(try Self.count(value, keyword))
        case "required": return .required(try Self.strings(value, keyword))
        case "dependentRequired" where modern:
            guard case .object(let members) = value else { throw .invalidKeyword(keyword, reason: "must be an object") }
            var result: [(property: String, required: [String])] = []
            for (name, list) in members { result.append((name, try Self.strings(list, keyword))) }
            return .dependentRequired(result)
        default: return nil
        }
    }

    static func regex(_ pattern: String, _ keyword: String) throws(JSONSchemaError) -> JSONSchemaRegex {
        guard let regex = JSONSchemaRegex(pattern) else {
            throw .invalidKeyword(keyword, reason: "'\(pattern)' is not a valid ECMA-262 regular expression")
        }
        return regex
    }

    static func number(_ value: JSONValue, _ keyword: String) throws(JSONSchemaError) -> Double {
        guard let number = value.numberValue, number.isFinite else { throw .invalidKeyword(keyword, reason: "must be a number") }
        return number
    }

    static func count(_ value: JSONValue, _ keyword: String) throws(JSONSchemaError) -> Int {
        guard let number = value.numberValue, number >= 0, number.rounded() == number, number < 9e15 else {
            throw .invalidKeyword(keyword, reason: "must be a non-negative integer")
        }
        return Int(number)
    }

    static func strings(_ value: JSONValue, _ keyword: String) throws(JSONSchemaError) -> [String] {
        guard case .array(let items) = value else { throw .invalidKeyword(keyword, reason: "must be an array of strings") }
        var result: [String] = []
        for item in items {
            guard let string = item.stringValue else { throw .invalidKeyword(keyword, reason: "must be an array of strings") }
            result.append(string)
        }
        return result
    }
}
