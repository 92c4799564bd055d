/// The dispatch over a subschema: `$ref`, `allOf` (merged), `anyOf`/`oneOf` (alternatives), `not`,
/// `if`, then the type-specific parts.
extension JSONSchemaGrammarBuilder {
    func visit(_ schema: JSONValue, at pointer: String) throws(JSONSchemaGrammarError) -> String? {
        visits += 1
        if visits > 200_000 { throw .tooComplex(pointer: pointer, reason: "more than 200,000 subschemas to compile") }
        switch schema {
        case .bool(let allowed): return allowed ? anyValue() : nil
        case .object(let object): return try visitObject(object, at: pointer)
        default:
            throw .invalidKeyword(pointer: pointer, keyword: "", reason: "a schema must be an object or a boolean, not \(schema.typeName)")
        }
    }

    func visitObject(_ schema: JSONObject, at pointer: String) throws(JSONSchemaGrammarError) -> String? {
        if let ref = schema["$ref"] ?? schema["$recursiveRef"] {
            guard let text = ref.stringValue else {
                throw .invalidKeyword(pointer: pointer, keyword: "$ref", reason: "must be a string")
            }
            let target = try references.resolve(text, at: pointer)
            var siblings = schema
            siblings["$ref"] = nil
            siblings["$recursiveRef"] = nil
            if !JSONSchemaGrammarMerge.hasAssertions(siblings) {
                return try referenceRule(pointer: target.pointer, schema: target.schema)
            }
            guard let merged = try resolvedBranch(.object(schema), at: pointer) else { return nil }
            return try mergedRule(merged, at: pointer)
        }
        var schema = schema
        if schema["$dynamicRef"] != nil {
            declare(pointer, "$dynamicRef", "dynamic references are not followed")
            schema["$dynamicRef"] = nil
        }
        if let allOf = schema["allOf"] {
            guard case .array(let branches) = allOf else {
                throw .invalidKeyword(pointer: pointer, keyword: "allOf", reason: "must be an array of schemas")
            }
            var merged = schema
            merged["allOf"] = nil
            for (index, branch) in branches.enumerated() {
                guard let resolved = try resolvedBranch(branch, at: pointer + "/allOf/\(index)") else { return nil }
                let result = JSONSchemaGrammarMerge.merge(merged, resolved)
                for keyword in result.conflicts { declare(pointer, keyword, "allOf branches give it different values; only one is enforced") }
                merged = result.schema
            }
            return try mergedRule(merged, at: pointer)
        }
        for keyword in ["anyOf", "oneOf"] where schema[keyword] != nil {
            return try alternation(schema, keyword: keyword, at: pointer)
        }
        var excludedTypes: Set<String> = []
        var excludedValues: [JSONValue] = []
        if let negated = schema["not"] {
            guard try negation(negated, of: &schema, types: &excludedTypes, values: &excludedValues, at: pointer) else { return nil }
        }
        if let merged = try applySchemaDependencies(&schema, at: pointer) {
            return try mergedRule(merged, at: pointer)
        }
        if schema["if"] != nil, schema["then"] != nil || schema["else"] != nil {
            declare(pointer, "if", "conditional subschemas (if/then/else) are not enforced")
        }
        if schema["enum"] != nil || schema["const"] != nil {
            return try enumeration(schema, excludingTypes: excludedTypes, values: excludedValues, at: pointer)
        }
        if !excludedValues.isEmpty { declare(pointer, "not", "excluding values outside an enum is not enforced") }
        return try typed(schema, excludingTypes: excludedTypes, at: pointer)
    }

    /// Rewrites schema dependencies (`dependentSchemas`, draft 7 `dependencies` with a schema) into
    /// what the object compiler enforces: a dependency that only requires names becomes a name list,
    /// `false` forbids its trigger, an optional trigger is left out (then the dependency never applies),
    /// and a required trigger's schema is merged in (returned; the caller compiles the merge).
    private func applySchemaDependencies(_ schema: inout JSONObject, at pointer: String) throws(JSONSchemaGrammarError) -> JSONObject? {
        var toMerge: [JSONObject] = []
        for keyword in ["dependentSchemas", "dependencies"] {
            guard case .object(var map) = schema[keyword] else { continue }
            let required = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            var properties = schema["properties"]?.objectValue ?? [:]
            for (trigger, dependency) in map where dependency.arrayValue == nil {
                let dependencyPointer = pointer + "/" + keyword + "/" + JSONSchemaGrammarReferences.escape(trigger)
                guard let object = try resolvedBranch(dependency, at: dependencyPointer) else {
                    properties[trigger] = .bool(false)  // `false`: the trigger must be absent
                    map[trigger] = nil
                    continue
                }
                let assertions = Set(object.keys.filter(JSONSchemaGrammarMerge.assertionKeywords.contains))
                if assertions.isEmpty {
                    map[trigger] = nil
                } else if assertions == ["required"], let names = object["required"]?.arrayValue {
                    map[trigger] = .array(names)
                } else if required.contains(trigger) {
                    toMerge.append(object)
                    map[trigger] = nil
                } else {
                    properties[trigger] = .bool(false)
                    map[trigger] = nil
                }
            }
            if schema["properties"] != nil || !properties.isEmpty { schema["properties"] = .object(properties) }
            if keyword == "dependentSchemas" {
                var names = schema["dependentRequired"]?.objectValue ?? [:]
                for (trigger, list) in map { names[trigger] = list }
                schema["dependentRequired"] = names.isEmpty ? nil : .object(names)
                schema[keyword] = nil
            } else {
                schema[keyword] = map.isEmpty ? nil : .object(map)
            }
        }
        guard !toMerge.isEmpty else { return nil }
        var merged = schema
        for object in toMerge {
            let result = JSONSchemaGrammarMerge.merge(merged, object)
            for keyword in result.conflicts { declare(pointer, keyword, "a dependency's schema gives it a different value; only one is enforced") }
            merged = result.schema
        }
        return merged
    }

    /// Applies `not` where it can be enforced: excluded types, excluded constants (within an enum),
    /// and forbidden members (a `required` list in the negated schema: one of its names is left out).
    /// Returns false when nothing can satisfy the schema.
    private func negation(_ negated: JSONValue, of schema: inout JSONObject, types: inout Set<String>,
                          values: inout [JSONValue], at pointer: String) throws(JSONSchemaGrammarError) -> Bool {
        guard let object = try resolvedBranch(negated, at: pointer + "/not") else { return true }
        let assertions = Set(object.keys.filter(JSONSchemaGrammarMerge.assertionKeywords.contains))
        if assertions.isEmpty { return false }
        if assertions == ["type"], let excluded = try explicitTypes(object, at: pointer + "/not") {
            types.formUnion(excluded)
            return true
        }
        if assertions.isSubset(of: ["enum", "const"]), let excluded = JSONSchemaGrammarMerge.values(object) {
            values += excluded
            return true
        }
        // Each list of names: at least one must be missing.
        var lists: [[String]] = []
        if let names = object["required"]?.arrayValue?.compactMap(\.stringValue), !names.isEmpty {
            lists = [names]
        } else if assertions == ["anyOf"], let branches = object["anyOf"]?.arrayValue {
            for (index, branch) in branches.enumerated() {
                guard let resolved = try resolvedBranch(branch, at: pointer + "/not/anyOf/\(index)") else { continue }
                guard let names = resolved["required"]?.arrayValue?.compactMap(\.stringValue), !names.isEmpty else {
                    declare(pointer, "not", "negated subschemas are not enforced")
                    return true
                }
                lists.append(names)
            }
        }
        if lists.isEmpty {
            declare(pointer, "not", "negated subschemas are not enforced")
            return true
        }
        let required = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        var properties = schema["properties"]?.objectValue ?? [:]
        for names in lists {
            if names.contains(where: { properties[$0] == .bool(false) }) { continue }
            guard let name = names.first(where: { !required.contains($0) }) else { return false }
            properties[name] = .bool(false)
        }
        schema["properties"] = .object(properties)
        // Only objects can fail a `required` list, so only objects are generated.
        types.formUnion(Self.allTypes.filter { $0 != "object" })
        return true
    }

    private func alternation(_ schema: JSONObject, keyword: String, at pointer: String) throws(JSONSchemaGrammarError) -> String? {
        guard case .array(let branches) = schema[keyword], !branches.isEmpty else {
            throw .invalidKeyword(pointer: pointer, keyword: keyword, reason: "must be a non-empty array of schemas")
        }
        var siblings = schema
        siblings[keyword] = nil
        let withSiblings = JSONSchemaGrammarMerge.hasAssertions(siblings)
        // Each branch: the subschema itself, or (merged with the parent's keywords, or made
        // exclusive for oneOf) a schema object compiled as a merged rule.
        var entries: [(pointer: String, original: JSONValue, object: JSONObject?, merged: Bool)] = []
        for (index, branch) in branches.enumerated() {
            let branchPointer = pointer + "/\(keyword)/\(index)"
            guard withSiblings || keyword == "oneOf" else {
                entries.append((branchPointer, branch, nil, false))
                continue
            }
            guard var object = try resolvedBranch(branch, at: branchPointer) else { continue }
            if withSiblings {
                let merged = JSONSchemaGrammarMerge.merge(siblings, object)
                for conflict in merged.conflicts { declare(branchPointer, conflict, "differs between \(keyword) branch and its parent schema") }
                object = merged.schema
            }
            entries.append((branchPointer, branch, object, withSiblings))
        }
        let original = entries
        var exclusiveByConstruction = false
        if keyword == "oneOf", entries.count > 1 {
            // Identical branches always match together, so neither can be the only match.
            entries = entries.filter { entry in entries.filter { $0.object == entry.object }.count == 1 }
            let objects = entries.compactMap(\.object)
            if entries.count > 1, !JSONSchemaGrammarMerge.pairwiseDisjoint(objects, references: references) {
                if let exclusive = JSONSchemaGrammarMerge.separatedByRequired(objects) {
                    for index in entries.indices {
                        entries[index].object = exclusive[index]
                        entries[index].merged = true
                    }
                    exclusiveByConstruction = true
                } else {
                    let safe = JSONSchemaGrammarMerge.exclusiveByType(objects, references: references)
                    if safe.isEmpty {
                        declare(pointer, "oneOf", "branches may overlap; that exactly one matches is not enforced")
                    } else {
                        entries = safe.map { entries[$0] }
                        exclusiveByConstruction = true
                    }
                }
            }
        }
        var alternatives = try compileBranches(entries)
        if alternatives.isEmpty && exclusiveByConstruction {
            // Made exclusive, nothing was left; the schema may still be satisfiable another way.
            declare(pointer, "oneOf", "branches may overlap; that exactly one matches is not enforced")
            alternatives = try compileBranches(original)
        }
        if alternatives.isEmpty { return nil }
        return Self.alternatives(alternatives.map(Self.group))
    }

    private func compileBranches(_ entries: [(pointer: String, original: JSONValue, object: JSONObject?, merged: Bool)]) throws(JSONSchemaGrammarError) -> [String] {
        var alternatives: [String] = []
        for entry in entries {
            let expression = entry.merged ? try mergedRule(entry.object!, at: entry.pointer) : try visit(entry.original, at: entry.pointer)
            if let expression { alternatives.append(expression) }
        }
        return alternatives
    }
}
