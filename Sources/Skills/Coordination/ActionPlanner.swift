import Foundation
import LLM

/// Why the model gave no usable plan.
public enum ActionPlanningError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The answer did not finish (the deadline, cancellation or the token limit cut it).
    case unfinished(FinishReason)
    /// The answer was not a valid plan.
    case invalid(ActionPlanError)
    /// The plan's reply to the person did not pass the answer screen.
    case unsafeReply(AnswerConcern)

    public var description: String {
        switch self {
        case .unfinished(let reason): return "The plan was not finished (\(reason))."
        case .invalid(let error): return error.description
        case .unsafeReply(let concern): return "The plan's reply was withheld: \(concern)."
        }
    }
}

/// Asks the model for an ``ActionPlan`` over the enabled skills: either a direct reply or up to
/// four skill calls in order, each call's arguments matching that skill's schema.
///
/// The output is constrained to ``ActionPlan/schema(for:)`` while decoding where the engine can
/// (the prompt then lists each skill in one line, not the whole schema); other engines get the
/// schema in the prompt and their answer is extracted and validated. Either way the plan is
/// validated by ``ActionPlan/parse(_:registry:)-swift.type.method`` before anything runs.
public struct ActionPlanner: Sendable {
    /// The model.
    public var bridge: LLMBridge
    /// Tokens the plan may take.
    public var maxTokens: Int
    /// Worked examples (a message and its plan), shown before the message; an example that is not
    /// a valid plan for the enabled skills (one of its skills is disabled) is left out.
    public var examples: [JSONExample]

    /// Creates a planner.
    public init(bridge: LLMBridge, maxTokens: Int = 320, examples: [JSONExample] = []) {
        self.bridge = bridge
        self.maxTokens = maxTokens
        self.examples = examples
    }

    /// The examples that are valid plans over `registry`'s enabled skills.
    func usableExamples(_ registry: SkillRegistry) -> [JSONExample] {
        examples.filter { (try? ActionPlan.parse($0.output, registry: registry)) != nil }
    }

    /// The system prompt: what a plan is, the enabled skills one per line with their arguments, and today's date.
    static func instructions(registry: SkillRegistry, today: String) -> String {
        let skills = registry.enabledDescriptors.map { "- \($0.id): \($0.summary)" + SkillRegistry.argumentSummary($0) }
        return """
            You plan what a family assistant does with a message. Today is \(today).
            If the message needs no action, reply {"respond": "<short answer>"}.
            Otherwise reply {"calls": [...]} with one call per request in the message, in the order they should happen \
            (at most 4), each {"skill": "<id>", "arguments": {...}}. Use only what the message says; leave out what it does not say.
            Skills:
            """ + "\n" + skills.joined(separator: "\n")
    }

    /// Asks for a plan for `message`.
    /// - Parameters:
    ///   - registry: the skills (only enabled ones may be planned).
    ///   - today: the date to state in the prompt (for relative dates in arguments).
    ///   - deadline: when the plan must be ready.
    /// - Throws: ``ActionPlanningError`` for an unfinished, invalid or unsafe plan; the model's own
    ///   errors; ``DeadlineExceeded``.
    public func plan(for message: String, registry: SkillRegistry, today: String, deadline: Deadline) async throws -> ActionPlan {
        let schema = try ActionPlan.schema(for: registry.enabledDescriptors)
        let system = Self.instructions(registry: registry, today: today)
        let shown = usableExamples(registry).map { JSONExample(input: "Message: \($0.input)", output: $0.output) }
        let text: String
        if bridge.model.supportsConstrainedDecoding {
            let worked = shown.flatMap { [ChatMessage.user($0.input), .assistant($0.output.jsonText)] }
            let request = GenerationRequest(messages: [.system(system)] + worked + [.user("Message: \(message)")],
                                            options: GenerationOptions(maxTokens: maxTokens), constraint: .jsonSchema(schema),
                                            deadline: deadline)
            let result = try await bridge.model.respond(to: request)
            guard result.finishReason == .endOfGeneration || result.finishReason.isStopSequence else {
                throw ActionPlanningError.unfinished(result.finishReason)
            }
            text = result.text
        } else {
            text = try await bridge.generateJSONReport(prompt: "Message: \(message)", schema: schema, system: system,
                                                       examples: shown, maxTokens: maxTokens, deadline: deadline).value.jsonText
        }
        let plan: ActionPlan
        do { plan = try ActionPlan.parse(text, registry: registry) } catch { throw ActionPlanningError.invalid(error) }
        // A reply written inside JSON passes the streaming answer screen unread: read it here.
        if case .respond(let reply) = plan, let concern = AnswerScreen().concern(in: reply) {
            throw ActionPlanningError.unsafeReply(concern)
        }
        return plan
    }
}

extension FinishReason {
    /// Whether generation ended on a stop sequence.
    var isStopSequence: Bool { if case .stopSequence = self { return true } else { return false } }
}
