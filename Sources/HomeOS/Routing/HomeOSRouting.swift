import Foundation
import LLM
import Skills

/// Routing for the 19 HomeOS skills: the learned scorer shipped in the module's resources
/// (`Resources/routing-model.json`, produced by `homeos dev train router` from the development splits)
/// and the four-step cascade over ``HomeOSSkillCatalog/all``.
///
/// When the step-3 model is a ``TextEmbedding`` with a bundled model for its sentence vectors
/// (`Resources/routing-model-<model id>.json`, from `homeos dev train router --sentence-vectors`,
/// matched by ``EmbeddingSpace``), the scorer reads each message's vector as well as its words; otherwise, or when the vector cannot
/// be had in time, it scores the words alone.
///
/// ```swift
/// let router = try HomeOSRouting.router(bridge: LLMBridge(model: engine))
/// let decision = await router.route("remind me to call mom at 5")  // tools, keyword step
/// ```
public enum HomeOSRouting {
    /// The model id of the sentence encoder HomeOS routes with on every engine (all-MiniLM-L6-v2,
    /// installed by `make setup`): its routing model is `routing-model-all-minilm-l6-v2.json`.
    public static let sentenceEncoderModelID = "all-minilm-l6-v2"

    /// File name of the bundled words-only model inside `Resources/`.
    public static let modelFileName = "routing-model.json"

    /// File name of the bundled model that also reads sentence vectors of the model `modelID`
    /// (any `routing-model-*.json` in `Resources/` is found; the name only tells them apart).
    public static func vectorModelFileName(modelID: String) -> String { "routing-model-\(modelID).json" }

    /// Location of the bundled routing model.
    public static var bundledModelURL: URL? {
        Bundle.module.url(forResource: "Resources", withExtension: nil)?.appendingPathComponent(modelFileName)
    }

    /// The bundled routing model.
    /// - Throws: ``RoutingModelError/missing(path:)`` when the resource is absent, or
    ///   ``RoutingModelError/malformed(_:)`` / ``RoutingModelError/unsupportedVersion(found:supported:)``
    ///   when it cannot be used; either way `homeos dev train router` regenerates it.
    public static func model() throws(RoutingModelError) -> RoutingModel { try bundledWordsModel.get() }

    /// The bundled files are part of the program, so each is decoded once per process (about
    /// 400 KB of JSON each: decoding them for every assistant built kept the cooperative pool busy
    /// for seconds when many were built at once).
    private static let bundledWordsModel = Result { () throws(RoutingModelError) -> RoutingModel in
        guard let url = bundledModelURL else { throw .missing(path: "HomeOS bundle Resources/\(modelFileName)") }
        return try model(at: url)
    }
    private static let bundledVectorModels = Result { () throws(RoutingModelError) -> [RoutingModel] in
        guard let folder = Bundle.module.url(forResource: "Resources", withExtension: nil),
              let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        let prefix = modelFileName.replacingOccurrences(of: ".json", with: "-")
        var models: [RoutingModel] = []
        for file in files.sorted() where file.hasPrefix(prefix) && file.hasSuffix(".json") {
            models.append(try model(at: folder.appendingPathComponent(file)))
        }
        return models
    }

    /// The routing model at `url`.
    public static func model(at url: URL) throws(RoutingModelError) -> RoutingModel {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw .missing(path: url.path) }
        return try RoutingModel(jsonData: data)
    }

    /// The bundled models that also read sentence vectors (`Resources/routing-model-*.json`), one
    /// per embedding model they were trained with.
    /// - Throws: ``RoutingModelError`` when a bundled file is there but unusable.
    public static func vectorModels() throws(RoutingModelError) -> [RoutingModel] { try bundledVectorModels.get() }

    /// The learned scorer.
    /// - Parameters:
    ///   - model: a routing model to use instead of the bundled ones (with vector weights, the
    ///     bundled words-only model scores when its vector is unavailable).
    ///   - embedder: the loaded model, when there is one; its sentence vectors are read by the
    ///     bundled model trained on them (matched by ``EmbeddingSpace``, so another file or
    ///     quantisation of the model falls back to the words).
    public static func scorer(model: RoutingModel? = nil, embedder: (any TextEmbedding)? = nil)
        throws(RoutingModelError) -> LearnedSkillScorer {
        guard let model else {
            return LearnedSkillScorer(model: try Self.model(), vectorModels: embedder == nil ? [] : try vectorModels(), embedder: embedder)
        }
        if model.embedding != nil { return LearnedSkillScorer(model: try Self.model(), vectorModels: [model], embedder: embedder) }
        return LearnedSkillScorer(model: model)
    }

    /// The cascade over the 19 skills with the learned scorer; `bridge` runs step 3 (nil skips it)
    /// and, when its model computes sentence vectors, feeds the scorer (see ``scorer(model:embedder:)``).
    /// - Parameters:
    ///   - model: a routing model to use instead of the bundled ones.
    ///   - embedder: the model for sentence vectors when it is not `bridge`'s (or there is no bridge).
    ///   - vectorTimeout: how long scoring waits for a sentence vector before using the words
    ///     alone (nil: ``LearnedSkillScorer/embeddingTimeout``'s default).
    public static func router(bridge: LLMBridge?, model: RoutingModel? = nil, embedder: (any TextEmbedding)? = nil,
                              vectorTimeout: Duration? = nil) throws(RoutingModelError) -> ChatTurnRouter {
        var scorer = try scorer(model: model, embedder: embedder ?? (bridge?.model as? any TextEmbedding))
        if let vectorTimeout { scorer.embeddingTimeout = vectorTimeout }
        return ChatTurnRouter(skills: HomeOSSkillCatalog.all, scorer: scorer, bridge: bridge)
    }

    /// The household training messages written for the purpose
    /// (`Resources/routing-training/examples.jsonl`, provenance in its README): one row per message,
    /// labelled with its skill, or ``noSkillID`` for out-of-scope messages and greetings (those are
    /// answered by the introduction step before any scoring).
    /// - Throws: ``RoutingModelError/missing(path:)`` or ``RoutingModelError/malformed(_:)``.
    public static func trainingExamples() throws(RoutingModelError) -> [RoutingTrainingRow] {
        guard let url = Bundle.module.url(forResource: "Resources", withExtension: nil)?
            .appendingPathComponent("routing-training/examples.jsonl"),
              let data = FileManager.default.contents(atPath: url.path) else {
            throw .missing(path: "HomeOS bundle Resources/routing-training/examples.jsonl")
        }
        struct Line: Decodable {
            let text: String
            let skill: String?
        }
        let known = Set(HomeOSSkillCatalog.all.map(\.id))
        var rows: [RoutingTrainingRow] = []
        for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated()
        where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let decoded = try? JSONDecoder().decode(Line.self, from: Data(line.utf8)) else {
                throw .malformed("routing-training/examples.jsonl line \(number + 1) is not a {text, skill} object")
            }
            let label = decoded.skill.flatMap { known.contains($0) ? $0 : nil } ?? noSkillID
            rows.append(RoutingTrainingRow(text: decoded.text, label: label))
        }
        return rows
    }
}
