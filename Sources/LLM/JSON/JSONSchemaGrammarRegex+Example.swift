extension JSONSchemaGrammarRegex {
    /// A shortest string the expression matches, written with plain characters where it can
    /// (a lowercase letter, then a digit, then any printable ASCII character a set allows); nil
    /// when it matches nothing or needs a character outside printable ASCII.
    ///
    /// `^[a-z]+(?:-+[a-z]+)*-v\d+$` → `a-v0`; `(.+/)?.+:.+` → `a:a`.
    var shortestExample: String? {
        switch self {
        case .characters(let set):
            let preferred: [ClosedRange<UInt32>] = [0x61...0x7A, 0x30...0x39, 0x41...0x5A, 0x20...0x7E]
            for range in preferred {
                if let scalar = range.first(where: set.contains), let character = Unicode.Scalar(scalar) {
                    return String(Character(character))
                }
            }
            return nil
        case .sequence(let items):
            var text = ""
            for item in items {
                guard let part = item.shortestExample else { return nil }
                text += part
            }
            return text
        case .alternation(let alternatives):
            return alternatives.compactMap(\.shortestExample).min { $0.count < $1.count }
        case .repetition(let item, let min, _):
            guard min > 0 else { return "" }
            return item.shortestExample.map { String(repeating: $0, count: min) }
        }
    }
}
