/// Objects: properties in schema order, required and optional members, additional properties,
/// property counts and dependencies.
extension JSONSchemaGrammarBuilder {
    private struct Member {
        var key: String
        var schema: JSONValue
        var pointer: String
        var required: Bool
    }

    func object(_ schema: JSONObject, at pointer: String) throws(JSONSchemaGrammarError) -> String? {
        var members: [Member] = []
        if let properties = schema["properties"] {
            guard case .object(let map) = properties else {
                throw .invalidKeyword(pointer: pointer, keyword: "properties", reason: "must be an object")
            }
            for (key, value) in map {
                members.append(Member(key: key, schema: value, pointer: pointer + "/properties/" + JSONSchemaGrammarReferences.escape(key), required: false))
            }
        }
        let declaredKeys = members.map(\.key)
        var excludedKeys = Set(declaredKeys)
        let required = try names(schema, "required", at: pointer)
        let additionalKeyword = schema["additionalProperties"] != nil ? "additionalProperties" : "unevaluatedProperties"
        let additional = schema[additionalKeyword]
        let patterns = schema["patternProperties"] != nil
        // The schema of a member that is not in `properties` (nil: there can be none).
        var undeclared: JSONValue?
        if patterns {
            undeclared = .bool(true)
        } else if additional != .bool(false) {
            undeclared = additional ?? .bool(true)
        }
        for key in required {
            if let index = members.firstIndex(where: { $0.key == key }) {
                members[index].required = true
            } else {
                if patterns { declare(pointer, "patternProperties", "a required property outside 'properties' may have to match a pattern schema") }
                members.append(Member(key: key, schema: undeclared ?? .bool(false), pointer: pointer + "/required", required: true))
                excludedKeys.insert(key)
            }
        }
        // Undeclared members are generated only when the schema asks for them (or declares nothing).
        let extrasAllowed = !patterns && schema["propertyNames"] == nil
            && (additional.map { $0 != .bool(false) } ?? (members.isEmpty))
        try applyDependencies(schema, to: &members, excluded: &excludedKeys, undeclared: undeclared, extras: extrasAllowed, at: pointer)
        if let propertyNames = schema["propertyNames"] {
            guard try checkPropertyNames(propertyNames, &members, at: pointer) else { return nil }
        }

        // Compile member values; drop optional members that cannot be satisfied.
        var compiled: [(kv: String, required: Bool)] = []
        for member in members {
            guard let value = try inContainer({ () throws(JSONSchemaGrammarError) -> String? in try visit(member.schema, at: member.pointer) }) else {
                if member.required { return nil }
                continue
            }
            let kv = Self.sequence(OutputConstraint.gbnfLiteral(JSONValue.string(member.key).jsonText), "\":\"", space, Self.group(value))
            compiled.append((define(hint(member.pointer) + "-kv", kv), member.required))
        }
        var extraMember: String?
        if options.maxAdditionalProperties > 0 {
            if extrasAllowed {
                let valueSchema = additional ?? .bool(true)
                if let value = try inContainer({ () throws(JSONSchemaGrammarError) -> String? in try visit(valueSchema, at: pointer + "/" + additionalKeyword) }) {
                    let key = keyExcluding(excludedKeys.sorted(), hint: hint(pointer) + "-extra-key")
                    extraMember = define(hint(pointer) + "-extra-kv", Self.sequence(key, "\":\"", space, Self.group(value)))
                }
            } else if members.isEmpty, excludedKeys.isEmpty {
                extraMember = try patternMember(schema, at: pointer)
            }
        }
        var maxExtras = extraMember == nil ? 0 : options.maxAdditionalProperties
        var minExtras = 0

        // Property counts: promote optional members to meet minProperties, drop some for maxProperties.
        var requiredCount = compiled.filter(\.required).count
        if let minimum = try count(schema, "minProperties", at: pointer), minimum > requiredCount {
            for index in compiled.indices where !compiled[index].required && requiredCount < minimum {
                compiled[index].required = true
                requiredCount += 1
            }
            if requiredCount + 1 == minimum, extraMember != nil {
                minExtras = 1  // one undeclared member; more could repeat a key and count once
            } else if requiredCount < minimum {
                declare(pointer, "minProperties", "needs more members than the declared properties; not enforced")
            }
        }
        if let maximum = try count(schema, "maxProperties", at: pointer) {
            if requiredCount + minExtras > maximum { return nil }
            var optionalLeft = maximum - requiredCount - minExtras
            compiled = compiled.filter { member in
                if member.required { return true }
                if optionalLeft > 0 { optionalLeft -= 1; return true }
                return false
            }
            maxExtras = min(maxExtras, max(0, maximum - compiled.count))
        }
        let extras = maxExtras > 0 ? extraMember : nil
        return objectExpression(compiled, extra: extras, minExtras: extras == nil ? 0 : minExtras, maxExtras: maxExtras, hint: hint(pointer))
    }

    /// `dependentRequired` and name-list `dependencies`: the dependents of a member that may be
    /// generated become required. Schema dependencies are declared unsupported when their trigger may appear.
    private func applyDependencies(_ schema: JSONObject, to members: inout [Member], excluded: inout Set<String>,
                                   undeclared: JSONValue?, extras: Bool, at pointer: String) throws(JSONSchemaGrammarError) {
        for keyword in ["dependentRequired", "dependencies", "dependentSchemas"] {
            guard let value = schema[keyword] else { continue }
            guard case .object(let map) = value else {
                throw .invalidKeyword(pointer: pointer, keyword: keyword, reason: "must be an object")
            }
            for (trigger, dependency) in map {
                excluded.insert(trigger)
                guard let index = members.firstIndex(where: { $0.key == trigger }) else { continue }
                guard case .array(let names) = dependency, keyword != "dependentSchemas" else {
                    if case .bool(true) = dependency { continue }
                    declare(pointer, keyword, "the subschema that applies when '\(trigger)' is present is not enforced")
                    continue
                }
                for name in names {
                    guard let dependent = name.stringValue else {
                        throw .invalidKeyword(pointer: pointer, keyword: keyword, reason: "dependencies must be lists of names")
                    }
                    if let position = members.firstIndex(where: { $0.key == dependent }) {
                        members[position].required = true
                    } else if let undeclared {
                        members.append(Member(key: dependent, schema: undeclared, pointer: pointer + "/" + keyword, required: true))
                        excluded.insert(dependent)
                    } else if members[index].required {
                        throw .unsatisfiable(pointer: pointer, reason: "'\(trigger)' is required but its dependent '\(dependent)' is not allowed")
                    } else {
                        members.remove(at: index)
                        break
                    }
                }
            }
        }
    }

    /// Drops optional members whose names `propertyNames` rejects (false when a required one is
    /// rejected). Names are checked for `enum`, `const` and lengths; other keywords are declared.
    private func checkPropertyNames(_ propertyNames: JSONValue, _ members: inout [Member], at pointer: String) throws(JSONSchemaGrammarError) -> Bool {
        guard let names = try resolvedBranch(propertyNames, at: pointer + "/propertyNames") else {
            if members.contains(where: \.required) { return false }
            members.removeAll()
            return true
        }
        let checked: Set<String> = ["type", "enum", "const", "minLength", "maxLength"]
        let unchecked = names.keys.filter { JSONSchemaGrammarMerge.assertionKeywords.contains($0) && !checked.contains($0) }
        if !unchecked.isEmpty, !members.isEmpty {
            declare(pointer, "propertyNames", "declared property names are not checked against \(unchecked.joined(separator: ", "))")
        }
        var accepted: [Member] = []
        for member in members {
            let name = JSONValue.string(member.key)
            let allowedValues = JSONSchemaGrammarMerge.values(names)
            if JSONSchemaGrammarMerge.quickAccepts(name, names), allowedValues.map({ $0.contains(name) }) ?? true {
                accepted.append(member)
            } else if member.required {
                return false
            }
        }
        members = accepted
        return true
    }

    /// A list of distinct strings (such as `required`).
    private func names(_ schema: JSONObject, _ keyword: String, at pointer: String) throws(JSONSchemaGrammarError) -> [String] {
        guard let value = schema[keyword] else { return [] }
        guard case .array(let items) = value else {
            throw .invalidKeyword(pointer: pointer, keyword: keyword, reason: "must be an array of strings")
        }
        var result: [String] = []
        for item in items {
            guard let name = item.stringValue else {
                throw .invalidKeyword(pointer: pointer, keyword: keyword, reason: "must be an array of strings")
            }
            if !result.contains(name) { result.append(name) }
        }
        return result
    }

    /// `{ members }` where required members always appear, optional ones may be skipped, in order,
    /// with commas only between emitted members; linear in size (a rule per skippable prefix).
    private func objectExpression(_ members: [(kv: String, required: Bool)], extra: String?, minExtras: Int, maxExtras: Int,
                                  hint: String) -> String {
        let open = OutputConstraint.gbnfLiteral("{"), close = OutputConstraint.gbnfLiteral("}")
        let count = members.count
        let firstRequired = members.firstIndex(where: \.required) ?? count
        func item(_ index: Int) -> String {
            let separated = Self.sequence("\",\"", space, members[index].kv)
            return members[index].required ? separated : "(" + separated + ")?"
        }
        let extrasTail = extra.map { Self.repeated(Self.group(Self.sequence("\",\"", space, $0)), min: minExtras, max: maxExtras) } ?? ""
        // tail(i): members i..<count and the extras, each after a comma.
        var tails: [Int: String] = [:]
        func tail(_ index: Int) -> String {
            if let known = tails[index] { return known }
            let text: String
            if index >= firstRequired || index >= count {
                text = Self.sequence((index..<count).map(item) + [extrasTail])
            } else {
                text = Self.sequence(item(index), tail(index + 1))
            }
            let result = text.isEmpty || Self.isAtomic(text) ? text : define(hint + "-tail", text)
            tails[index] = result
            return result
        }
        var firsts: [String] = []
        for index in 0..<min(firstRequired + 1, count) {
            firsts.append(Self.sequence(members[index].kv, tail(index + 1)))
        }
        if firstRequired == count, let extra {
            firsts.append(Self.sequence(extra, Self.repeated(Self.group(Self.sequence("\",\"", space, extra)), min: 0, max: maxExtras - 1)))
        }
        if firsts.isEmpty { return Self.sequence(open, space, close) }
        let body = Self.alternatives(firsts.map(Self.group))
        if firstRequired < count || minExtras > 0 { return Self.sequence(open, space, Self.group(body), space, close) }
        return Self.sequence(open, space, "(" + Self.sequence(Self.group(body), space) + ")?", close)
    }

    /// A member for `patternProperties` with a single pattern (and no declared properties): a key the
    /// pattern matches, with that pattern's schema. Nil when that cannot be generated exactly.
    private func patternMember(_ schema: JSONObject, at pointer: String) throws(JSONSchemaGrammarError) -> String? {
        guard schema["propertyNames"] == nil, case .object(let patterns) = schema["patternProperties"], patterns.count == 1,
              let (pattern, valueSchema) = patterns.first(where: { _ in true }) else { return nil }
        let valuePointer = pointer + "/patternProperties/" + JSONSchemaGrammarReferences.escape(pattern)
        let keyHint = hint(pointer) + "-pattern-key"
        let translation = JSONSchemaGrammarPattern.translate(pattern, minLength: 0, maxLength: nil, cap: min(64, options.maxStringLength),
                                                             atomize: { self.define(keyHint, $0) })
        guard case .grammar(let body, _, _) = translation,
              let value = try inContainer({ () throws(JSONSchemaGrammarError) -> String? in try visit(valueSchema, at: valuePointer) }) else { return nil }
        let key = define(keyHint, Self.sequence(Self.quote, body.isEmpty ? "" : Self.group(body), Self.quote))
        return define(hint(pointer) + "-pattern-kv", Self.sequence(key, "\":\"", space, Self.group(value)))
    }

    /// A JSON string (object key) whose value is none of `excluded`: a trie over the excluded keys,
    /// leaving it at the first character that differs.
    func keyExcluding(_ excluded: [String], hint: String) -> String {
        if excluded.isEmpty { return builtin("json-string") }
        let limit = min(64, options.maxStringLength)
        let escapes = JSONSchemaGrammarCodePoints([0x09...0x0A, 0x0D...0x0D, 0x22...0x22, 0x5C...0x5C])
        func node(_ keys: [[UInt32]], depth: Int) -> String {
            var alternatives: [String] = []
            if !keys.contains(where: { $0.count == depth }) { alternatives.append(Self.quote) }
            var children: [UInt32] = []
            for key in keys where key.count > depth && !children.contains(key[depth]) { children.append(key[depth]) }
            for child in children {
                let rest = keys.filter { $0.count > depth && $0[depth] == child }
                let literal = OutputConstraint.gbnfLiteral(JSONSchemaGrammarCodePoints.jsonEncoded(child))
                alternatives.append(Self.sequence(literal, Self.group(node(rest, depth: depth + 1))))
            }
            let taken = JSONSchemaGrammarCodePoints(children.map { $0...$0 })
            let other = JSONSchemaGrammarCodePoints.generatable.subtracting(taken).subtracting(escapes)
            if !other.isEmpty, depth < limit {
                alternatives.append(Self.sequence(other.gbnfClass, Self.repeated(builtin("json-char"), min: 0, max: limit - depth - 1), Self.quote))
            }
            return Self.alternatives(alternatives)
        }
        let keys = excluded.map { $0.unicodeScalars.map(\.value) }
        return define(hint, Self.sequence(Self.quote, Self.group(node(keys, depth: 0))))
    }
}
