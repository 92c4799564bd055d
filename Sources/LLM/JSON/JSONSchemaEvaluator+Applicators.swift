// Evaluation recurses through these functions, so each is kept small: a debug build gives a
// function one stack slot per local of every `case`, and one large switch on the recursive path
// would multiply the stack needed per nesting level.

extension JSONSchemaEvaluator {
    /// Applies one keyword: subschema applicators here, assertions through ``check(_:_:_:)``.
    mutating func apply(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ instance: JSONValue,
                        _ evaluated: inout JSONSchemaEvaluated) -> Bool {
        switch keyword.kind {
        case .ref(let target):
            return evaluate(target, instance, &evaluated)
        case .dynamicRef(let target, let anchor):
            return evaluate(anchor.flatMap { dynamicTarget($0) } ?? target, instance, &evaluated)
        case .allOf(let schemas):
            return applyAll(schemas, instance, &evaluated)
        case .anyOf(let schemas):
            return applyAnyOf(keyword, node, schemas, instance, &evaluated)
        case .oneOf(let schemas):
            return applyOneOf(keyword, node, schemas, instance, &evaluated)
        case .not(let schema):
            return applyNot(keyword, node, schema, instance)
        case .conditional(let condition, let then, let otherwise):
            return applyConditional(condition, then, otherwise, instance, &evaluated)
        case .dependentSchemas(let schemas):
            return applyDependentSchemas(schemas, instance, &evaluated)
        case .dependencies(let required, let schemas):
            let listed = check(JSONSchemaKeyword(name: keyword.name, kind: .dependentRequired(required)), node, instance)
            if !listed && !collecting { return false }
            return applyDependentSchemas(schemas, instance, &evaluated) && listed
        case .properties(let schemas):
            return applyProperties(keyword, node, schemas, instance, &evaluated)
        case .patternProperties(let patterns):
            return applyPatternProperties(keyword, node, patterns, instance, &evaluated)
        case .additionalProperties(let schema, let named, let patterns):
            return applyAdditionalProperties(keyword, node, schema, named, patterns, instance, &evaluated)
        case .unevaluatedProperties(let schema):
            return applyUnevaluatedProperties(keyword, node, schema, instance, &evaluated)
        case .propertyNames(let schema):
            return applyPropertyNames(keyword, node, schema, instance)
        case .prefixItems(let schemas):
            return applyPrefixItems(keyword, node, schemas, instance, &evaluated)
        case .items(let schema, let start):
            return applyItems(keyword, node, schema, start, instance, &evaluated)
        case .unevaluatedItems(let schema):
            return applyUnevaluatedItems(keyword, node, schema, instance, &evaluated)
        case .contains(let schema, let minimum, let maximum):
            return applyContains(keyword, node, schema, minimum, maximum, instance, &evaluated)
        default:
            return check(keyword, node, instance)
        }
    }

    // MARK: - In-place applicators

    private mutating func applyAll(_ schemas: [Int], _ instance: JSONValue, _ evaluated: inout JSONSchemaEvaluated) -> Bool {
        var valid = true
        for schema in schemas where !evaluate(schema, instance, &evaluated) {
            valid = false
            if !collecting { return false }
        }
        return valid
    }

    private mutating func applyAnyOf(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ schemas: [Int],
                                     _ instance: JSONValue, _ evaluated: inout JSONSchemaEvaluated) -> Bool {
        var matched = false
        for schema in schemas where probe(schema, instance, &evaluated) {
            matched = true
            if !program.tracksAnnotations { return true }
        }
        return matched || fail(keyword, node, "\(Self.render(instance)) does not match any of the \(schemas.count) schemas in anyOf")
    }

    private mutating func applyOneOf(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ schemas: [Int],
                                     _ instance: JSONValue, _ evaluated: inout JSONSchemaEvaluated) -> Bool {
        var matches: [Int] = []
        var candidate = JSONSchemaEvaluated()
        for (position, schema) in schemas.enumerated() {
            var branch = JSONSchemaEvaluated()
            guard probe(schema, instance, &branch) else { continue }
            matches.append(position)
            candidate = branch
            if matches.count > 1 { break }
        }
        if matches.count == 1 {
            evaluated.merge(candidate)
            return true
        }
        return reportOneOf(keyword, node, matches, schemas.count, instance)
    }

    private mutating func reportOneOf(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ matches: [Int], _ count: Int,
                                      _ instance: JSONValue) -> Bool {
        if matches.isEmpty {
            return fail(keyword, node, "\(Self.render(instance)) does not match any of the \(count) schemas in oneOf")
        }
        return fail(keyword, node, "\(Self.render(instance)) matches more than one schema in oneOf "
                    + "(\(matches.map(String.init).joined(separator: " and "))); expected exactly one")
    }

    private mutating func applyNot(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ schema: Int, _ instance: JSONValue) -> Bool {
        var ignored = JSONSchemaEvaluated()
        return !probe(schema, instance, &ignored) || fail(keyword, node, "\(Self.render(instance)) must not match the schema in 'not'")
    }

    private mutating func applyConditional(_ condition: Int, _ then: Int?, _ otherwise: Int?, _ instance: JSONValue,
                                           _ evaluated: inout JSONSchemaEvaluated) -> Bool {
        if then == nil && otherwise == nil && !program.tracksAnnotations { return true }
        var branch = JSONSchemaEvaluated()
        if probe(condition, instance, &branch) {
            evaluated.merge(branch)
            guard let then else { return true }
            return evaluate(then, instance, &evaluated)
        }
        guard let otherwise else { return true }
        return evaluate(otherwise, instance, &evaluated)
    }

    private mutating func applyDependentSchemas(_ schemas: [(property: String, schema: Int)], _ instance: JSONValue,
                                                _ evaluated: inout JSONSchemaEvaluated) -> Bool {
        guard case .object(let object) = instance else { return true }
        var valid = true
        for (property, schema) in schemas where object[property] != nil && !evaluate(schema, instance, &evaluated) {
            valid = false
            if !collecting { return false }
        }
        return valid
    }

    // MARK: - Object members

    /// Evaluates member `name` against `schema`, naming it directly when the schema is `false`.
    private mutating func member(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ schema: Int, _ name: String,
                                 _ value: JSONValue, _ label: String) -> Bool {
        guard isFalseSchema(schema) else { return evaluate(schema, value, at: name) }
        return record(node.location + "/" + JSONPointer.escape(keyword.name), keyword: keyword.name,
                      "\(label) '\(name)' is not allowed", extraToken: name)
    }

    private mutating func applyProperties(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ schemas: [String: Int],
                                          _ instance: JSONValue, _ evaluated: inout JSONSchemaEvaluated) -> Bool {
        guard case .object(let object) = instance else { return true }
        var valid = true
        for (name, value) in object {
            guard let schema = schemas[name] else { continue }
            if program.tracksAnnotations { evaluated.properties.insert(name) }
            if !member(keyword, node, schema, name, value, "property") {
                valid = false
                if !collecting { return false }
            }
        }
        return valid
    }

    private mutating func applyPatternProperties(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode,
                                                 _ patterns: [(regex: JSONSchemaRegex, schema: Int)], _ instance: JSONValue,
                                                 _ evaluated: inout JSONSchemaEvaluated) -> Bool {
        guard case .object(let object) = instance else { return true }
        var valid = true
        for (name, value) in object {
            for (regex, schema) in patterns where regex.matches(name) {
                if program.tracksAnnotations { evaluated.properties.insert(name) }
                if !member(keyword, node, schema, name, value, "property") {
                    valid = false
                    if !collecting { return false }
                }
            }
        }
        return valid
    }

    private mutating func applyAdditionalProperties(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ schema: Int,
                                                    _ named: Set<String>, _ patterns: [JSONSchemaRegex], _ instance: JSONValue,
                                                    _ evaluated: inout JSONSchemaEvaluated) -> Bool {
        guard case .object(let object) = instance else { return true }
        var valid = true
        for (name, value) in object where !named.contains(name) && !patterns.contains(where: { $0.matches(name) }) {
            if program.tracksAnnotations { evaluated.properties.insert(name) }
            if !member(keyword, node, schema, name, value, "additional property") {
                valid = false
                if !collecting { return false }
            }
        }
        return valid
    }

    private mutating func applyUnevaluatedProperties(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ schema: Int,
                                                     _ instance: JSONValue, _ evaluated: inout JSONSchemaEvaluated) -> Bool {
        guard case .object(let object) = instance else { return true }
        var valid = true
        for (name, value) in object where !evaluated.properties.contains(name) {
            evaluated.properties.insert(name)
            if !member(keyword, node, schema, name, value, "unevaluated property") {
                valid = false
                if !collecting { return false }
            }
        }
        return valid
    }

    private mutating func applyPropertyNames(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ schema: Int,
                                             _ instance: JSONValue) -> Bool {
        guard case .object(let object) = instance else { return true }
        var valid = true
        for name in object.keys {
            guard !probe(schema, .string(name), at: name) else { continue }
            valid = false
            _ = record(node.location + "/propertyNames", keyword: keyword.name,
                       "property name '\(name)' does not match the propertyNames schema", extraToken: name)
            if !collecting { return false }
        }
        return valid
    }

    // MARK: - Array items

    /// Evaluates item `index` against `schema`, naming it directly when the schema is `false`.
    private mutating func item(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ schema: Int, _ items: [JSONValue],
                               _ index: Int) -> Bool {
        guard isFalseSchema(schema) else { return evaluate(schema, items[index], at: String(index)) }
        return record(node.location + "/" + keyword.name, keyword: keyword.name,
                      "item \(index) is not allowed here (\(keyword.name) is false)", extraToken: String(index))
    }

    private mutating func applyPrefixItems(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ schemas: [Int],
                                           _ instance: JSONValue, _ evaluated: inout JSONSchemaEvaluated) -> Bool {
        guard case .array(let items) = instance else { return true }
        let count = min(schemas.count, items.count)
        var valid = true
        for index in 0..<count where !item(keyword, node, schemas[index], items, index) {
            valid = false
            if !collecting { return false }
        }
        evaluated.itemPrefix = max(evaluated.itemPrefix, count)
        return valid
    }

    private mutating func applyItems(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ schema: Int, _ start: Int,
                                     _ instance: JSONValue, _ evaluated: inout JSONSchemaEvaluated) -> Bool {
        guard case .array(let items) = instance else { return true }
        var valid = true
        var index = start
        while index < items.count {
            if !item(keyword, node, schema, items, index) {
                valid = false
                if !collecting { return false }
            }
            index += 1
        }
        evaluated.allItems = true
        return valid
    }

    private mutating func applyUnevaluatedItems(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ schema: Int,
                                                _ instance: JSONValue, _ evaluated: inout JSONSchemaEvaluated) -> Bool {
        guard case .array(let items) = instance else { return true }
        var valid = true
        for index in items.indices where !evaluated.covers(item: index) && !item(keyword, node, schema, items, index) {
            valid = false
            if !collecting { return false }
        }
        evaluated.allItems = true
        return valid
    }

    private mutating func applyContains(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ schema: Int, _ minimum: Int,
                                        _ maximum: Int?, _ instance: JSONValue, _ evaluated: inout JSONSchemaEvaluated) -> Bool {
        guard case .array(let items) = instance else { return true }
        var matched = 0
        let countsAll = program.tracksAnnotations || maximum != nil
        for (index, item) in items.enumerated() {
            guard probe(schema, item, at: String(index)) else { continue }
            matched += 1
            if program.tracksAnnotations { evaluated.itemIndices.insert(index) }
            if !countsAll && matched >= minimum { break }
        }
        if matched >= minimum && matched <= (maximum ?? Int.max) { return true }
        return reportContains(keyword, node, matched, minimum, maximum)
    }

    private mutating func reportContains(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ matched: Int, _ minimum: Int,
                                         _ maximum: Int?) -> Bool {
        if matched < minimum {
            return fail(keyword, node, minimum == 1 && matched == 0
                        ? "array does not contain an item matching the contains schema"
                        : "array contains \(matched) matching item\(matched == 1 ? "" : "s"), fewer than the minimum \(minimum)")
        }
        return fail(keyword, node, "array contains \(matched) matching items, more than the maximum \(maximum ?? 0)")
    }
}
