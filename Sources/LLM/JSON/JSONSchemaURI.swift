/// An RFC 3986 URI reference split into its five components, with reference resolution.
///
/// JSON Schema identifies schema resources by absolute URIs (`$id`) and points at them with
/// references (`$ref`) resolved against the current base URI. Foundation's `URL` resolves some
/// forms differently from RFC 3986 (URNs, fragments only, dot segments), so resolution is done here.
struct JSONSchemaURI: Hashable, Sendable, CustomStringConvertible {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Splits a URI reference (RFC 3986 appendix B); never fails.
    init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            authority = String(afterSlashes[..<end])
            rest = afterSlashes[end...]
        }
        path = String(rest)
    }

    private init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first) else {
            return false
        }
        return text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
        }
    }

    /// The recomposed text.
    var description: String {
        var text = ""
        if let scheme { text += scheme + ":" }
        if let authority { text += "//" + authority }
        text += path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }

    /// Whether the reference has a scheme (is an absolute URI, possibly with a fragment).
    var isAbsolute: Bool { scheme != nil }

    /// This URI without its fragment.
    var withoutFragment: JSONSchemaURI {
        JSONSchemaURI(scheme: scheme, authority: authority, path: path, query: query, fragment: nil)
    }

    /// Resolves `reference` against this base URI (RFC 3986 §5.2.2).
    func resolving(_ reference: JSONSchemaURI) -> JSONSchemaURI {
        if reference.scheme != nil {
            return JSONSchemaURI(scheme: reference.scheme, authority: reference.authority,
                                 path: Self.removeDotSegments(reference.path), query: reference.query,
                                 fragment: reference.fragment)
        }
        if reference.authority != nil {
            return JSONSchemaURI(scheme: scheme, authority: reference.authority, path: Self.removeDotSegments(reference.path),
                                 query: reference.query, fragment: reference.fragment)
        }
        if reference.path.isEmpty {
            return JSONSchemaURI(scheme: scheme, authority: authority, path: path, query: reference.query ?? query,
                                 fragment: reference.fragment)
        }
        let merged: String
        if reference.path.hasPrefix("/") {
            merged = reference.path
        } else if authority != nil && path.isEmpty {
            merged = "/" + reference.path
        } else if let slash = path.lastIndex(of: "/") {
            merged = String(path[...slash]) + reference.path
        } else {
            merged = reference.path
        }
        return JSONSchemaURI(scheme: scheme, authority: authority, path: Self.removeDotSegments(merged),
                             query: reference.query, fragment: reference.fragment)
    }

    /// Resolves the text of a reference against this base.
    func resolving(_ reference: String) -> JSONSchemaURI { resolving(JSONSchemaURI(reference)) }

    /// RFC 3986 §5.2.4.
    static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        var result = ""
        while !input.isEmpty {
            if input.hasPrefix("../") { input = input.dropFirst(3) }
            else if input.hasPrefix("./") { input = input.dropFirst(2) }
            else if input.hasPrefix("/./") { input = input.dropFirst(2) }
            else if input == "/." { input = "/" }
            else if input.hasPrefix("/../") { input = input.dropFirst(3); if !output.isEmpty { output.removeLast() } }
            else if input == "/.." { input = "/"; if !output.isEmpty { output.removeLast() } }
            else if input == "." || input == ".." { input = "" }
            else {
                let start = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[start...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        for segment in output { result += segment }
        return result
    }
}
