import Foundation

extension JSONSchemaEvaluator {
    /// Checks an assertion keyword (one that applies no subschema).
    mutating func check(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ instance: JSONValue) -> Bool {
        switch keyword.kind {
        case .reject:
            return fail(keyword, node, "no value is allowed here (the schema is false)")
        case .type(let types):
            if types.contains(where: { Self.matches(instance, type: $0) }) { return true }
            return fail(keyword, node, "expected \(types.joined(separator: " or ")), got \(instance.typeName)")
        case .enumeration(let values):
            if values.contains(where: { Self.equal($0, instance) }) { return true }
            return fail(keyword, node, "\(Self.render(instance)) is not one of the allowed values \(Self.render(.array(values)))")
        case .constant(let value):
            if Self.equal(value, instance) { return true }
            return fail(keyword, node, "expected the constant \(Self.render(value)), got \(Self.render(instance))")
        case .format(let format):
            guard case .string(let string) = instance, JSONSchemaFormat.isValid(string, format: format) == false else { return true }
            return fail(keyword, node, "\(Self.render(instance)) is not a valid \(format)")
        case .content(let encoding, let mediaType):
            guard case .string(let string) = instance else { return true }
            var text = string
            if encoding?.lowercased() == "base64" {
                guard let data = Data(base64Encoded: string), let decoded = String(data: data, encoding: .utf8) else {
                    return fail(keyword, node, "string is not valid base64")
                }
                text = decoded
            }
            if mediaType?.lowercased() == "application/json", (try? JSONValue(parsing: text)) == nil {
                return fail(keyword, node, "string is not a valid JSON document")
            }
            return true
        case .multipleOf, .minimum, .maximum, .exclusiveMinimum, .exclusiveMaximum:
            guard case .number(let number) = instance else { return true }
            return checkNumber(keyword, node, number)
        case .minLength, .maxLength, .pattern:
            guard case .string(let string) = instance else { return true }
            return checkString(keyword, node, string)
        case .minItems, .maxItems, .uniqueItems:
            guard case .array(let items) = instance else { return true }
            return checkArray(keyword, node, items)
        case .minProperties, .maxProperties, .required, .dependentRequired:
            guard case .object(let object) = instance else { return true }
            return checkObject(keyword, node, object)
        default:
            return true
        }
    }

    private mutating func checkNumber(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ number: Double) -> Bool {
        let text = JSONValue.format(number)
        switch keyword.kind {
        case .multipleOf(let divisor):
            if Self.isMultiple(number, of: divisor) { return true }
            return fail(keyword, node, "\(text) is not a multiple of \(JSONValue.format(divisor))")
        case .minimum(let limit):
            if number >= limit { return true }
            return fail(keyword, node, "\(text) is less than the minimum \(JSONValue.format(limit))")
        case .maximum(let limit):
            if number <= limit { return true }
            return fail(keyword, node, "\(text) is greater than the maximum \(JSONValue.format(limit))")
        case .exclusiveMinimum(let limit):
            if number > limit { return true }
            return fail(keyword, node, "\(text) is not greater than the exclusive minimum \(JSONValue.format(limit))")
        case .exclusiveMaximum(let limit):
            if number < limit { return true }
            return fail(keyword, node, "\(text) is not less than the exclusive maximum \(JSONValue.format(limit))")
        default:
            return true
        }
    }

    private mutating func checkString(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ string: String) -> Bool {
        switch keyword.kind {
        case .minLength(let limit):
            let length = string.unicodeScalars.count
            if length >= limit { return true }
            return fail(keyword, node, "string is shorter than \(limit) character\(limit == 1 ? "" : "s") (length \(length))")
        case .maxLength(let limit):
            let length = string.unicodeScalars.count
            if length <= limit { return true }
            return fail(keyword, node, "string is longer than \(limit) character\(limit == 1 ? "" : "s") (length \(length))")
        case .pattern(let regex):
            if regex.matches(string) { return true }
            return fail(keyword, node, "\(Self.render(.string(string))) does not match the pattern '\(regex.source)'")
        default:
            return true
        }
    }

    private mutating func checkArray(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ items: [JSONValue]) -> Bool {
        switch keyword.kind {
        case .minItems(let limit):
            if items.count >= limit { return true }
            return fail(keyword, node, "array has \(items.count) item\(items.count == 1 ? "" : "s"), fewer than the minimum \(limit)")
        case .maxItems(let limit):
            if items.count <= limit { return true }
            return fail(keyword, node, "array has \(items.count) items, more than the maximum \(limit)")
        case .uniqueItems:
            // Hashing groups candidates (Swift's equality is coarser than JSON's, never finer).
            var seen: [JSONValue: [Int]] = [:]
            for (index, item) in items.enumerated() {
                if let first = seen[item]?.first(where: { Self.equal(items[$0], item) }) {
                    return fail(keyword, node, "array items \(first) and \(index) are equal; items must be unique")
                }
                seen[item, default: []].append(index)
            }
            return true
        default:
            return true
        }
    }

    private mutating func checkObject(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ object: JSONObject) -> Bool {
        switch keyword.kind {
        case .minProperties(let limit):
            if object.count >= limit { return true }
            return fail(keyword, node, "object has \(object.count) propert\(object.count == 1 ? "y" : "ies"), fewer than the minimum \(limit)")
        case .maxProperties(let limit):
            if object.count <= limit { return true }
            return fail(keyword, node, "object has \(object.count) properties, more than the maximum \(limit)")
        case .required(let names):
            return checkRequired(keyword, node, object, names, because: nil)
        case .dependentRequired(let dependencies):
            var valid = true
            for (property, names) in dependencies where object[property] != nil {
                if !checkRequired(keyword, node, object, names, because: property) {
                    valid = false
                    if !collecting { return false }
                }
            }
            return valid
        default:
            return true
        }
    }

    /// Reports each missing name of `names` (one violation per missing property).
    mutating func checkRequired(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ object: JSONObject,
                                _ names: [String], because property: String?) -> Bool {
        var valid = true
        for name in names where object[name] == nil {
            valid = false
            let reason = property.map { " (required when '\($0)' is present)" } ?? ""
            _ = fail(keyword, node, "missing required property '\(name)'\(reason)")
            if !collecting { return false }
        }
        return valid
    }
}
