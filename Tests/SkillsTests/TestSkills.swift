import Foundation
import LLM
import Skills

/// Small skills for exercising the framework.
struct WeatherSkill: Skill {
    struct Arguments: Codable, Sendable { var city: String?; var day: Day? }
    enum Day: String, SchemaStringEnum { case today, tomorrow }
    let id = "weather"
    let name = "Weather"
    let summary = "Tells the weather forecast for a city."
    let keywords = ["weather", "forecast", "rain"]
    let examples = ["Will it rain tomorrow?", "What's the weather in Paris?"]
    let argumentsSchema = try! JSONSchema([
        "type": "object",
        "properties": ["city": ["type": ["string", "null"]], "day": ["type": "string", "enum": ["today", "tomorrow"]]],
        "additionalProperties": false,
    ])
    func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        .response("Sunny in \(arguments.city ?? "town") \(arguments.day?.rawValue ?? "today").")
    }
}

/// The weather skill, reading "in <City> tomorrow" from the words itself.
struct WordReadingWeatherSkill: Skill {
    typealias Arguments = WeatherSkill.Arguments
    let base = WeatherSkill()
    var id: String { base.id }
    var name: String { base.name }
    var summary: String { base.summary }
    var keywords: [String] { base.keywords }
    var examples: [String] { base.examples }
    var argumentsSchema: JSONSchema { base.argumentsSchema }
    func argumentsReadFromWords(of message: String) -> Arguments? {
        let words = message.split(separator: " ").map(String.init)
        guard let index = words.firstIndex(of: "in"), index + 1 < words.count, words.last == "tomorrow" else { return nil }
        return Arguments(city: words[index + 1], day: .tomorrow)
    }
    func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        try await base.execute(arguments: arguments, context: context)
    }
}

struct BookingSkill: Skill {
    struct Arguments: Codable, Sendable { var restaurant: String; var partySize: Int }
    let id = "booking"
    let name = "Booking"
    let summary = "Books a restaurant table."
    let keywords = ["book a table", "reservation"]
    let examples = ["Book a table for 4 at Luigi's"]
    let argumentsSchema = try! JSONSchema([
        "type": "object",
        "properties": ["restaurant": ["type": "string"], "partySize": ["type": "integer", "minimum": 1]],
        "required": ["restaurant", "partySize"], "additionalProperties": false,
    ])
    let booked = BookingLog()
    func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        .needsApproval(ApprovalRequest(
            summary: "Book \(arguments.restaurant) for \(arguments.partySize)", risk: .medium,
            onApprove: "The table is booked and added to the calendar.",
            action: PendingAction(skillID: id, name: "book", payload: ["restaurant": .string(arguments.restaurant)])))
    }
    func performApproved(_ action: PendingAction, context: SkillContext) async throws -> SkillResult {
        await booked.add(action.payload["restaurant"]?.stringValue ?? "?")
        return .response("Booked.")
    }
}

actor BookingLog {
    private(set) var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
}

/// Hands off to `target` every time (to build chains and loops).
struct HandoffSkill: Skill {
    typealias Arguments = NoArguments
    let id: String
    let target: String
    /// Arguments for the target, passed with the handoff.
    var arguments: JSONValue? = nil
    var name: String { id }
    let summary = "Hands off."
    var keywords: [String] { [id] }
    let examples = ["handoff example", "another handoff example"]
    let argumentsSchema = NoArguments.schema
    func execute(arguments: NoArguments, context: SkillContext) async throws -> SkillResult {
        .handoff(HandoffRequest(targetSkillID: target, reason: "test", context: ["from": id], arguments: self.arguments))
    }
}

struct EchoSkill: Skill {
    typealias Arguments = NoArguments
    let id = "echo"
    let name = "Echo"
    let summary = "Repeats the message and any handoff context."
    let keywords = ["echo"]
    let examples = ["echo this", "say it back"]
    let argumentsSchema = NoArguments.schema
    func execute(arguments: NoArguments, context: SkillContext) async throws -> SkillResult {
        .response("echo: \(context.message) from \(context.handoff?.context["from"] ?? "-")")
    }
}

/// A fixed scorer for cascade tests.
struct FixedScorer: SkillScorer {
    let table: [String: Double]
    func scores(for message: String) -> [String: Double] { table }
}

/// Always fails, as a skill whose service is down would.
struct FailingSkill: Skill {
    typealias Arguments = NoArguments
    let id = "failing"
    let name = "Failing"
    let summary = "Never works."
    let keywords = ["fail"]
    let examples = ["make it fail", "this will fail"]
    let argumentsSchema = NoArguments.schema
    func execute(arguments: NoArguments, context: SkillContext) async throws -> SkillResult {
        .error("The service is down.")
    }
}
