import LLM

/// BFCL's AST-match scoring of one produced call against the possible answers.
///
/// A call passes when: the function name matches an answer's; every parameter the function
/// requires is present; every produced parameter appears in the answer (no unknown parameters)
/// with an acceptable value; every answer parameter that is absent lists `""` (may be omitted).
/// Values compare as BFCL does: numbers by value whatever their JSON spelling (`5` = `5.0`),
/// strings after removing spaces and `,./-_*^` and lower-casing, arrays element by element in
/// order, and objects key by key against their own lists of acceptable values.
public enum BFCLASTMatcher {
    /// The verdict on one case.
    public enum Verdict: Sendable, Hashable {
        case pass
        case fail(String)

        /// Whether the case passed.
        public var passed: Bool { self == .pass }
    }

    /// Scores a produced call (nil = no call) against `groundTruth` for `functions`.
    /// With no ground truth (irrelevance), only "no call" passes.
    public static func check(call: (name: String, arguments: JSONObject)?, groundTruth: [[String: JSONValue]],
                             functions: [BFCLFunction]) -> Verdict {
        guard !groundTruth.isEmpty else {
            return call.map { .fail("called \($0.name) where no function fits") } ?? .pass
        }
        guard let call else { return .fail("no call was made") }
        var reasons: [String] = []
        for answer in groundTruth {
            guard let expected = answer[call.name]?.objectValue else {
                reasons.append("wrong function \(call.name); expected \(answer.keys.sorted().joined(separator: "/"))")
                continue
            }
            let function = functions.first { $0.name == call.name }
            switch check(arguments: call.arguments, expected: expected, required: function?.requiredParameters ?? []) {
            case .pass: return .pass
            case .fail(let reason): reasons.append(reason)
            }
        }
        return .fail(reasons.first ?? "no answer")
    }

    /// Checks arguments against one answer's parameter table.
    static func check(arguments: JSONObject, expected: JSONObject, required: [String]) -> Verdict {
        for name in required where arguments[name] == nil {
            return .fail("required parameter '\(name)' is missing")
        }
        for (name, value) in arguments {
            guard let acceptable = expected[name]?.arrayValue else { return .fail("unexpected parameter '\(name)'") }
            guard matches(value, anyOf: acceptable) else {
                return .fail("parameter '\(name)' = \(value.jsonText) is not one of \(JSONValue.array(acceptable).jsonText)")
            }
        }
        for (name, acceptable) in expected where arguments[name] == nil {
            guard acceptable.arrayValue?.contains(.string("")) ?? false else {
                return .fail("parameter '\(name)' is missing and not optional")
            }
        }
        return .pass
    }

    /// Whether `value` matches one of the acceptable values.
    public static func matches(_ value: JSONValue, anyOf acceptable: [JSONValue]) -> Bool {
        acceptable.contains { candidate in
            if case .string("") = candidate { return false }  // "" only marks the parameter optional
            return matches(value, candidate: candidate)
        }
    }

    /// Whether `value` matches one acceptable value. An object candidate maps keys to lists of
    /// acceptable values (BFCL's nested dict answers).
    static func matches(_ value: JSONValue, candidate: JSONValue) -> Bool {
        switch (value, candidate) {
        case (.number(let a), .number(let b)):
            return a == b
        case (.string(let a), .string(let b)):
            return standardized(a) == standardized(b)
        case (.bool(let a), .bool(let b)):
            return a == b
        case (.null, .null):
            return true
        case (.array(let values), .array(let candidates)):
            return values.count == candidates.count && zip(values, candidates).allSatisfy { matches($0, candidate: $1) }
        case (.object(let object), .object(let table)):
            guard object.keys.allSatisfy({ table[$0] != nil }) else { return false }
            return table.allSatisfy { key, acceptableValue in
                let acceptable = acceptableValue.arrayValue ?? [acceptableValue]
                guard let member = object[key] else { return acceptable.contains(.string("")) }
                return matches(member, anyOf: acceptable)
            }
        default:
            return false
        }
    }

    /// BFCL's string normalisation: spaces and `,./-_*^` removed, lower-cased, `'` as `"`.
    public static func standardized(_ text: String) -> String {
        String(text.lowercased().filter { !" ,./-_*^".contains($0) }.map { $0 == "'" ? "\"" : $0 })
    }
}
