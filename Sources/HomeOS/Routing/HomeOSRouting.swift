import Foundation
import LLM
import Skills

/// Routing for the 19 HomeOS skills: the learned scorer shipped in the module's resources
/// (`Resources/routing-model.json`, produced by `homeos train router` from the development splits)
/// and the four-step cascade over ``HomeOSSkillCatalog/all``.
///
/// ```swift
/// let router = try HomeOSRouting.router(bridge: LLMBridge(model: engine))
/// let decision = await router.route("remind me to call mom at 5")  // tools, keyword step
/// ```
public enum HomeOSRouting {
    /// File name of the bundled model inside `Resources/`.
    public static let modelFileName = "routing-model.json"

    /// Location of the bundled routing model.
    public static var bundledModelURL: URL? {
        Bundle.module.url(forResource: "Resources", withExtension: nil)?.appendingPathComponent(modelFileName)
    }

    /// The bundled routing model.
    /// - Throws: ``RoutingModelError/missing(path:)`` when the resource is absent, or
    ///   ``RoutingModelError/malformed(_:)`` / ``RoutingModelError/unsupportedVersion(found:supported:)``
    ///   when it cannot be used; either way `homeos train router` regenerates it.
    public static func model() throws(RoutingModelError) -> RoutingModel {
        guard let url = bundledModelURL else { throw .missing(path: "HomeOS bundle Resources/\(modelFileName)") }
        return try model(at: url)
    }

    /// The routing model at `url`.
    public static func model(at url: URL) throws(RoutingModelError) -> RoutingModel {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw .missing(path: url.path) }
        return try RoutingModel(jsonData: data)
    }

    /// The learned scorer over the bundled model.
    public static func scorer() throws(RoutingModelError) -> LearnedSkillScorer {
        LearnedSkillScorer(model: try model())
    }

    /// The cascade over the 19 skills with the learned scorer; `bridge` runs step 3 (nil skips it).
    /// - Parameter model: a routing model to use instead of the bundled one.
    public static func router(bridge: LLMBridge?, model: RoutingModel? = nil) throws(RoutingModelError) -> ChatTurnRouter {
        let routingModel: RoutingModel
        if let model { routingModel = model } else { routingModel = try Self.model() }
        return ChatTurnRouter(skills: HomeOSSkillCatalog.all, scorer: LearnedSkillScorer(model: routingModel), bridge: bridge)
    }
}
