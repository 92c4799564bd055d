/// The JSON Schema specification a schema is written against.
///
/// A schema's `$schema` picks the draft; without one, the validator's default applies. Older and
/// newer metaschema URIs map to the closest supported draft (draft 4 and 6 to draft 7, 2019-09 to 2020-12).
public enum JSONSchemaDraft: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Draft 2020-12 (`https://json-schema.org/draft/2020-12/schema`).
    case draft2020_12 = "draft2020-12"
    /// Draft 7 (`http://json-schema.org/draft-07/schema#`).
    case draft7 = "draft7"

    /// The canonical metaschema URI, as written in `$schema`.
    public var metaschemaURI: String {
        switch self {
        case .draft2020_12: return "https://json-schema.org/draft/2020-12/schema"
        case .draft7: return "http://json-schema.org/draft-07/schema#"
        }
    }

    /// The draft whose metaschema `uri` names (with or without a trailing `#`, http or https), or nil
    /// for a URI that names no known metaschema.
    public init?(metaschemaURI uri: String) {
        var text = uri.hasSuffix("#") ? String(uri.dropLast()) : uri
        if text.hasPrefix("https://") { text = "http://" + text.dropFirst("https://".count) }
        switch text {
        case "http://json-schema.org/draft/2020-12/schema", "http://json-schema.org/draft/2019-09/schema": self = .draft2020_12
        case "http://json-schema.org/draft-07/schema", "http://json-schema.org/draft-06/schema",
             "http://json-schema.org/draft-04/schema": self = .draft7
        default: return nil
        }
    }

    /// The suite folder name: `draft2020-12` or `draft7`.
    public var description: String { rawValue }
}

/// The vocabularies of a 2020-12 dialect, as a metaschema's `$vocabulary` lists them.
struct JSONSchemaVocabularies: OptionSet, Hashable, Sendable {
    let rawValue: Int

    static let core = Self(rawValue: 1 << 0)
    static let applicator = Self(rawValue: 1 << 1)
    static let unevaluated = Self(rawValue: 1 << 2)
    static let validation = Self(rawValue: 1 << 3)
    static let formatAnnotation = Self(rawValue: 1 << 4)
    static let formatAssertion = Self(rawValue: 1 << 5)
    static let content = Self(rawValue: 1 << 6)
    static let metaData = Self(rawValue: 1 << 7)

    /// The vocabularies of the standard 2020-12 metaschema (format as an annotation).
    static let standard: Self = [.core, .applicator, .unevaluated, .validation, .formatAnnotation, .content, .metaData]

    /// The vocabulary a `$vocabulary` URI names (2020-12 and 2019-09 spellings).
    static func named(_ uri: String) -> Self? {
        let prefixes = ["https://json-schema.org/draft/2020-12/vocab/", "https://json-schema.org/draft/2019-09/vocab/"]
        guard let prefix = prefixes.first(where: { uri.hasPrefix($0) }) else { return nil }
        switch uri.dropFirst(prefix.count) {
        case "core": return .core
        case "applicator": return .applicator
        case "unevaluated": return .unevaluated
        case "validation": return .validation
        case "format-annotation", "format": return .formatAnnotation
        case "format-assertion": return .formatAssertion
        case "content": return .content
        case "meta-data": return .metaData
        default: return nil
        }
    }
}

/// A draft plus the vocabularies in force: what a schema's keywords mean.
struct JSONSchemaDialect: Hashable, Sendable {
    var draft: JSONSchemaDraft
    var vocabularies: JSONSchemaVocabularies
    /// Draft 2019-09, read as 2020-12 except that `items` may be an array (with `additionalItems`)
    /// and `prefixItems` is not a keyword.
    var usesArrayItems = false
    /// Draft 4, read as draft 7 except that `id` (not `$id`) identifies a schema.
    var usesLegacyID = false

    /// The standard dialect of a draft.
    init(_ draft: JSONSchemaDraft, vocabularies: JSONSchemaVocabularies = .standard) {
        self.draft = draft
        self.vocabularies = draft == .draft7 ? .standard : vocabularies
    }

    /// Whether a keyword of `vocabulary` is active (draft 7 has no vocabularies: all are).
    func has(_ vocabulary: JSONSchemaVocabularies) -> Bool {
        draft == .draft7 || vocabularies.contains(vocabulary)
    }
}
