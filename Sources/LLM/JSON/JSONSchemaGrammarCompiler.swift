/// Compiles a JSON Schema into a GBNF grammar (llama.cpp's grammar format) that only accepts
/// JSON documents valid against the schema, and says which keywords it could not enforce.
///
/// ```swift
/// let schema = try JSONSchema(jsonText: #"{"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}"#)
/// let result = try JSONSchemaGrammarCompiler().compile(schema)
/// let request = GenerationRequest(messages: [.user("A name, as JSON")], constraint: result.constraint)
/// if !result.isFullyEnforced { /* validate the output against the schema and retry if needed */ }
/// ```
///
/// What is enforced:
/// - `type` (including unions), `enum`, `const`, boolean schemas, `{}` (any JSON value, bounded depth);
/// - objects: `properties` in schema order (required ones always present, optional ones may be
///   skipped; linear grammar size), `required`, `additionalProperties` (`false`, `true` or a schema;
///   when absent, only declared properties are generated, unless the object declares none, as
///   llama.cpp's converter does), `patternProperties` with one pattern and no `properties`,
///   `minProperties`/`maxProperties` where choosing which optional members to emit is enough,
///   `dependentRequired`/`dependentSchemas`/`dependencies` (dependents become required; a schema
///   dependency is merged in when its trigger is required, else the trigger is left out);
/// - arrays: `items`, `prefixItems`, draft 7 array-form `items` and `additionalItems`, `minItems`, `maxItems`;
/// - strings: `minLength`, `maxLength`, `pattern` (a practical ECMAScript subset: anchors, classes,
///   `\d \w \s`, groups, alternation, quantifiers), every standard `format` (a valid subset for the
///   open-ended ones such as `email` and `uri`);
/// - integers: `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum` exactly (digit ranges);
///   numbers: the same bounds when they are whole numbers (fractional bounds are tightened to whole ones);
/// - `anyOf`; `oneOf` when its branches are disjoint (types, constants, discriminating properties)
///   or can be made so (leaving out other branches' required names, or keeping only branches every
///   other branch rejects by type); `allOf` (merged); `not` with `type`, `required` or (within an
///   enum) constants; local `$ref` (`#/$defs/…`, `#/definitions/…`, anchors, embedded `$id`s) including recursion.
///
/// Declared unsupported (listed in ``JSONSchemaGrammarResult/unsupported``): `multipleOf` (other than 1),
/// `uniqueItems`, `contains`, `if`/`then`/`else`, other `not`s, `oneOf` whose branches may overlap,
/// `patternProperties` that a required undeclared property may match, regex features such as
/// lookaround and backreferences, length limits a pattern cannot absorb, keywords alongside `enum`
/// that are not checked against its values.
///
/// Compilation fails (``JSONSchemaGrammarError``) for unresolvable or remote references, malformed
/// keywords, and schemas no finite JSON value satisfies.
///
/// The grammar may be stricter than the schema: strings are at most ``Options/maxStringLength``
/// characters, arrays at most ``Options/maxArrayItems`` items (unless the schema needs more),
/// numbers at most 16 integer digits, years 1000–2999, and pattern-generated text stays in the Basic
/// Multilingual Plane. Stricter never means invalid.
public struct JSONSchemaGrammarCompiler: Sendable {
    /// Where whitespace may appear between JSON tokens.
    public enum Whitespace: Sendable, Hashable {
        /// No whitespace at all (compact JSON).
        case compact
        /// At most one space between tokens.
        case singleSpace
        /// One space, or one newline followed by at most `maxIndent` spaces or tabs (pretty-printed
        /// JSON), between tokens. Bounded, so a model cannot loop on whitespace.
        case indented(maxIndent: Int)
    }

    /// Bounds and style of the generated grammar.
    public struct Options: Sendable, Hashable {
        /// The longest string generated when the schema sets no smaller `maxLength` (and no larger
        /// `minLength`). This and the other counts are clamped to 1000 (llama.cpp's repetition limit).
        public var maxStringLength: Int
        /// The most array items generated when the schema sets no smaller `maxItems` (and no larger `minItems`).
        public var maxArrayItems: Int
        /// The most undeclared properties generated where `additionalProperties` allows them.
        public var maxAdditionalProperties: Int
        /// How deeply nested a value generated for `{}` (any JSON value) may be.
        public var maxAnyValueDepth: Int
        /// Whitespace between tokens.
        public var whitespace: Whitespace

        /// Creates options; the defaults suit small on-device models.
        public init(maxStringLength: Int = 256, maxArrayItems: Int = 32, maxAdditionalProperties: Int = 16,
                    maxAnyValueDepth: Int = 3, whitespace: Whitespace = .indented(maxIndent: 20)) {
            self.maxStringLength = min(max(1, maxStringLength), 1000)
            self.maxArrayItems = min(max(1, maxArrayItems), 1000)
            self.maxAdditionalProperties = min(max(0, maxAdditionalProperties), 1000)
            self.maxAnyValueDepth = max(0, maxAnyValueDepth)
            self.whitespace = whitespace
        }
    }

    /// The options every compilation uses.
    public var options: Options

    /// Creates a compiler.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Compiles `schema` into a grammar whose start rule is `root`.
    /// - Throws: ``JSONSchemaGrammarError`` when a reference cannot be resolved, a keyword is malformed,
    ///   or no value can satisfy the schema.
    public func compile(_ schema: JSONSchema) throws(JSONSchemaGrammarError) -> JSONSchemaGrammarResult {
        let builder = JSONSchemaGrammarBuilder(document: schema.root, options: options)
        return try builder.build()
    }

    /// Parses and compiles a schema from JSON text.
    /// - Throws: ``JSONSchemaGrammarError/invalidKeyword(pointer:keyword:reason:)`` when the text is not a
    ///   schema, or any error of ``compile(_:)``.
    public func compile(jsonText: String) throws(JSONSchemaGrammarError) -> JSONSchemaGrammarResult {
        let schema: JSONSchema
        do { schema = try JSONSchema(jsonText: jsonText) } catch {
            throw .invalidKeyword(pointer: "", keyword: "", reason: error.description)
        }
        return try compile(schema)
    }
}
