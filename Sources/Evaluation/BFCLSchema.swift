import LLM

/// Converts BFCL function specs to JSON Schema for constrained extraction.
///
/// BFCL types map as: `dict` → `object` (with its properties; no other keys when properties are
/// given), `float` → `number`, `tuple` → `array`, `any` → no type constraint; `integer`,
/// `string`, `boolean` and `array` keep their names. `description`, `enum`, `items`,
/// `properties`, `required`, `maximum`/`minimum` and `minItems`/`maxItems` carry over;
/// `default`, `optional` and `format` are dropped.
///
/// A call is `{"name": <const>, "arguments": {…}}`; ``callSchema(for:allowNoCall:)`` offers
/// every function as an `anyOf` branch, plus `{"call": null}` for "no call" when allowed.
public enum BFCLSchema {
    /// The JSON Schema of a BFCL parameter spec (or of one parameter).
    public static func jsonSchema(_ spec: JSONValue) -> JSONValue {
        guard let object = spec.objectValue else { return [:] }
        var out = JSONObject()
        let type = object["type"]?.stringValue
        switch type {
        case "dict", "object": out["type"] = "object"
        case "float", "number": out["type"] = "number"
        case "tuple", "array", "list": out["type"] = "array"
        case "integer", "string", "boolean": out["type"] = .string(type!)
        default: break  // "any" or unknown: no constraint
        }
        if let description = object["description"]?.stringValue { out["description"] = .string(description) }
        if let values = object["enum"]?.arrayValue { out["enum"] = .array(values) }
        for keyword in ["maximum", "minimum", "minItems", "maxItems"] {
            if let value = object[keyword], value.numberValue != nil { out[keyword] = value }
        }
        if let items = object["items"], out["type"] == "array" { out["items"] = jsonSchema(items) }
        if let properties = object["properties"]?.objectValue {
            out["properties"] = .object(JSONObject(properties.map { ($0.key, jsonSchema($0.value)) }))
            let names = Set(properties.keys)
            let required = (object["required"]?.arrayValue ?? []).filter { $0.stringValue.map(names.contains) ?? false }
            if !required.isEmpty { out["required"] = .array(required) }
            out["additionalProperties"] = false
        }
        return .object(out)
    }

    /// The schema of a call of `function`: `{"name": "<name>", "arguments": {…}}`.
    public static func callBranch(for function: BFCLFunction) -> JSONValue {
        var arguments = jsonSchema(function.parameters).objectValue ?? JSONObject()
        arguments["type"] = "object"
        if arguments["properties"] == nil { arguments["properties"] = .object(JSONObject()) }
        arguments["additionalProperties"] = false
        return [
            "type": "object",
            "description": .string(function.description),
            "properties": ["name": ["const": .string(function.name)], "arguments": .object(arguments)],
            "required": ["name", "arguments"],
            "additionalProperties": false,
        ]
    }

    /// The "no call" answer: `{"call": null}`.
    public static let noCallBranch: JSONValue = [
        "type": "object",
        "description": "None of the functions fits the request.",
        "properties": ["call": ["type": "null"]],
        "required": ["call"],
        "additionalProperties": false,
    ]

    /// The answer schema for a case: one branch per function, plus "no call" when allowed.
    public static func callSchema(for functions: [BFCLFunction], allowNoCall: Bool) -> JSONValue {
        let branches = functions.map(callBranch) + (allowNoCall ? [noCallBranch] : [])
        return branches.count == 1 ? branches[0] : ["anyOf": .array(branches)]
    }

    /// Reads a model answer: a call (name and arguments), or nil for "no call".
    public static func call(from answer: JSONValue) -> (name: String, arguments: JSONObject)? {
        guard let name = answer["name"]?.stringValue else { return nil }
        return (name, answer["arguments"]?.objectValue ?? JSONObject())
    }
}
