/// The order a crisis view shows the safety plan in, and where it came from.
public struct SafetyPlanRanking: Sendable, Hashable, Codable {
    /// Where an order came from.
    public enum Source: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The model proposed it and it was a valid permutation.
        case model(id: String)
        /// The driver's deterministic order, because of `reason`.
        case fallback(reason: String)

        public var description: String {
            switch self {
            case .model(let id): return "proposed by \(id)"
            case .fallback(let reason): return "the deterministic order for the primary driver (\(reason))"
            }
        }
    }

    /// The order.
    public var order: SafetyPlanOrder
    /// Where it came from.
    public var source: Source

    /// Creates a ranking.
    public init(order: SafetyPlanOrder, source: Source) {
        self.order = order
        self.source = source
    }

    /// Whether the model's order was used.
    public var isFromModel: Bool {
        if case .model = source { return true }
        return false
    }
}
