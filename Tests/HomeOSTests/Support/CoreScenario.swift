import Foundation
import HomeOS
import LLM
import Skills

/// The sample family in an in-memory store at a fixed moment, for the core skill scenarios.
struct CoreScenario {
    /// Wednesday 18 November 2026, 12:00 in Chicago (18:00 UTC).
    static let now = Date(timeIntervalSince1970: 1_795_024_800)
    static let chicago = TimeZone(identifier: "America/Chicago")!

    let storage: InMemoryStorage
    let services: HomeOSServices

    init(weather: (any WeatherProvider)? = nil) throws {
        let storage = InMemoryStorage()
        let seed = try StorageCoding.decoder().decode(FamilySeed.self, from: Data(contentsOf: RepositoryFiles.sampleFamily))
        try storage.transaction { try seed.save(in: $0) }
        self.storage = storage
        self.services = HomeOSServices(storage: storage, weather: weather, now: { CoreScenario.now })
    }

    /// A context at ``now`` in Chicago, with `model` behind the bridge (nil: no model).
    func context(_ message: String, model: (any LanguageModel)? = nil, handoff: HandoffRequest? = nil) -> SkillContext {
        SkillContext(message: message, now: Self.now, timeZone: Self.chicago, bridge: model.map { LLMBridge(model: $0) },
                     handoff: handoff, deadline: .after(.seconds(120)))  // generous: the full suite shares 2 cores
    }

    /// A scripted model whose every call fails.
    static func failingModel() -> ScriptedModel {
        let model = ScriptedModel()
        model.add(ScriptedModel.Rule(matcher: .any, reply: .failure(LLMError.generationFailed("engine crashed"))))
        return model
    }
}

extension SkillResult {
    /// The response text, or nil for other results.
    var coreText: String? {
        if case .response(let text) = self { return text }
        return nil
    }

    /// The approval request, or nil.
    var coreApproval: ApprovalRequest? {
        if case .needsApproval(let request) = self { return request }
        return nil
    }

    /// The handoff request, or nil.
    var coreHandoff: HandoffRequest? {
        if case .handoff(let request) = self { return request }
        return nil
    }
}

extension ApprovalRequest {
    /// The value of the detail labelled `label`.
    func coreDetail(_ label: String) -> String? { details.first { $0.label == label }?.value }
}
