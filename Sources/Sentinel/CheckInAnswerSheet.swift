import Foundation
import LLM

/// Answers prepared in advance (for scripts and tests), read from JSON.
///
/// The file is one object whose keys are item ids (`wish_dead`, `suicidal_thoughts`, `method`,
/// `intent`, `plan`, `behavior`, `behavior_past_3_months`) or item numbers (`"1"` … `"6"`,
/// `"6b"`), with `true`/`false` or `"yes"`/`"no"` values, plus an optional `"note"` string:
///
/// ```json
/// {"wish_dead": true, "suicidal_thoughts": false, "behavior": false, "note": "Rough week."}
/// ```
///
/// The answers must follow the skip logic: exactly the items the screener would ask.
public struct CheckInAnswerSheet: Sendable, Hashable {
    /// The screener answers (complete and consistent).
    public var answers: CSSRSAnswers
    /// The person's own words about how they are doing, if any.
    public var note: String?

    /// Creates a sheet after checking the answers against the skip logic.
    public init(answers: CSSRSAnswers, note: String? = nil) throws(CSSRSError) {
        try CSSRSScreener.validate(answers)
        self.answers = answers
        self.note = note
    }

    /// Parses and checks a JSON answers document.
    public init(json text: String) throws(CSSRSError) {
        let value: JSONValue
        do { value = try JSONValue(parsing: text) } catch { throw .invalidAnswerFile(error.description) }
        guard let object = value.objectValue else { throw .invalidAnswerFile("the top level is not an object") }
        var answers = CSSRSAnswers()
        var note: String?
        for (key, value) in object {
            if key == "note" {
                switch value {
                case .null: continue
                case .string(let text): note = text.isEmpty ? nil : text
                default: throw .invalidAnswerFile("\"note\" must be a string")
                }
                continue
            }
            guard let item = CSSRSItem(rawValue: key) ?? CSSRSItem.allCases.first(where: { $0.number == key }) else {
                throw .unknownItem(key, known: CSSRSItem.allCases.map(\.rawValue))
            }
            switch value {
            case .bool(let answer): answers[item] = answer
            case .string(let text):
                guard let answer = YesNoAnswer.parse(text) else { throw .notYesNo(item: key, got: "\"\(text)\"") }
                answers[item] = answer
            default:
                throw .notYesNo(item: key, got: value.jsonText)
            }
        }
        try self.init(answers: answers, note: note)
    }

    /// Reads and checks a JSON answers file.
    public static func load(path: String) throws(CSSRSError) -> CheckInAnswerSheet {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadableFile(path: path, reason: (error as NSError).localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadableFile(path: path, reason: "it is not UTF-8 text")
        }
        return try CheckInAnswerSheet(json: text)
    }
}
