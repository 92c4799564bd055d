import Foundation
import LLM
import Logging

/// Time budgets for each model step of a turn.
public struct StepDeadlines: Sendable, Hashable {
    /// Routing (including the model classification step).
    public var routing: Duration
    /// Argument extraction.
    public var arguments: Duration
    /// The skill itself.
    public var execution: Duration
    /// The response step of a skill that declares `rewritesResponse`.
    public var response: Duration

    /// Creates budgets; the defaults follow the seed's interactive targets.
    public init(routing: Duration = ModelBudget.interactiveClassification, arguments: Duration = ModelBudget.argumentExtraction,
                execution: Duration = ModelBudget.skillExecution, response: Duration = .seconds(5)) {
        self.routing = routing
        self.arguments = arguments
        self.execution = execution
        self.response = response
    }
}

/// The result of one turn.
public struct AssistantReply: Sendable {
    /// How the message was routed.
    public var routing: RoutingDecision
    /// The skill that produced the result (after handoffs), nil for the fallback.
    public var skillID: String?
    /// What came out.
    public var result: SkillResult
    /// Skills visited through handoffs, in order.
    public var handoffChain: [String]
    /// Total time.
    public var duration: Duration
}

/// Ties the pieces together: message in → route → extract arguments → execute → follow
/// handoffs → park approvals → reply out, with a deadline per step and a deterministic fallback
/// when a model step fails.
public actor Assistant {
    /// The skills.
    public private(set) var registry: SkillRegistry
    private let router: ChatTurnRouter
    private let bridge: LLMBridge?
    /// Pending approvals and decisions.
    public let approvals: ApprovalCenter
    private let deadlines: StepDeadlines
    private var history: ConversationHistory
    private let now: @Sendable () -> Date
    private let timeZone: TimeZone
    /// The reply when no skill fits.
    public let fallbackReply: String
    /// Screens every message before routing (nil turns the screen off; tests of routing only).
    private let safety: SafetyScreen?
    /// What the family allows skills to do; a skill that needs more is refused before it runs.
    public let grantedPermissions: Set<SkillPermission>
    /// Most handoffs followed in one turn.
    public static let maximumHandoffs = 3

    /// Creates an assistant.
    public init(registry: SkillRegistry, router: ChatTurnRouter, bridge: LLMBridge?, approvals: ApprovalCenter = ApprovalCenter(),
                deadlines: StepDeadlines = StepDeadlines(), history: ConversationHistory = ConversationHistory(),
                timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = Date.init,
                fallbackReply: String = "I'm not sure how to help with that. Could you say it another way? "
                    + "(Ask \"what can you do?\" to see what I can help with.)",
                safety: SafetyScreen? = SafetyScreen(), grantedPermissions: Set<SkillPermission> = Set(SkillPermission.allCases)) {
        self.safety = safety
        self.grantedPermissions = grantedPermissions
        self.registry = registry
        self.router = router
        self.bridge = bridge
        self.approvals = approvals
        self.deadlines = deadlines
        self.history = history
        self.now = now
        self.timeZone = timeZone
        self.fallbackReply = fallbackReply
    }

    /// The conversation so far.
    public var conversation: ConversationHistory { history }

    /// Handles one message.
    ///
    /// The safety screen comes first: an emergency gets crisis resources and a harmful request a
    /// refusal, without routing or any model call. An attempt to override the instructions is
    /// routed as usual (skills' approvals are code, not prompt, so they still apply) and gets the
    /// fixed refusal only when no skill takes it.
    public func handle(_ message: String) async -> AssistantReply {
        let start = ContinuousClock.now
        let verdict = safety?.screen(message) ?? .safe
        if verdict != .promptInjection, let fixed = SafetyAwareModel.fixedReply(for: verdict) {
            let decision = RoutingDecision(skillID: nil, step: .safety, score: 1, duration: start.duration(to: .now))
            return record(message, reply: AssistantReply(routing: decision, skillID: nil, result: .response(fixed),
                                                          handoffChain: [], duration: start.duration(to: .now)))
        }
        if verdict == .safe, Introduction.isOpener(message) {
            let decision = RoutingDecision(skillID: nil, step: .introduction, score: 1, duration: start.duration(to: .now))
            let text = Introduction(skills: registry.enabledDescriptors).reply()
            return record(message, reply: AssistantReply(routing: decision, skillID: nil, result: .response(text),
                                                          handoffChain: [], duration: start.duration(to: .now)))
        }
        let recent = history.turns.suffix(6).map { $0 }
        // Routing and argument extraction are not the answer: a streaming caller's tap sees only the skill's own output.
        let routing = await TokenTap.$current.withValue(nil) { await router.route(message, history: Array(recent)) }
        var chain: [String] = []
        var result: SkillResult
        var skillID = routing.skillID
        if let id = routing.skillID {
            var handoff: HandoffRequest?
            var current = id
            while true {
                chain.append(current)
                result = await run(skillID: current, message: message, handoff: handoff)
                guard case .handoff(let request) = result else { break }
                if chain.contains(request.targetSkillID) || chain.count > Self.maximumHandoffs {
                    result = .error(SkillError.handoffLoop(chain: chain + [request.targetSkillID]).description)
                    break
                }
                guard registry.isEnabled(request.targetSkillID) else {
                    result = .error(SkillError.unknownSkill(request.targetSkillID).description)
                    break
                }
                handoff = request
                current = request.targetSkillID
            }
            skillID = chain.last
        } else {
            result = .response(verdict == .promptInjection ? SafetyResponses.injection : fallbackReply)
        }
        if case .needsApproval(let request) = result {
            do { try await approvals.submit(request) } catch { result = .error("The approval could not be saved: \(error)") }
        }
        // A skill that declares `rewritesResponse` hands its facts to the response step.
        if case .response(let text) = result, let id = skillID, let bridge,
           (try? registry.skill(id).descriptor.rewritesResponse) == true {
            result = .response(await ResponseStep(bridge: bridge, budget: deadlines.response).rewrite(text, for: message))
        }
        return record(message, reply: AssistantReply(routing: routing, skillID: skillID, result: result, handoffChain: chain,
                                                      duration: start.duration(to: .now)))
    }

    /// Adds the turn to the conversation, logs it (the skill, step, result kind and time; never
    /// the words) and returns the reply.
    private func record(_ message: String, reply: AssistantReply) -> AssistantReply {
        let kind: String
        switch reply.result {
        case .response: kind = "response"
        case .needsApproval: kind = "approval"
        case .handoff: kind = "handoff"
        case .error: kind = "error"
        }
        Logger(label: "homeos.skills").info("turn answered", metadata: [
            "skill": "\(reply.skillID ?? "none")", "step": "\(reply.routing.step.rawValue)", "result": "\(kind)",
            "handoffs": "\(max(0, reply.handoffChain.count - 1))", "ms": "\(Int(reply.duration.milliseconds))"])
        history.append(ConversationTurn(speaker: .person, text: message, date: now()))
        history.append(ConversationTurn(speaker: .assistant, text: Self.text(of: reply.result), skillID: reply.skillID, date: now()))
        return reply
    }

    /// Approves a pending request and runs its action (refused, and left pending, when its skill
    /// needs a permission the family has since withdrawn).
    public func approve(_ id: UUID) async throws -> SkillResult {
        if let request = try await approvals.pending().first(where: { $0.id == id }) {
            try checkPermissions(of: try registry.skill(request.action.skillID).descriptor)
        }
        return try await approvals.approve(id, registry: registry, context: context(for: "", handoff: nil))
    }

    /// Throws ``SkillError/permissionDenied(skillName:missing:)`` when `skill` needs a permission
    /// the family has not allowed.
    func checkPermissions(of skill: SkillDescriptor) throws(SkillError) {
        let missing = skill.permissions.subtracting(grantedPermissions)
        guard missing.isEmpty else {
            throw .permissionDenied(skillName: skill.name, missing: missing.sorted { $0.rawValue < $1.rawValue })
        }
    }

    /// Denies a pending request.
    public func deny(_ id: UUID) async throws -> ApprovalRequest { try await approvals.deny(id) }

    private func context(for message: String, handoff: HandoffRequest?) -> SkillContext {
        SkillContext(message: message, history: history.turns, now: now(), timeZone: timeZone, bridge: bridge,
                     handoff: handoff, deadline: .after(deadlines.execution))
    }

    /// Extracts arguments (when the skill takes any) and runs the skill.
    private func run(skillID: String, message: String, handoff: HandoffRequest?) async -> SkillResult {
        let skill: AnySkill
        do {
            skill = try registry.skill(skillID)
            try checkPermissions(of: skill.descriptor)
        } catch let error as SkillError {
            return .error(error.description)
        } catch {
            return .error("\(error)")
        }
        var arguments: JSONValue = [:]
        if let given = handoff?.arguments, (try? skill.descriptor.argumentsSchema.validate(given))?.isEmpty == true {
            // The handing-off skill said what it needs: no extraction from a message written for another skill.
            arguments = given
        } else if skill.descriptor.takesArguments {
            if let extracted = await TokenTap.$current.withValue(nil, operation: { await extractArguments(for: skill.descriptor, message: message) }) {
                arguments = extracted
            } else if let missing = Self.missingRequired(skill.descriptor.argumentsSchema, in: arguments), !missing.isEmpty {
                return .response("I need a bit more detail to help with that: " + missing.joined(separator: ", ") + ".")
            }
        }
        do {
            return try await skill.execute(arguments: arguments, context: context(for: message, handoff: handoff))
        } catch let error as SkillError {
            return .error(error.description)
        } catch {
            return .error("\(skill.descriptor.name) could not finish: \(error)")
        }
    }

    /// Asks the model for the skill's arguments; nil when there is no model or it failed in time.
    private func extractArguments(for skill: SkillDescriptor, message: String) async -> JSONValue? {
        guard let bridge else { return nil }
        let today = ISO8601DateFormatter.string(from: now(), timeZone: timeZone, formatOptions: [.withFullDate])
        let prompt = "Message: \(message)"
        let system = "Extract the arguments for the \(skill.name) skill (\(skill.summary)). Today is \(today). "
            + "Use null or leave out what the message does not say."
        let budget = deadlines.arguments
        return try? await withDeadline(budget) {
            try await bridge.generateJSONReport(prompt: prompt, schema: skill.argumentsSchema, system: system,
                                                maxTokens: 160, deadline: .after(budget)).value
        }
    }

    static func missingRequired(_ schema: JSONSchema, in arguments: JSONValue) -> [String]? {
        let required = schema.root["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        return required.filter { arguments[$0] == nil }
    }

    /// What a result says, as one line of text (an approval as "Needs approval: …", a handoff by
    /// its target), for the conversation and logs of the turn.
    public static func text(of result: SkillResult) -> String {
        switch result {
        case .response(let text): return text
        case .needsApproval(let request): return "Needs approval: \(request.summary)"
        case .handoff(let request): return "Handing off to \(request.targetSkillID)"
        case .error(let message): return message
        }
    }
}
