import Foundation
import LLM

/// A Berkeley Function Calling Leaderboard (v4) category (the `bfcl` corpus that `make setup` installs).
public enum BFCLCategory: String, Sendable, Hashable, CaseIterable {
    /// One Python function; the request calls it once (400 cases).
    case simplePython = "simple_python"
    /// Two to four functions; the request calls one of them (200 cases).
    case multiple
    /// Functions that do not fit the request; the right answer is no call (240 cases).
    case irrelevance

    /// FunctionGemma 270M's published AST accuracy on the category (percent), for comparison.
    public var functionGemmaReference: Double {
        switch self {
        case .simplePython: return 61.6
        case .multiple: return 63.5
        case .irrelevance: return 73.7
        }
    }

    /// Whether the category has ground-truth calls (irrelevance passes when no call is made).
    public var hasAnswers: Bool { self != .irrelevance }
}

/// A function offered to the model in a BFCL case.
public struct BFCLFunction: Sendable, Hashable {
    /// Name, possibly dotted (`math.factorial`).
    public var name: String
    /// What it does.
    public var description: String
    /// The BFCL parameter spec (`{"type": "dict", "properties": …, "required": […]}`).
    public var parameters: JSONValue

    /// Creates a function.
    public init(name: String, description: String, parameters: JSONValue) {
        self.name = name
        self.description = description
        self.parameters = parameters
    }

    /// Names of the required parameters.
    public var requiredParameters: [String] { parameters["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
    /// Names of all parameters.
    public var parameterNames: [String] { parameters["properties"]?.objectValue?.keys ?? [] }
}

/// One BFCL case: the user's request, the offered functions, and the acceptable calls.
public struct BFCLCase: Sendable, Hashable {
    /// Case id (`simple_python_0`).
    public var id: String
    /// The user's request (the user turns of the first conversation, joined).
    public var question: String
    /// The functions offered.
    public var functions: [BFCLFunction]
    /// Acceptable calls: function name → parameter → acceptable values (`""` = may be omitted).
    /// Empty for irrelevance, where the right answer is no call.
    public var groundTruth: [[String: JSONValue]]

    /// Creates a case.
    public init(id: String, question: String, functions: [BFCLFunction], groundTruth: [[String: JSONValue]]) {
        self.id = id
        self.question = question
        self.functions = functions
        self.groundTruth = groundTruth
    }
}

extension EvaluationData {
    /// Loads a BFCL category with its possible answers (JSON Lines despite the `.json` name).
    /// - Throws: ``RoutingDataError`` when a file is missing or a line is not a BFCL case.
    public func bfcl(_ category: BFCLCategory) throws(RoutingDataError) -> [BFCLCase] {
        let folder = try requireForReading(.bfcl)
        let questions = try Self.jsonLines(folder.appendingPathComponent("BFCL_v4_\(category.rawValue).json"))
        var answers: [String: [[String: JSONValue]]] = [:]
        if category.hasAnswers {
            let answerURL = folder.appendingPathComponent("possible_answer/BFCL_v4_\(category.rawValue).json")
            for line in try Self.jsonLines(answerURL) {
                guard let id = line["id"]?.stringValue, let truth = line["ground_truth"]?.arrayValue else {
                    throw .malformed(file: answerURL.path, detail: "an answer line lacks id or ground_truth")
                }
                answers[id] = truth.compactMap { $0.objectValue.map { object in Dictionary(object.map { ($0.key, $0.value) }) { first, _ in first } } }
            }
        }
        return try questions.map { line throws(RoutingDataError) in
            guard let id = line["id"]?.stringValue, let turns = line["question"]?.arrayValue?.first?.arrayValue,
                  let functions = line["function"]?.arrayValue else {
                throw .malformed(file: "BFCL_v4_\(category.rawValue).json", detail: "a line lacks id, question or function")
            }
            let question = turns.filter { $0["role"]?.stringValue == "user" }.compactMap { $0["content"]?.stringValue }
                .joined(separator: "\n")
            let offered = functions.compactMap { f -> BFCLFunction? in
                guard let name = f["name"]?.stringValue, let parameters = f["parameters"] else { return nil }
                return BFCLFunction(name: name, description: f["description"]?.stringValue ?? "", parameters: parameters)
            }
            if category.hasAnswers && answers[id] == nil {
                throw .malformed(file: "possible_answer/BFCL_v4_\(category.rawValue).json", detail: "no answer for \(id)")
            }
            return BFCLCase(id: id, question: question, functions: offered, groundTruth: answers[id] ?? [])
        }
    }

    /// Every line of the JSON Lines file at `url` (blank lines skipped), for the readers of this module.
    static func jsonLines(_ url: URL) throws(RoutingDataError) -> [JSONValue] {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch { throw .unreadable(path: url.path, detail: "\(error)") }
        var values: [JSONValue] = []
        for (number, line) in text.split(whereSeparator: \.isNewline).enumerated() {
            do { values.append(try JSONValue(parsing: String(line))) } catch {
                throw .malformed(file: url.path, detail: "line \(number + 1) is not JSON: \(error)")
            }
        }
        return values
    }
}
