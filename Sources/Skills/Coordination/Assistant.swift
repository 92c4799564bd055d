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
    /// The executed plan, when the turn was planned (``Assistant/handlePlanned(_:budget:)``) into skill calls.
    public var plan: PlanRun?
    /// Where the plan came from, for a planned turn (nil for ``Assistant/handle(_:)``).
    public var planSource: PlanSource?

    /// Creates a reply.
    public init(routing: RoutingDecision, skillID: String?, result: SkillResult, handoffChain: [String], duration: Duration,
                plan: PlanRun? = nil, planSource: PlanSource? = nil) {
        self.routing = routing
        self.skillID = skillID
        self.result = result
        self.handoffChain = handoffChain
        self.duration = duration
        self.plan = plan
        self.planSource = planSource
    }
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
    /// Worked examples for the planner of ``handlePlanned(_:budget:)`` (a message and its plan over this app's skills).
    public let planExamples: [JSONExample]
    /// The family's opt-in remote model (nil: nothing leaves the device); skills' model calls try it
    /// only after the on-device attempts fail, and a reply it answered says so.
    public let remoteFallback: RemoteFallback?

    /// Creates an assistant.
    public init(registry: SkillRegistry, router: ChatTurnRouter, bridge: LLMBridge?, approvals: ApprovalCenter = ApprovalCenter(),
                deadlines: StepDeadlines = StepDeadlines(), history: ConversationHistory = ConversationHistory(),
                timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = Date.init,
                fallbackReply: String = "I'm not sure how to help with that. Could you say it another way? "
                    + "(Ask \"what can you do?\" to see what I can help with.)",
                safety: SafetyScreen? = SafetyScreen(), grantedPermissions: Set<SkillPermission> = Set(SkillPermission.allCases),
                planExamples: [JSONExample] = [], remoteFallback: RemoteFallback? = nil) {
        self.remoteFallback = remoteFallback
        self.safety = safety
        self.planExamples = planExamples
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
        return await route(message, verdict: verdict, start: start)
    }

    /// Routes `message` to one skill and runs it (the part of ``handle(_:)`` after the screens).
    private func route(_ message: String, verdict: SafetyVerdict, start: ContinuousClock.Instant) async -> AssistantReply {
        let recent = history.turns.suffix(6).map { $0 }
        // Routing and argument extraction are not the answer: a streaming caller's tap sees only the skill's own output.
        let routing = await TokenTap.$current.withValue(nil) { await router.route(message, history: Array(recent)) }
        var chain: [String] = []
        var result: SkillResult
        var skillID = routing.skillID
        if let id = routing.skillID {
            (result, chain) = await runFollowingHandoffs(from: id, message: message, arguments: nil)
            skillID = chain.last
        } else {
            result = .response(verdict == .promptInjection ? SafetyResponses.injection : fallbackReply)
        }
        result = await parkIfNeeded(result)
        // A skill that declares `rewritesResponse` hands its facts to the response step.
        if case .response(let text) = result, let id = skillID, let bridge,
           (try? registry.skill(id).descriptor.rewritesResponse) == true {
            result = .response(await ResponseStep(bridge: bridge, budget: deadlines.response).rewrite(text, for: message))
        }
        return record(message, reply: AssistantReply(routing: routing, skillID: skillID, result: result, handoffChain: chain,
                                                      duration: start.duration(to: .now)))
    }

    /// Runs `skillID` and the skills it hands off to, up to ``maximumHandoffs``.
    /// - Parameter arguments: the arguments to run the first skill with (a plan's call); nil
    ///   extracts them from the message.
    /// - Returns: the last skill's result and the chain of skills visited.
    private func runFollowingHandoffs(from skillID: String, message: String, arguments: JSONValue?) async -> (SkillResult, [String]) {
        let record = RemoteAnswerRecord()
        let (result, chain) = await RemoteAnswerRecord.$current.withValue(record) {
            await runChain(from: skillID, message: message, arguments: arguments)
        }
        // A response the remote model wrote (part of) says so.
        guard case .response(let text) = result, let disclosure = record.disclosure else { return (result, chain) }
        return (.response(text + "\n\n" + disclosure), chain)
    }

    private func runChain(from skillID: String, message: String, arguments: JSONValue?) async -> (SkillResult, [String]) {
        var chain: [String] = []
        var handoff: HandoffRequest?
        var current = skillID
        var given = arguments
        while true {
            chain.append(current)
            let result = await run(skillID: current, message: message, handoff: handoff, arguments: given)
            guard case .handoff(let request) = result else { return (result, chain) }
            if chain.contains(request.targetSkillID) || chain.count > Self.maximumHandoffs {
                return (.error(SkillError.handoffLoop(chain: chain + [request.targetSkillID]).description), chain)
            }
            guard registry.isEnabled(request.targetSkillID) else {
                return (.error(SkillError.unknownSkill(request.targetSkillID).description), chain)
            }
            handoff = request
            given = nil
            current = request.targetSkillID
        }
    }

    /// Parks an approval request in the approval center; a request that cannot be saved becomes an error.
    private func parkIfNeeded(_ result: SkillResult) async -> SkillResult {
        guard case .needsApproval(let request) = result else { return result }
        do { try await approvals.submit(request) } catch { return .error("The approval could not be saved: \(error)") }
        return result
    }

    /// Handles a message that may ask for several things at once: the model plans the skill calls
    /// (see ``ActionPlanner``) and ``execute(_:message:)`` runs them in order.
    ///
    /// The safety screen and the introduction come first, as in ``handle(_:)``. Without a model, or
    /// when the model gives no usable plan in time, the message is handled as one request by
    /// ``handle(_:)``'s routing; ``AssistantReply/planSource`` says which happened.
    /// - Parameter budget: the time the model may take to write the plan.
    public func handlePlanned(_ message: String, budget: Duration = .seconds(30)) async -> AssistantReply {
        let start = ContinuousClock.now
        let verdict = safety?.screen(message) ?? .safe
        guard verdict == .safe, !Introduction.isOpener(message), let bridge else {
            var reply = await handle(message)
            reply.planSource = .singleSkillFallback
            return reply
        }
        let today = ISO8601DateFormatter.string(from: now(), timeZone: timeZone, formatOptions: [.withFullDate])
        let registry = self.registry
        let examples = planExamples
        let plan: ActionPlan
        do {
            plan = try await TokenTap.$current.withValue(nil) {
                try await withDeadline(budget) {
                    try await ActionPlanner(bridge: bridge, examples: examples).plan(for: message, registry: registry, today: today,
                                                                                     deadline: .after(budget))
                }
            }
        } catch {
            Logger(label: "homeos.skills").notice("no usable plan; routing to one skill", metadata: [
                "error": "\(error is DeadlineExceeded ? "deadline" : String(describing: type(of: error)))"])
            var reply = await route(message, verdict: verdict, start: start)
            reply.planSource = .singleSkillFallback
            return reply
        }
        let decision = RoutingDecision(skillID: nil, step: .plan, score: 1, duration: start.duration(to: .now))
        switch plan {
        case .respond(let text):
            var reply = AssistantReply(routing: decision, skillID: nil, result: .response(text), handoffChain: [],
                                       duration: start.duration(to: .now))
            reply.planSource = .model
            return record(message, reply: reply)
        case .callSkills(let calls):
            let run = await execute(calls, message: message)
            var reply = AssistantReply(routing: decision, skillID: calls.last?.skillID, result: .response(run.summary),
                                       handoffChain: calls.map(\.skillID), duration: start.duration(to: .now))
            reply.plan = run
            reply.planSource = .model
            return record(message, reply: reply)
        }
    }

    /// Executes a plan's calls in order through the skills, with their planned arguments: a risky
    /// step parks for approval and the plan goes on; the first step that fails (the skill's error,
    /// a missing permission, a disabled skill, arguments that do not match, an approval that cannot
    /// be saved) stops the plan, and the steps after it are not run.
    public func execute(_ calls: [SkillCall], message: String) async -> PlanRun {
        var steps: [PlanStep] = []
        var stopped = false
        for call in calls {
            let name = (try? registry.skill(call.skillID).descriptor.name) ?? call.skillID
            guard !stopped else {
                steps.append(PlanStep(call: call, skillName: name, outcome: .notRun))
                continue
            }
            let (result, _) = await runFollowingHandoffs(from: call.skillID, message: message, arguments: call.arguments)
            let outcome: PlanStepOutcome
            switch await parkIfNeeded(result) {
            case .response(let text): outcome = .done(text)
            case .needsApproval(let request): outcome = .awaitingApproval(request)
            case .error(let reason): outcome = .failed(reason)
            case .handoff(let request): outcome = .failed("It handed off to \(request.targetSkillID) without an answer.")
            }
            if case .failed = outcome { stopped = true }
            steps.append(PlanStep(call: call, skillName: name, outcome: outcome))
        }
        let run = PlanRun(steps: steps)
        Logger(label: "homeos.skills").info("plan executed", metadata: [
            "steps": "\(steps.count)", "approvals": "\(run.parkedApprovals.count)", "stopped": "\(run.stoppedEarly)"])
        return run
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
            "handoffs": "\(max(0, reply.handoffChain.count - 1))", "ms": "\(Int(reply.duration.milliseconds))",
            "routing_ms": "\(Int(reply.routing.duration.milliseconds))"])
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
                     handoff: handoff, deadline: .after(deadlines.execution), remoteFallback: remoteFallback)
    }

    /// Extracts arguments (when the skill takes any) and runs the skill.
    /// - Parameter given: arguments to use as they are (a plan's call), validated against the schema.
    private func run(skillID: String, message: String, handoff: HandoffRequest?, arguments given: JSONValue? = nil) async -> SkillResult {
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
        if let given {
            // A plan's call: its arguments were validated against the schema when the plan was parsed; check again
            // (a library caller may build calls by hand) and never extract them from a message that asked for several things.
            let problems: [String]
            do { problems = try skill.descriptor.argumentsSchema.validate(given).map(\.description) } catch {
                problems = ["the skill's schema is unusable: \(error)"]
            }
            guard problems.isEmpty else { return .error(ActionPlanError.invalidArguments(skillID: skillID, problems: problems).description) }
            arguments = given
        } else if let given = handoff?.arguments, (try? skill.descriptor.argumentsSchema.validate(given))?.isEmpty == true {
            // The handing-off skill said what it needs: no extraction from a message written for another skill.
            arguments = given
        } else if let read = skill.argumentsReadFromWords(of: message) {
            // The message's words settle the arguments: no model call before the answer.
            arguments = read
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
