/// One compiled (sub)schema: its keywords in evaluation order, with every subschema and reference
/// replaced by the index of its node in the validator's node table (so recursive schemas are cycles
/// of indices, not of values).
struct JSONSchemaNode: Sendable {
    /// Where the schema sits: `#/json/pointer`, prefixed by the document URI for remote documents.
    var location: String
    /// The schema resource (`$id` scope) the node belongs to, for the `$dynamicRef` dynamic scope.
    var resource: Int
    /// The keywords, with `unevaluated*` last.
    var keywords: [JSONSchemaKeyword]
}

/// A compiled keyword: its name as written (for violations) and what it checks.
struct JSONSchemaKeyword: Sendable {
    /// The keyword as written in the schema (`items`, `additionalItems`, `dependencies`…).
    var name: String
    /// The check.
    var kind: Kind

    /// What a keyword checks; subschemas are node indices.
    enum Kind: Sendable {
        /// The `false` schema.
        case reject
        case type([String])
        case enumeration([JSONValue])
        case constant(JSONValue)
        case multipleOf(Double)
        case minimum(Double)
        case maximum(Double)
        case exclusiveMinimum(Double)
        case exclusiveMaximum(Double)
        case minLength(Int)
        case maxLength(Int)
        case pattern(JSONSchemaRegex)
        case format(String)
        /// Draft 7 `contentEncoding` (`base64`) and `contentMediaType` (`application/json`).
        case content(encoding: String?, mediaType: String?)
        case minItems(Int)
        case maxItems(Int)
        case uniqueItems
        case minProperties(Int)
        case maxProperties(Int)
        case required([String])
        case dependentRequired([(property: String, required: [String])])
        case properties([String: Int])
        case patternProperties([(regex: JSONSchemaRegex, schema: Int)])
        /// Members not named in `properties` nor matched by `patternProperties`.
        case additionalProperties(Int, named: Set<String>, patterns: [JSONSchemaRegex])
        case propertyNames(Int)
        case dependentSchemas([(property: String, schema: Int)])
        /// Draft 7 `dependencies` mixing property lists and schemas.
        case dependencies(required: [(property: String, required: [String])], schemas: [(property: String, schema: Int)])
        case prefixItems([Int])
        /// Every item from index `from` on (2020-12 `items`, draft 7 `items` schema and `additionalItems`).
        case items(Int, from: Int)
        /// `contains` with `minContains` / `maxContains` (draft 7: minimum 1, no maximum).
        case contains(Int, min: Int, max: Int?)
        case allOf([Int])
        case anyOf([Int])
        case oneOf([Int])
        case not(Int)
        case conditional(if: Int, then: Int?, else: Int?)
        case ref(Int)
        /// `anchor` is set when the reference starts dynamic resolution (its static target carries a
        /// matching `$dynamicAnchor`).
        case dynamicRef(Int, anchor: String?)
        case unevaluatedItems(Int)
        case unevaluatedProperties(Int)
    }
}
