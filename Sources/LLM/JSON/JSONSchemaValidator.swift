/// Validates JSON instances against a JSON Schema (draft 2020-12 or draft 7).
///
/// The schema is compiled once, in `init`: references are resolved (remote documents through the
/// ``JSONSchemaResolver``, never the network), keyword values checked and regular expressions
/// compiled. Validation then reports every violation with its instance path.
/// ```swift
/// let schema = try JSONSchema(jsonText: #"{"type": "object", "required": ["name"]}"#)
/// let validator = try JSONSchemaValidator(schema: schema)
/// validator.validate(["age": 3])   // [/: missing required property 'name' [required at #/required]]
/// validator.isValid(["name": "Ada"]) // true
/// ```
///
/// `format` is an annotation unless `assertFormats` is set (or a 2020-12 metaschema enables the
/// format-assertion vocabulary); see ``JSONSchemaFormat`` for the formats checked.
public struct JSONSchemaValidator: Sendable {
    /// The schema this validator checks against.
    public let schema: JSONSchema
    /// The draft the root schema is read as (its `$schema`, else the default draft).
    public let draft: JSONSchemaDraft
    private let program: JSONSchemaProgram

    /// Compiles `schema`.
    /// - Parameters:
    ///   - schema: the schema to compile.
    ///   - defaultDraft: the draft for a schema without `$schema` (and for referenced documents without one).
    ///   - assertFormats: whether `format` fails invalid strings instead of being an annotation.
    ///   - resolver: documents for `$ref`s and custom `$schema`s that point outside the schema.
    /// - Throws: ``JSONSchemaError/unresolvableReference(_:)`` for a `$ref` nothing provides,
    ///   ``JSONSchemaError/invalidKeyword(_:reason:)`` for a keyword value the specification forbids
    ///   (a negative `minLength`, a `pattern` that is not a regular expression, an unknown `type`…).
    public init(schema: JSONSchema, defaultDraft: JSONSchemaDraft = .draft2020_12, assertFormats: Bool = false,
                resolver: JSONSchemaResolver = .init()) throws(JSONSchemaError) {
        var compiler = JSONSchemaCompiler(resolver: resolver, defaultDraft: defaultDraft, assertFormats: assertFormats)
        let root = try compiler.compileRoot(schema.root)
        self.schema = schema
        self.draft = compiler.rootDraft
        self.program = JSONSchemaProgram(nodes: compiler.nodes, root: root, dynamicAnchors: compiler.dynamicAnchorNodes,
                                         tracksAnnotations: compiler.usesUnevaluated)
    }

    /// Every way `instance` fails the schema; empty when it is valid.
    ///
    /// `anyOf`, `oneOf`, `not`, `if` and `contains` report one summary violation rather than the
    /// failures of each alternative.
    public func validate(_ instance: JSONValue) -> [JSONSchemaViolation] {
        var evaluator = JSONSchemaEvaluator(program: program, collecting: true)
        var evaluated = JSONSchemaEvaluated()
        _ = evaluator.evaluate(program.root, instance, &evaluated)
        return evaluator.violations
    }

    /// Whether `instance` is valid (stops at the first failure).
    public func isValid(_ instance: JSONValue) -> Bool {
        var evaluator = JSONSchemaEvaluator(program: program, collecting: false)
        var evaluated = JSONSchemaEvaluated()
        return evaluator.evaluate(program.root, instance, &evaluated)
    }
}

extension JSONSchema {
    /// Validates `instance` against this schema (draft 2020-12 unless `$schema` says otherwise, no
    /// remote references, `format` as an annotation).
    ///
    /// Compiles the schema on every call; keep a ``JSONSchemaValidator`` to validate many instances.
    /// - Returns: the violations, empty when the instance is valid.
    /// - Throws: ``JSONSchemaError`` when the schema itself cannot be used.
    public func validate(_ instance: JSONValue) throws(JSONSchemaError) -> [JSONSchemaViolation] {
        try JSONSchemaValidator(schema: self).validate(instance)
    }
}
