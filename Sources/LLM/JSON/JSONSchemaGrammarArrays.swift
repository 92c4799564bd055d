/// Arrays: `items`, `prefixItems` (and draft 7 array-form `items` with `additionalItems`),
/// `minItems` and `maxItems` as bounded repetition.
extension JSONSchemaGrammarBuilder {
    func array(_ schema: JSONObject, at pointer: String) throws(JSONSchemaGrammarError) -> String? {
        var prefix: [(schema: JSONValue, pointer: String)] = []
        var rest: (schema: JSONValue, pointer: String)?
        var restIsImplicit = false
        switch (schema["prefixItems"], schema["items"]) {
        case (.array(let items), let after):
            prefix = items.enumerated().map { ($0.element, pointer + "/prefixItems/\($0.offset)") }
            if let after { rest = (after, pointer + "/items") }
        case (.some, _):
            throw .invalidKeyword(pointer: pointer, keyword: "prefixItems", reason: "must be an array of schemas")
        case (nil, .array(let items)):
            prefix = items.enumerated().map { ($0.element, pointer + "/items/\($0.offset)") }
            if let after = schema["additionalItems"] { rest = (after, pointer + "/additionalItems") }
        case (nil, .some(let items)):
            rest = (items, pointer + "/items")
        case (nil, nil):
            break
        }
        if rest == nil, let unevaluated = schema["unevaluatedItems"] { rest = (unevaluated, pointer + "/unevaluatedItems") }
        if rest == nil {
            // No schema for the items after the prefix: generate none beyond it unless minItems needs them.
            rest = (.bool(true), pointer)
            restIsImplicit = !prefix.isEmpty
        }
        let minItems = try count(schema, "minItems", at: pointer) ?? 0
        let maxItems = try count(schema, "maxItems", at: pointer)
        if let maxItems, maxItems < minItems { return nil }
        if minItems > 10_000 { throw .tooComplex(pointer: pointer, reason: "minItems \(minItems) is too many to generate") }

        var items: [String] = []
        for entry in prefix {
            guard let expression = try inContainer({ () throws(JSONSchemaGrammarError) -> String? in try visit(entry.schema, at: entry.pointer) }) else { break }
            items.append(atom(expression, hint(entry.pointer)))
        }
        var restItem: String?
        if items.count == prefix.count, let rest, !(restIsImplicit && minItems <= prefix.count) {
            restItem = try inContainer { () throws(JSONSchemaGrammarError) -> String? in try visit(rest.schema, at: rest.pointer) }
                .map { atom($0, hint(rest.pointer) + "-item") }
        }
        var high = maxItems.map { min($0, max(minItems, options.maxArrayItems)) } ?? max(minItems, options.maxArrayItems, items.count)
        if restItem == nil { high = min(high, items.count) }
        if minItems > high { return nil }

        if let unique = schema["uniqueItems"], unique == .bool(true), high > 1 {
            declare(pointer, "uniqueItems", "that items are distinct is not enforced")
        }
        if schema["contains"] != nil { declare(pointer, "contains", "that some item matches is not enforced") }

        // Element i is the prefix item i, then restItem.
        func element(_ index: Int) -> String { index < items.count ? items[index] : restItem! }
        func separated(_ index: Int) -> String { Self.sequence("\",\"", space, element(index)) }
        // Items from `index` on (all after a comma), the first `minItems` required.
        func following(_ index: Int) -> String {
            if index >= high { return "" }
            if index >= items.count {
                // Only rest items remain.
                let repeatedItem = Self.group(Self.sequence("\",\"", space, restItem!))
                let required = max(0, minItems - index)
                return Self.sequence(Self.repeated(repeatedItem, min: required, max: required),
                                     Self.repeated(repeatedItem, min: 0, max: high - index - required))
            }
            if index < minItems { return Self.sequence(separated(index), following(index + 1)) }
            return "(" + Self.sequence(separated(index), following(index + 1)) + ")?"
        }
        let open = OutputConstraint.gbnfLiteral("["), close = OutputConstraint.gbnfLiteral("]")
        if high == 0 { return Self.sequence(open, space, close) }
        let all = Self.sequence(element(0), following(1))
        if minItems == 0 { return Self.sequence(open, space, "(" + Self.sequence(all, space) + ")?", close) }
        return Self.sequence(open, space, all, space, close)
    }
}
