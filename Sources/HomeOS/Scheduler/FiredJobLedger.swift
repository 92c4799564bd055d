import Foundation

/// One occurrence the daemon handled, as recorded in the store.
public struct FiredJobRecord: Codable, Sendable, Hashable, Identifiable {
    /// What became of it.
    public enum Outcome: String, Codable, Sendable, Hashable {
        /// Claimed by a daemon that is delivering it (a crash right now loses it rather than sending it twice).
        case firing
        /// Delivered by the notifier.
        case delivered
        /// Nothing to say (a habit already done that day).
        case skipped
        /// The notifier failed; not retried.
        case failed
    }

    /// The occurrence id (``ScheduledOccurrence/id``).
    public var id: String
    /// The job's kind.
    public var kind: ScheduleKind
    /// When it was due.
    public var scheduledAt: Date
    /// When it was claimed.
    public var firedAt: Date
    /// Whether it was a catch-up on start.
    public var isCatchUp: Bool
    /// What became of it.
    public var outcome: Outcome
    /// A failure or skip reason, if any.
    public var detail: String?

    /// Creates a record.
    public init(id: String, kind: ScheduleKind, scheduledAt: Date, firedAt: Date, isCatchUp: Bool, outcome: Outcome, detail: String? = nil) {
        self.id = id
        self.kind = kind
        self.scheduledAt = scheduledAt
        self.firedAt = firedAt
        self.isCatchUp = isCatchUp
        self.outcome = outcome
        self.detail = detail
    }

    // Times are stored as whole seconds since 1970 (UTC): the ledger is read and rewritten at
    // every wake-up, and numbers decode far faster than date text.
    private enum CodingKeys: String, CodingKey { case id, kind, scheduledAt, firedAt, isCatchUp = "catchUp", outcome, detail }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(String.self, forKey: .id), kind: try container.decode(ScheduleKind.self, forKey: .kind),
                  scheduledAt: Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .scheduledAt)),
                  firedAt: Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .firedAt)),
                  isCatchUp: try container.decodeIfPresent(Bool.self, forKey: .isCatchUp) ?? false,
                  outcome: try container.decode(Outcome.self, forKey: .outcome),
                  detail: try container.decodeIfPresent(String.self, forKey: .detail))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(scheduledAt.timeIntervalSince1970.rounded(), forKey: .scheduledAt)
        try container.encode(firedAt.timeIntervalSince1970.rounded(), forKey: .firedAt)
        try container.encode(isCatchUp, forKey: .isCatchUp)
        try container.encode(outcome, forKey: .outcome)
        try container.encodeIfPresent(detail, forKey: .detail)
    }
}

extension StorageDocument where Value == [FiredJobRecord] {
    /// `data/scheduler/fired.json`: the occurrences the daemon handled, oldest first.
    public static var firedJobs: Self { Self(path: FiredJobLedger.path, emptyValue: []) }
}

/// The record, in the family's store, of every occurrence the daemon fired, so that a restart
/// (or a second daemon on the same store) never fires the same occurrence twice.
///
/// ``claim(_:at:isCatchUp:)`` checks and records in one store transaction: exactly one caller
/// wins an occurrence, and it is recorded before it is delivered, so a crash in between loses it
/// rather than sending it twice (its record stays ``FiredJobRecord/Outcome/firing``). Records
/// older than ``retention`` are pruned on each claim.
public struct FiredJobLedger: Sendable {
    /// The document path.
    public static let path = "data/scheduler/fired.json"

    /// The store.
    public let storage: any StorageProvider
    /// How long records are kept (longer than any grace window).
    public var retention: TimeInterval

    /// A ledger in `storage`, keeping records for `retention` (default 14 days).
    public init(storage: any StorageProvider, retention: TimeInterval = 14 * 86_400) {
        self.storage = storage
        self.retention = retention
    }

    /// Records `occurrences` as firing, in one transaction, except those already recorded;
    /// returns the ones this caller won (in the given order). Deliver them, then ``finish(_:)``.
    public func claim(_ occurrences: [ScheduledOccurrence], at now: Date,
                      isCatchUp: (ScheduledOccurrence) -> Bool = { _ in false }) throws -> [ScheduledOccurrence] {
        guard !occurrences.isEmpty else { return [] }
        let oldest = now.addingTimeInterval(-retention)
        return try storage.update(.firedJobs) { records -> [ScheduledOccurrence] in
            records.removeAll { $0.scheduledAt < oldest && $0.firedAt < oldest }
            var known = Set(records.map(\.id))
            var won: [ScheduledOccurrence] = []
            for occurrence in occurrences where known.insert(occurrence.id).inserted {
                records.append(FiredJobRecord(id: occurrence.id, kind: occurrence.job.kind, scheduledAt: occurrence.scheduledAt,
                                              firedAt: now, isCatchUp: isCatchUp(occurrence), outcome: .firing))
                won.append(occurrence)
            }
            return won
        }
    }

    /// Sets the outcomes of claimed occurrences (occurrence id → outcome and detail), in one transaction.
    public func finish(_ outcomes: [String: (outcome: FiredJobRecord.Outcome, detail: String?)]) throws {
        guard !outcomes.isEmpty else { return }
        try storage.update(.firedJobs) { records in
            for index in records.indices {
                if let result = outcomes[records[index].id] {
                    records[index].outcome = result.outcome
                    records[index].detail = result.detail
                }
            }
        }
    }

    /// Whether the occurrence with `id` was fired.
    public func hasFired(_ id: String) throws -> Bool { try records().contains { $0.id == id } }

    /// Every record, oldest first.
    public func records() throws -> [FiredJobRecord] { try storage.load(.firedJobs) }
}
