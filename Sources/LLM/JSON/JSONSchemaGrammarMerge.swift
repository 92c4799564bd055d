/// Schema algebra for the grammar compiler: merging the branches of `allOf` (and a `$ref` with its
/// siblings) into one schema, and deciding whether `oneOf` branches can overlap.
enum JSONSchemaGrammarMerge {
    /// Keywords that constrain instances (everything else is an annotation or unknown, and ignored).
    static let assertionKeywords: Set<String> = [
        "type", "enum", "const", "properties", "required", "additionalProperties", "patternProperties",
        "propertyNames", "minProperties", "maxProperties", "dependencies", "dependentRequired", "dependentSchemas",
        "items", "prefixItems", "additionalItems", "unevaluatedItems", "unevaluatedProperties", "contains",
        "minContains", "maxContains", "minItems", "maxItems", "uniqueItems", "minLength", "maxLength", "pattern",
        "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "allOf", "anyOf",
        "oneOf", "not", "if", "then", "else", "$ref", "$recursiveRef", "$dynamicRef",
    ]

    /// The instance type each type-specific keyword applies to (used when `type` is absent).
    static let keywordTypes: [String: String] = [
        "properties": "object", "required": "object", "additionalProperties": "object", "patternProperties": "object",
        "propertyNames": "object", "minProperties": "object", "maxProperties": "object", "dependencies": "object",
        "dependentRequired": "object", "dependentSchemas": "object", "unevaluatedProperties": "object",
        "items": "array", "prefixItems": "array", "additionalItems": "array", "unevaluatedItems": "array",
        "contains": "array", "minContains": "array", "maxContains": "array", "minItems": "array", "maxItems": "array",
        "uniqueItems": "array", "minLength": "string", "maxLength": "string", "pattern": "string", "format": "string",
        "minimum": "number", "maximum": "number", "exclusiveMinimum": "number", "exclusiveMaximum": "number",
        "multipleOf": "number",
    ]

    /// Whether the schema has any keyword that constrains instances.
    static func hasAssertions(_ schema: JSONObject) -> Bool {
        schema.keys.contains { assertionKeywords.contains($0) }
    }

    /// Draft 4's boolean `exclusiveMinimum`/`exclusiveMaximum` turned into the numeric form.
    static func normalizedBounds(_ schema: JSONObject) -> JSONObject {
        var schema = schema
        for (bound, exclusive) in [("minimum", "exclusiveMinimum"), ("maximum", "exclusiveMaximum")] {
            guard case .bool(let flag) = schema[exclusive] else { continue }
            if flag, let value = schema[bound] { schema[exclusive] = value; schema[bound] = nil } else { schema[exclusive] = nil }
        }
        return schema
    }

    /// The conjunction of two schemas as one schema, and the keywords that could not be combined
    /// (the first schema's value is kept for those).
    static func merge(_ first: JSONObject, _ second: JSONObject) -> (schema: JSONObject, conflicts: [String]) {
        let a = normalizedBounds(first), b = normalizedBounds(second)
        var out = a
        var conflicts: [String] = []
        // Properties one side declares are also subject to the other side's additionalProperties.
        let aProperties = a["properties"]?.objectValue ?? [:], bProperties = b["properties"]?.objectValue ?? [:]
        if a["properties"] != nil || b["properties"] != nil {
            var properties = JSONObject()
            for (key, value) in aProperties { properties[key] = value }
            for (key, value) in bProperties { properties[key] = properties[key].map { both($0, value) } ?? value }
            for key in properties.keys {
                if aProperties[key] == nil, let extra = a["additionalProperties"], a["patternProperties"] == nil { properties[key] = both(properties[key]!, extra) }
                if bProperties[key] == nil, let extra = b["additionalProperties"], b["patternProperties"] == nil { properties[key] = both(properties[key]!, extra) }
            }
            out["properties"] = .object(properties)
        }
        for (key, bValue) in b where key != "properties" {
            guard let aValue = out[key] else { out[key] = bValue; continue }
            if aValue == bValue { continue }
            switch key {
            case "type":
                out[key] = .array(intersectTypes(aValue, bValue).sorted().map { .string($0) })
            case "enum", "const":
                let common = values(a)?.filter { (values(b) ?? []).contains($0) } ?? []
                out["const"] = nil
                out["enum"] = .array(common)
            case "required":
                var names = aValue.arrayValue ?? []
                for name in bValue.arrayValue ?? [] where !names.contains(name) { names.append(name) }
                out[key] = .array(names)
            case "patternProperties", "dependentSchemas", "dependentRequired", "dependencies", "$defs", "definitions":
                guard var merged = aValue.objectValue, let other = bValue.objectValue else { conflicts.append(key); continue }
                for (name, value) in other {
                    if let existing = merged[name], existing != value {
                        if case .array(let x) = existing, case .array(let y) = value {
                            merged[name] = .array(x + y.filter { !x.contains($0) })
                        } else if existing.arrayValue == nil && value.arrayValue == nil {
                            merged[name] = both(existing, value)
                        } else {
                            conflicts.append(key)
                        }
                    } else {
                        merged[name] = value
                    }
                }
                out[key] = .object(merged)
            case "items", "additionalItems", "additionalProperties", "unevaluatedItems", "unevaluatedProperties", "propertyNames":
                if case .array(let x) = aValue, case .array(let y) = bValue {
                    out[key] = .array(zipMerge(x, y))
                } else if aValue.arrayValue == nil && bValue.arrayValue == nil {
                    out[key] = both(aValue, bValue)
                } else {
                    conflicts.append(key)
                }
            case "prefixItems":
                if case .array(let x) = aValue, case .array(let y) = bValue { out[key] = .array(zipMerge(x, y)) } else { conflicts.append(key) }
            case "minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains":
                if let x = aValue.numberValue, let y = bValue.numberValue { out[key] = .number(max(x, y)) } else { conflicts.append(key) }
            case "maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains":
                if let x = aValue.numberValue, let y = bValue.numberValue { out[key] = .number(min(x, y)) } else { conflicts.append(key) }
            case "uniqueItems":
                out[key] = .bool(aValue == .bool(true) || bValue == .bool(true))
            case "allOf":
                out[key] = .array((aValue.arrayValue ?? []) + (bValue.arrayValue ?? []))
            case "anyOf", "oneOf":
                let x = aValue.arrayValue ?? [], y = bValue.arrayValue ?? []
                if x.count * y.count <= 64 {
                    out[key] = .array(x.flatMap { left in y.map { right in both(left, right) } })
                } else {
                    conflicts.append(key)
                }
            default:
                if assertionKeywords.contains(key) { conflicts.append(key) }
            }
        }
        return (out, conflicts)
    }

    private static func both(_ first: JSONValue, _ second: JSONValue) -> JSONValue {
        if first == .bool(true) || first == .object([:]) { return second }
        if second == .bool(true) || second == .object([:]) { return first }
        if first == .bool(false) || second == .bool(false) { return .bool(false) }
        return .object(["allOf": .array([first, second])])
    }

    private static func zipMerge(_ x: [JSONValue], _ y: [JSONValue]) -> [JSONValue] {
        (0..<max(x.count, y.count)).map { index in
            index < x.count && index < y.count ? both(x[index], y[index]) : (index < x.count ? x[index] : y[index])
        }
    }

    private static func typeNames(_ value: JSONValue) -> Set<String> {
        switch value {
        case .string(let name): return [name]
        case .array(let names): return Set(names.compactMap(\.stringValue))
        default: return []
        }
    }

    private static func intersectTypes(_ a: JSONValue, _ b: JSONValue) -> Set<String> {
        let x = typeNames(a), y = typeNames(b)
        var result = x.intersection(y)
        if x.contains("number") && y.contains("integer") || y.contains("number") && x.contains("integer") { result.insert("integer") }
        return result
    }

    /// The values `const`/`enum` allow, or nil when neither is present.
    static func values(_ schema: JSONObject) -> [JSONValue]? {
        if let constant = schema["const"] { return [constant] }
        return schema["enum"]?.arrayValue
    }

    /// The values a schema can match for sure (`const`, `enum`, or alternatives of those), or nil.
    static func possibleValues(_ schema: JSONObject) -> [JSONValue]? {
        if let values = values(schema) { return values }
        for keyword in ["anyOf", "oneOf"] {
            guard let branches = schema[keyword]?.arrayValue else { continue }
            var all: [JSONValue] = []
            for branch in branches {
                guard let object = branch.objectValue, let values = possibleValues(object) else { return nil }
                all += values
            }
            return all
        }
        return nil
    }

    /// The instance types a schema can match for sure, or nil when it may match any type.
    static func possibleTypes(_ schema: JSONObject) -> Set<String>? {
        if let values = possibleValues(schema) { return Set(values.map(\.typeName)) }
        if let type = schema["type"] {
            var types = typeNames(type)
            if types.contains("number") { types.insert("integer") }
            return types
        }
        for keyword in ["anyOf", "oneOf"] {
            guard let branches = schema[keyword]?.arrayValue else { continue }
            var all: Set<String> = []
            for branch in branches {
                guard let object = branch.objectValue, let types = possibleTypes(object) else { return nil }
                all.formUnion(types)
            }
            return all
        }
        return nil
    }

    /// Whether no instance can match two of the schemas (a sufficient check: types, constants,
    /// discriminating required properties, properties another branch forbids).
    static func pairwiseDisjoint(_ schemas: [JSONObject], references: JSONSchemaGrammarReferences) -> Bool {
        for i in schemas.indices {
            for j in schemas.indices where j > i && !disjoint(schemas[i], schemas[j], references: references) { return false }
        }
        return true
    }

    static func disjoint(_ a: JSONObject, _ b: JSONObject, references: JSONSchemaGrammarReferences) -> Bool {
        let a = resolvedTop(a, references), b = resolvedTop(b, references)
        if let x = possibleTypes(a), let y = possibleTypes(b) {
            var common = x.intersection(y)
            if x.contains("integer") && y.contains("number") || y.contains("integer") && x.contains("number") { common.insert("integer") }
            if common.isEmpty { return true }
        }
        if let vx = possibleValues(a), let vy = possibleValues(b), !vx.contains(where: vy.contains) { return true }
        let requiredA = Set(a["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let requiredB = Set(b["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let propsA = a["properties"]?.objectValue ?? [:], propsB = b["properties"]?.objectValue ?? [:]
        for key in requiredA.intersection(requiredB) {
            guard let pa = propsA[key]?.objectValue, let pb = propsB[key]?.objectValue else { continue }
            if disjointValues(resolvedTop(pa, references), resolvedTop(pb, references)) { return true }
        }
        for (required, other, otherProps) in [(requiredA, b, propsB), (requiredB, a, propsA)] {
            if other["additionalProperties"] == .bool(false), other["patternProperties"] == nil,
               required.contains(where: { otherProps[$0] == nil }) { return true }
        }
        return false
    }

    /// `oneOf` branches made exclusive by their `required` lists: each branch leaves out the names
    /// the other branches require and it does not, so no other branch can match what it generates.
    /// Nil when some branch requires a subset of what another requires.
    static func separatedByRequired(_ schemas: [JSONObject]) -> [JSONObject]? {
        let required = schemas.map { Set($0["required"]?.arrayValue?.compactMap(\.stringValue) ?? []) }
        for i in schemas.indices {
            for j in schemas.indices where i != j && required[j].isSubset(of: required[i]) { return nil }
        }
        return schemas.indices.map { i in
            var schema = schemas[i]
            var properties = schema["properties"]?.objectValue ?? [:]
            for j in schemas.indices where j != i {
                for name in required[j].subtracting(required[i]).sorted() { properties[name] = .bool(false) }
            }
            schema["properties"] = .object(properties)
            return schema
        }
    }

    /// The types the compiler generates for a schema (a superset): its `type`, its constants' types,
    /// its alternatives' types, or the types its keywords constrain; all types when none of those.
    static func generatedTypes(_ schema: JSONObject, references: JSONSchemaGrammarReferences, depth: Int = 0) -> Set<String> {
        let all: Set<String> = ["object", "array", "string", "integer", "number", "boolean", "null"]
        let schema = resolvedTop(schema, references)
        if let values = possibleValues(schema) { return Set(values.map(\.typeName)) }
        if let type = schema["type"] {
            var types = typeNames(type)
            if types.contains("number") { types.insert("integer") }
            return types
        }
        for keyword in ["anyOf", "oneOf"] {
            guard let branches = schema[keyword]?.arrayValue, depth < 8 else { continue }
            var union: Set<String> = []
            for branch in branches {
                guard let object = branch.objectValue else { return all }
                union.formUnion(generatedTypes(object, references: references, depth: depth + 1))
            }
            return union
        }
        var inferred = Set(schema.keys.compactMap { keywordTypes[$0] })
        if inferred.contains("number") { inferred.insert("integer") }
        return inferred.isEmpty ? all : inferred
    }

    /// The indices of `oneOf` branches whose generated values every other branch rejects by type
    /// (so generating only from them keeps exactly one branch matching).
    static func exclusiveByType(_ schemas: [JSONObject], references: JSONSchemaGrammarReferences) -> [Int] {
        let resolved = schemas.map { resolvedTop($0, references) }
        let generated = resolved.map { generatedTypes($0, references: references) }
        let possible = resolved.map(possibleTypes)
        return schemas.indices.filter { i in
            !generated[i].isEmpty && schemas.indices.allSatisfy { j in j == i || (possible[j].map { $0.isDisjoint(with: generated[i]) } ?? false) }
        }
    }

    private static func disjointValues(_ a: JSONObject, _ b: JSONObject) -> Bool {
        if let x = possibleTypes(a), let y = possibleTypes(b), x.isDisjoint(with: y) { return true }
        if let vx = possibleValues(a), let vy = possibleValues(b) { return !vx.contains(where: vy.contains) }
        return false
    }

    /// The schema with a top-level `$ref` and `allOf` merged in (a few levels deep), for analysis.
    private static func resolvedTop(_ schema: JSONObject, _ references: JSONSchemaGrammarReferences, depth: Int = 0) -> JSONObject {
        guard depth < 8 else { return schema }
        var schema = schema
        if let ref = schema["$ref"]?.stringValue, let target = try? references.resolve(ref, at: ""), let object = target.schema.objectValue {
            schema["$ref"] = nil
            schema = merge(resolvedTop(object, references, depth: depth + 1), schema).schema
        }
        if let branches = schema["allOf"]?.arrayValue {
            schema["allOf"] = nil
            for branch in branches {
                guard let object = branch.objectValue else { continue }
                schema = merge(schema, resolvedTop(object, references, depth: depth + 1)).schema
            }
        }
        return schema
    }

    /// A cheap check of the type-specific bounds of `schema` on a constant (enum filtering).
    static func quickAccepts(_ value: JSONValue, _ schema: JSONObject) -> Bool {
        let schema = normalizedBounds(schema)
        switch value {
        case .string(let text):
            let length = text.unicodeScalars.count
            if let minimum = schema["minLength"]?.numberValue, Double(length) < minimum { return false }
            if let maximum = schema["maxLength"]?.numberValue, Double(length) > maximum { return false }
        case .number(let number):
            if let bound = schema["minimum"]?.numberValue, number < bound { return false }
            if let bound = schema["maximum"]?.numberValue, number > bound { return false }
            if let bound = schema["exclusiveMinimum"]?.numberValue, number <= bound { return false }
            if let bound = schema["exclusiveMaximum"]?.numberValue, number >= bound { return false }
        case .array(let items):
            if let minimum = schema["minItems"]?.numberValue, Double(items.count) < minimum { return false }
            if let maximum = schema["maxItems"]?.numberValue, Double(items.count) > maximum { return false }
        default: break
        }
        return true
    }
}
