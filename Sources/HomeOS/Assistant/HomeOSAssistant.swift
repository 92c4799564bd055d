import Foundation
import LLM
import Skills

/// Why a HomeOS assistant could not be put together.
public enum HomeOSAssistantError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The store holds no family yet (`homeos init` was never run for it).
    case noFamily(location: String)
    /// The family's time zone is not a known IANA identifier.
    case unknownTimeZone(String)

    public var description: String {
        switch self {
        case .noFamily(let location):
            return "There is no family in \(location) yet. Run `homeos init` first (for example "
                + "`homeos init --from examples/sample-family.json`)."
        case .unknownTimeZone(let identifier):
            return "The family's time zone \"\(identifier)\" is not a known time zone; fix it with `homeos init --force`."
        }
    }
}

/// The family assistant over one family store: the services, the 19 skills (with the family's
/// enabled/disabled settings applied), the routing cascade over the enabled skills, and an
/// ``Assistant`` whose approvals are kept in the store.
///
/// Because pending approvals live in the store (``StorageApprovalStore``), one process can park an
/// approval (`homeos ask`) and another can answer it (`homeos approve ID` / `homeos deny ID`).
///
/// ```swift
/// let home = try HomeOSAssistant(storage: try SQLiteStorage(directory: folder), bridge: bridge)
/// let reply = await home.assistant.handle("Book a table for 4 on Saturday at 7pm")
/// ```
public struct HomeOSAssistant: Sendable {
    /// The family's documents.
    public let storage: any StorageProvider
    /// The services the skills were built with.
    public let services: HomeOSServices
    /// The family.
    public let family: Family
    /// The family's time zone.
    public let timeZone: TimeZone
    /// The registry handed to the assistant (disabled skills stay registered but switched off).
    public let registry: SkillRegistry
    /// The router (it only knows the enabled skills).
    public let router: ChatTurnRouter
    /// The coordinator.
    public let assistant: Assistant
    /// The model, for ``warmUp()``.
    private let bridge: LLMBridge?

    /// Builds the assistant over `storage`.
    /// - Parameters:
    ///   - storage: the family's store; it must already hold a family.
    ///   - bridge: the model (nil: deterministic steps only — no model classification, extraction or generation).
    ///   - weather: a weather provider, if any.
    ///   - routingModel: a routing model to use instead of the bundled one.
    ///   - deadlines: time budgets per step.
    ///   - now: the clock.
    ///   - style: the gene-pool style of the current answer (see ``PromptGeneStore``); nil uses the fixed rules.
    ///   - tokenCounter: counts prompt tokens for the budgets (the model's `LlamaTokenizer`; default an estimate).
    ///   - sentenceEncoder: the sentence-embedding model routing reads vectors from, whatever the
    ///     engine (nil: the bridge's model when it computes vectors, else words only).
    ///   - history: the conversation so far (a server that keeps it across restarts passes it back).
    ///   - remoteFallback: the remote model the family allowed (see ``RemoteFallbackSetting``), tried
    ///     only after the on-device model's attempts fail; its answers are screened like the local
    ///     model's and the reply says it answered. Nil (the default): nothing leaves the device.
    ///   - vectorTimeout: how long routing waits for a sentence vector before scoring the words
    ///     alone (nil: ``LearnedSkillScorer/embeddingTimeout``'s default).
    /// - Throws: ``HomeOSAssistantError/noFamily(location:)`` before `homeos init`, a ``StorageError``
    ///   when the store cannot be read, a ``RoutingModelError`` when the routing model is unusable,
    ///   or a ``SkillError`` when skills cannot be registered.
    public init(storage: any StorageProvider, bridge: LLMBridge?, weather: (any WeatherProvider)? = nil,
                routingModel: RoutingModel? = nil, deadlines: StepDeadlines = StepDeadlines(),
                now: @escaping @Sendable () -> Date = Date.init, style: PromptStyle? = nil,
                tokenCounter: any PromptTokenCounting = CharacterTokenEstimate(),
                sentenceEncoder: (any TextEmbedding)? = nil, history: [ConversationTurn] = [],
                remoteFallback: RemoteFallback? = nil, vectorTimeout: Duration? = nil) throws {
        guard let family = try storage.loadIfPresent(.family) else {
            throw HomeOSAssistantError.noFamily(location: storage.location)
        }
        guard let timeZone = family.timeZone else { throw HomeOSAssistantError.unknownTimeZone(family.timeZoneIdentifier) }
        let services = HomeOSServices(storage: storage, weather: weather, now: now, style: style,
                                      tokenCounter: tokenCounter)
        var registry = try HomeOSSkillSet.registry(services: services)
        let settings = try storage.load(.skillSettings)
        settings.apply(to: &registry)
        var scorer = try HomeOSRouting.scorer(model: routingModel, embedder: sentenceEncoder ?? bridge?.model as? any TextEmbedding)
        if let vectorTimeout { scorer.embeddingTimeout = vectorTimeout }
        let routed = HomeOSSkillCatalog.all.filter { registry.isEnabled($0.id) }
        var router = ChatTurnRouter(skills: routed, scorer: scorer, bridge: bridge)
        // The family's medication names are words no training data has ("atorvastatin").
        let medicationNames = ((try? storage.load(.medications)) ?? []).map(\.name)
        router.vocabulary = RoutingVocabulary(Dictionary(medicationNames.map { ($0, "medication") }) { first, _ in first })
        let approvals = ApprovalCenter(store: StorageApprovalStore(storage: storage), now: now)
        self.storage = storage
        self.services = services
        self.family = family
        self.timeZone = timeZone
        self.registry = registry
        self.router = router
        self.bridge = bridge
        // The skills' answers reach the family: every one passes the answer screen first (the
        // assistant screened the message itself before routing).
        self.assistant = Assistant(registry: registry, router: router, bridge: bridge?.screeningAnswers, approvals: approvals,
                                   deadlines: deadlines, history: ConversationHistory(turns: history), timeZone: timeZone, now: now,
                                   grantedPermissions: settings.grantedPermissions, planExamples: HomeOSPlanExamples.all,
                                   remoteFallback: remoteFallback.map { RemoteFallback(bridge: $0.bridge.screeningAnswers,
                                                                                        destination: $0.destination,
                                                                                        askConsent: $0.askConsent) })
    }

    /// Evaluates the fixed part of the enabled skills' classification prompts ahead of time
    /// (``ModelWarmUp``, ``LLMBridge/prefillClassification(categories:maxExamplesPerCategory:)``),
    /// so an engine that keeps recent prompts (`LlamaEngine`'s parked prefixes) has them ready and
    /// the first question that needs one waits only for its own words. The engine gives way to any
    /// request that arrives meanwhile; a model that cannot prefill (a remote engine) is asked
    /// nothing; a prefill cut short only means the first such question is slower.
    public func warmUp() async {
        guard let bridge else { return }
        for categories in ModelWarmUp.sets(enabled: registry.isEnabled) {
            if Task.isCancelled { return }
            guard await bridge.prefillClassification(categories: categories) else { return }
        }
    }

    /// Approvals waiting for a decision, oldest first.
    public func pendingApprovals() async throws -> [ApprovalRequest] {
        try await assistant.approvals.pending()
    }

    /// The pending approval whose id is `id`, or nil.
    public func pendingApproval(_ id: UUID) async throws -> ApprovalRequest? {
        try await pendingApprovals().first { $0.id == id }
    }

    /// Starts an answer: synthesizes the system-prompt style from the family's gene pool into
    /// `style` and records the turn, so feedback (`homeos feedback up|down`, or the web app's
    /// thumbs) can be given on it.
    /// - Returns: the turn id.
    @discardableResult
    public func beginTurn(style: PromptStyle, now: Date = Date()) throws -> String {
        // The day, not the minute: the style opens every prompt of the turn, and a text that changes
        // every minute would leave the engine no prompt prefix to keep (the prompt's own "Now:" line
        // has the time).
        let values = ["FAMILY_NAME": Self.surname(of: family.name), "NOW": HomeOSPrompt.describeDay(now, in: timeZone),
                      "FAMILY_SUMMARY": HomeOSPrompt.summary(of: family)]
        let (turn, prompt) = try PromptGeneStore(storage: storage).beginTurn(values: values, now: now)
        style.set(text: prompt.text, turnID: turn.id)
        return turn.id
    }

    /// The name the persona's "the … family" wraps: "The Rivera family" → "Rivera" (the family's
    /// name is often written whole, and "the The Rivera family family" reads as nonsense).
    static func surname(of familyName: String) -> String {
        var name = familyName.trimmingCharacters(in: .whitespaces)
        if name.lowercased().hasPrefix("the ") { name = String(name.dropFirst(4)) }
        if name.lowercased().hasSuffix(" family") { name = String(name.dropLast(7)) }
        name = name.trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? familyName : name
    }
}
