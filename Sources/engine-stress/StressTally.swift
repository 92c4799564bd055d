/// Counts per operation, and the unexpected errors.
actor StressTally {
    private var counts: [StressOperation: (runs: Int, completed: Int, cutShort: Int, unexpected: Int)] = [:]
    private var errors: [String] = []

    func record(_ operation: StressOperation, _ outcome: StressOutcome) {
        var entry = counts[operation] ?? (0, 0, 0, 0)
        entry.runs += 1
        switch outcome {
        case .completed: entry.completed += 1
        case .cutShort: entry.cutShort += 1
        case .unexpected(let description):
            entry.unexpected += 1
            errors.append(description)
        }
        counts[operation] = entry
    }

    func report() -> (rows: [[String]], errors: [String]) {
        let rows = StressOperation.allCases.compactMap { operation -> [String]? in
            guard let entry = counts[operation] else { return nil }
            return [operation.rawValue, "\(entry.runs)", "\(entry.completed)", "\(entry.cutShort)", "\(entry.unexpected)"]
        }
        return (rows, errors)
    }
}
