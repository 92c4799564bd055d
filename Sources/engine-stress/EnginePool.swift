import LlamaEngine

/// The engines under stress; replacing one drops the pool's reference while streams that hold
/// the old engine run on.
actor EnginePool {
    private let paths: [String]
    private let configuration: LlamaConfiguration
    private var engines: [LlamaEngine] = []
    nonisolated let count: Int

    init(paths: [String], configuration: LlamaConfiguration) {
        self.paths = paths
        self.configuration = configuration
        count = paths.count
    }

    func loadAll() async throws {
        engines = []
        for (index, path) in paths.enumerated() {
            engines.append(try await LlamaEngine(modelPath: path, id: "stress-\(index)", configuration: configuration))
        }
    }

    func pick(_ index: Int) -> LlamaEngine { engines[index] }

    func replace(_ index: Int) async throws {
        let fresh = try await LlamaEngine(modelPath: paths[index], id: "stress-\(index)", configuration: configuration)
        engines[index] = fresh
    }
}
