import Foundation

/// One wellness measurement: glasses of water, steps or hours of sleep on a local day.
///
/// Stored as a list, oldest first, at ``StorageDocument/wellnessLog`` (`data/wellness/log.json`).
public struct WellnessEntry: Codable, Sendable, Hashable, Identifiable {
    /// What was measured.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        /// Glasses of water.
        case water
        /// Steps walked.
        case steps
        /// Hours slept (the night ending on ``WellnessEntry/day``).
        case sleep

        /// The unit amounts are counted in.
        public var unit: String {
            switch self {
            case .water: "glasses"
            case .steps: "steps"
            case .sleep: "hours"
            }
        }

        /// A gentle daily goal, used for nudges.
        public var dailyGoal: Double {
            switch self {
            case .water: 8
            case .steps: 8000
            case .sleep: 7
            }
        }
    }

    /// Identifier.
    public var id: UUID
    /// The member it is about (nil: whoever spoke, when unknown).
    public var memberID: String?
    /// What was measured.
    public var kind: Kind
    /// How much, in ``Kind/unit``.
    public var amount: Double
    /// The local day, `yyyy-MM-dd`.
    public var day: String
    /// When it was logged.
    public var loggedAt: Date

    /// Creates an entry.
    public init(id: UUID = UUID(), memberID: String? = nil, kind: Kind, amount: Double, day: String, loggedAt: Date = Date()) {
        self.id = id
        self.memberID = memberID
        self.kind = kind
        self.amount = amount
        self.day = day
        self.loggedAt = loggedAt
    }
}

extension StorageDocument where Value == [WellnessEntry] {
    /// `data/wellness/log.json`: water, steps and sleep, oldest first.
    public static var wellnessLog: Self { Self(path: "data/wellness/log.json", emptyValue: []) }
}
