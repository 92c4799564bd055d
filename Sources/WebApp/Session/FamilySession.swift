import CrisisDetection
import Foundation
import WebFoundation
import HomeOS
import LLM
import Logging
import Skills

/// The warm state of `homeos serve`: the family store, the assistant over the loaded model (built
/// once and rebuilt only when the family or the model changes), the kept conversation, and the
/// event hub the pages listen to. Routes call it; it calls the same library code as the CLI.
actor FamilySession {
    let storage: any StorageProvider
    let models: ModelManager
    let events: EventHub
    private let crisisScreen: CrisisScreen
    /// The sentence encoder routing, the crisis layer and `/v1/embeddings` read vectors from.
    let sentenceEncoder: (any TextEmbedding)?
    private let style = PromptStyle()
    private let now: @Sendable () -> Date
    private var cached: (home: HomeOSAssistant, modelGeneration: Int, familyGeneration: Int, remote: RemoteFallbackSetting?)?
    /// Makes the allowed remote model into the skills' last-resort fallback (nil: never leaves the machine).
    private let remoteFallback: (@Sendable (RemoteFallbackSetting) -> RemoteFallback?)?
    private var familyGeneration = 0
    /// The running warm-up, if any (``startWarmUp()``).
    private var warmUpTask: Task<Void, Never>?
    /// The last morning briefing written on request, for Today.
    private(set) var briefing: BriefingPayload?

    init(storage: any StorageProvider, models: ModelManager, events: EventHub, sentenceEncoder: (any TextEmbedding)?,
         remoteFallback: (@Sendable (RemoteFallbackSetting) -> RemoteFallback?)? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        self.storage = storage
        self.remoteFallback = remoteFallback
        self.models = models
        self.events = events
        self.sentenceEncoder = sentenceEncoder
        self.crisisScreen = CrisisScreen(encoder: sentenceEncoder)
        self.now = now
    }

    /// The assistant over the current model and family, built when either changed (or the family
    /// allowed or revoked the remote fallback).
    /// - Throws: ``APIError`` (503) when there is no family.
    func assistant() async throws -> HomeOSAssistant {
        let modelGeneration = await models.generation
        // Only an allowed setting matters; one that cannot be read counts as "no".
        let remote = remoteFallback == nil ? nil : ((try? storage.loadIfPresent(.remoteFallback)) ?? nil).flatMap { $0.allowed ? $0 : nil }
        if let cached, cached.modelGeneration == modelGeneration, cached.familyGeneration == familyGeneration, cached.remote == remote {
            return cached.home
        }
        let loaded = await models.current
        do {
            let history = try ConversationLog(storage: storage).history()
            let home = try HomeOSAssistant(storage: storage, bridge: loaded.map { LLMBridge(model: $0.model) }, style: style,
                                           tokenCounter: loaded?.tokenCounter ?? CharacterTokenEstimate(),
                                           sentenceEncoder: sentenceEncoder, history: history,
                                           remoteFallback: loaded == nil ? nil : remote.flatMap { remoteFallback?($0) })
            cached = (home, modelGeneration, familyGeneration, remote)
            return home
        } catch let error as HomeOSAssistantError {
            throw APIError(.serviceUnavailable, error.description)
        }
    }

    /// Has the engine prefill the skills' fixed classification prompts in the background
    /// (``HomeOSAssistant/warmUp()``), after a model switch; a newer warm-up replaces one still
    /// running. Without a family or a model it does nothing.
    func startWarmUp() {
        warmUpTask?.cancel()
        warmUpTask = Task { [weak self] in await self?.warmUp() }
    }

    /// Has the engine prefill the skills' fixed classification prompts now (the server's start,
    /// before it listens); without a family or a model it does nothing.
    func warmUp() async {
        guard let home = try? await assistant() else { return }
        await home.warmUp()
    }

    /// The family was edited: the next turn rebuilds the assistant (medication names, skill
    /// settings), and open pages reload.
    func familyChanged() {
        familyGeneration += 1
        events.publish(ServerSentEvent("family", EmptyPayload()))
    }

    /// The family, or a 503 before `homeos init`.
    func family() throws -> Family {
        guard let family = try storage.loadIfPresent(.family) else {
            throw APIError(.serviceUnavailable, "There is no family yet. Run `homeos init` (or start `homeos serve --sample`).")
        }
        return family
    }

    // MARK: Chat

    /// Answers `message` and keeps both sides in the conversation log. The crisis layer comes
    /// first, before anything that can fail; pieces of the model's answer go to `tap` as they are
    /// generated.
    /// - Returns: the assistant's entry and the approval it parked, if any.
    func chat(_ message: String, tap: TokenTap?) async throws -> (entry: ConversationLogEntry, approval: ApprovalRequest?) {
        let person = ConversationLogEntry(role: .person, text: message, date: now())
        let screenStart = ContinuousClock.now
        let assessment = await crisisScreen.assess(message)
        let screenTime = screenStart.duration(to: .now)
        if assessment.isCrisis {
            let reply = ConversationLogEntry(role: .assistant, text: CrisisResponse.text(for: assessment.category), step: "crisis",
                                             isCrisis: true, date: now())
            try? append([person, reply])  // the crisis lines are shown even when the store cannot keep them
            cached = nil  // the next turn's history includes this exchange
            return (reply, nil)
        }
        let home = try await assistant()
        let turnID = try? home.beginTurn(style: style, now: now())
        let start = ContinuousClock.now
        Logger(label: "homeos.web").debug("turn starting", metadata: [
            "crisis_screen_ms": "\(Int(screenTime.milliseconds))", "turn_setup_ms": "\(Int((screenStart.duration(to: start) - screenTime).milliseconds))"])
        let reply = await TokenTap.$current.withValue(tap) { await home.assistant.handle(message) }
        var approval: ApprovalRequest?
        if case .needsApproval(let request) = reply.result { approval = request }
        let entry = ConversationLogEntry(
            role: .assistant, text: Self.text(of: reply.result, stopped: Task.isCancelled), skillID: reply.skillID,
            step: reply.routing.step.rawValue, milliseconds: (start.duration(to: .now).milliseconds * 10).rounded() / 10,
            turnID: turnID, approvalID: approval?.id, date: now())
        try append([person, entry])
        if approval != nil { await publishApprovalCount() }
        return (entry, approval)
    }

    /// A result as the chat shows it (Markdown).
    static func text(of result: SkillResult, stopped: Bool = false) -> String {
        let text: String
        switch result {
        case .response(let answer): text = answer
        case .error(let message): text = "Sorry, that did not work: \(message)"
        case .handoff(let request): text = "This is for \(request.targetSkillID): \(request.reason)"
        case .needsApproval(let request):
            text = "**This needs your approval** (\(request.risk.rawValue) risk): \(request.summary)\n\n"
                + request.details.map { "- \($0.label): \($0.value)" }.joined(separator: "\n")
        }
        return stopped ? text + "\n\n*(stopped)*" : text
    }

    /// Appends entries to the kept conversation, dropping the oldest beyond the limit.
    func append(_ entries: [ConversationLogEntry]) throws {
        try ConversationLog(storage: storage).append(entries, now: now())
    }

    /// The kept conversation.
    func conversation() throws -> [ConversationLogEntry] { try ConversationLog(storage: storage).entries(now: now()) }

    /// Forgets the conversation (the assistant's history too).
    func clearConversation() throws {
        try ConversationLog(storage: storage).clear()
        cached = nil
    }

    /// Records thumbs up or down on the answer of gene-pool turn `turnID`, in the gene pool and on
    /// the kept entry.
    func feedback(turnID: String, positive: Bool) async throws {
        do {
            try await PromptGeneStore(storage: storage).feedback(positive: positive, turnID: turnID)
        } catch let error as PromptFeedbackError {
            throw APIError(.notFound, error.description)
        }
        try storage.update(.conversationLog) { log in
            for index in log.indices where log[index].turnID == turnID { log[index].feedback = positive }
        }
    }

    // MARK: Approvals

    /// Pending approvals, oldest first.
    func pendingApprovals() async throws -> [ApprovalRequest] {
        try await assistant().pendingApprovals()
    }

    /// Approves `id`, carries the action out, and notes the outcome in the conversation.
    func approve(_ id: UUID) async throws -> SkillResult {
        let home = try await assistant()
        guard let request = try await home.pendingApproval(id) else { throw APIError.notFound("That approval") }
        let result: SkillResult
        do {
            result = try await home.assistant.approve(id)
        } catch let error as SkillError {
            await publishApprovalCount()
            throw APIError(.conflict, error.description)
        }
        try append([ConversationLogEntry(role: .assistant, text: "Approved: \(request.summary)\n\n" + Self.text(of: result),
                                         skillID: request.action.skillID, step: "approval", date: now())])
        await publishApprovalCount()
        familyChanged()  // a booking lands on the calendar: Today reloads
        return result
    }

    /// Denies `id` and notes it in the conversation.
    func deny(_ id: UUID) async throws -> ApprovalRequest {
        let home = try await assistant()
        guard try await home.pendingApproval(id) != nil else { throw APIError.notFound("That approval") }
        let request = try await home.assistant.deny(id)
        try append([ConversationLogEntry(role: .assistant, text: "Denied: \(request.summary). \(request.onDeny)",
                                         skillID: request.action.skillID, step: "approval", date: now())])
        await publishApprovalCount()
        return request
    }

    /// Tells open pages how many approvals wait.
    func publishApprovalCount() async {
        let count = (try? await pendingApprovals().count) ?? 0
        events.publish(ServerSentEvent("approvals", ["count": count]))
    }

    // MARK: Today

    /// Writes this morning's briefing now (with the model when one is loaded).
    func writeBriefing() async throws -> BriefingPayload {
        let family = try family()
        let bridge = await models.current.map { LLMBridge(model: $0.model) }
        let written = await BriefingWriter(storage: storage, bridge: bridge)
            .write(evening: false, at: now(), timeZone: family.timeZone ?? .current)
        let payload = BriefingPayload(text: written.text, usedModel: written.usedModel, at: now())
        briefing = payload
        return payload
    }

    /// The clock.
    nonisolated var date: Date { now() }
}

/// A briefing as Today shows it.
struct BriefingPayload: Codable, Sendable {
    var text: String
    var usedModel: Bool
    var at: Date
}
