import Foundation
import LLM
import Skills

/// Routing for the 19 HomeOS skills: the learned scorer shipped in the module's resources
/// (`Resources/routing-model.json`, produced by `homeos train router` from the development splits)
/// and the four-step cascade over ``HomeOSSkillCatalog/all``.
///
/// When the step-3 model is a ``TextEmbedding`` with a bundled model for its sentence vectors
/// (`Resources/routing-model-<model id>.json`, from `homeos train router --sentence-vectors`), the
/// scorer reads each message's vector as well as its words; otherwise, or when the vector cannot
/// be had in time, it scores the words alone.
///
/// ```swift
/// let router = try HomeOSRouting.router(bridge: LLMBridge(model: engine))
/// let decision = await router.route("remind me to call mom at 5")  // tools, keyword step
/// ```
public enum HomeOSRouting {
    /// File name of the bundled words-only model inside `Resources/`.
    public static let modelFileName = "routing-model.json"

    /// File name of the bundled model that also reads sentence vectors of the model `modelID`.
    public static func vectorModelFileName(modelID: String) -> String { "routing-model-\(modelID).json" }

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

    /// The bundled model that reads the sentence vectors of the model `modelID`, or nil when none
    /// is bundled for it.
    /// - Throws: ``RoutingModelError`` when the bundled file is there but unusable.
    public static func vectorModel(modelID: String) throws(RoutingModelError) -> RoutingModel? {
        guard let url = Bundle.module.url(forResource: "Resources", withExtension: nil)?
            .appendingPathComponent(vectorModelFileName(modelID: modelID)),
            FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try model(at: url)
    }

    /// The learned scorer.
    /// - Parameters:
    ///   - model: a routing model to use instead of the bundled ones.
    ///   - embedder: the loaded model, when there is one; its sentence vectors are read if a
    ///     routing model for them is bundled (or `model` has vector weights).
    public static func scorer(model: RoutingModel? = nil, embedder: (any TextEmbedding & LanguageModel)? = nil)
        throws(RoutingModelError) -> LearnedSkillScorer {
        let wordsOnly = try Self.model()
        if let model { return LearnedSkillScorer(model: model, embedder: embedder, wordsOnly: wordsOnly) }
        if let embedder, let vectors = try vectorModel(modelID: embedder.id) {
            return LearnedSkillScorer(model: vectors, embedder: embedder, wordsOnly: wordsOnly)
        }
        return LearnedSkillScorer(model: wordsOnly)
    }

    /// The cascade over the 19 skills with the learned scorer; `bridge` runs step 3 (nil skips it)
    /// and, when its model computes sentence vectors, feeds the scorer (see ``scorer(model:embedder:)``).
    /// - Parameters:
    ///   - model: a routing model to use instead of the bundled ones.
    ///   - embedder: the model for sentence vectors when it is not `bridge`'s (or there is no bridge).
    public static func router(bridge: LLMBridge?, model: RoutingModel? = nil,
                              embedder: (any TextEmbedding & LanguageModel)? = nil) throws(RoutingModelError) -> ChatTurnRouter {
        let scorer = try scorer(model: model, embedder: embedder ?? (bridge?.model as? any TextEmbedding & LanguageModel))
        return ChatTurnRouter(skills: HomeOSSkillCatalog.all, scorer: scorer, bridge: bridge)
    }
}
