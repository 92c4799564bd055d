import Foundation

/// A daily habit a member keeps, with the days it was done; streaks are computed from those days.
///
/// Stored as a list at ``StoragePaths/habits``. Days are local days `yyyy-MM-dd` in the family's
/// time zone.
public struct Habit: Codable, Sendable, Hashable, Identifiable {
    /// Identifier.
    public var id: UUID
    /// The member keeping the habit (nil: the family).
    public var memberID: String?
    /// What the habit is (`Read 20 minutes`).
    public var name: String
    /// An optional target (`8 glasses`).
    public var goal: String?
    /// The days it was done, sorted, without duplicates.
    public private(set) var completedDays: [String]
    /// The local time `HH:mm` of the daily check-in the scheduler sends while the habit is not
    /// done that day (nil: the scheduler's default, 19:00).
    public var checkInTime: String?

    /// Creates a habit; `completedDays` are sorted and de-duplicated.
    public init(id: UUID = UUID(), memberID: String? = nil, name: String, goal: String? = nil, completedDays: [String] = [],
                checkInTime: String? = nil) {
        self.id = id
        self.memberID = memberID
        self.name = name
        self.goal = goal
        self.completedDays = Array(Set(completedDays)).sorted()
        self.checkInTime = checkInTime
    }

    /// Records the habit as done on `day`; returns false when it already was.
    @discardableResult
    public mutating func markDone(on day: String) -> Bool {
        guard !completedDays.contains(day) else { return false }
        completedDays.append(day)
        completedDays.sort()
        return true
    }

    /// Whether it was done on `day`.
    public func isDone(on day: String) -> Bool { completedDays.contains(day) }

    /// The current streak as of `today`: consecutive done days ending today, or ending yesterday
    /// when today is not done yet (the streak is still alive); 0 otherwise.
    public func currentStreak(asOf today: String) -> Int {
        guard let todayNumber = DayString.dayNumber(today) else { return 0 }
        let done = Set(completedDays.compactMap(DayString.dayNumber))
        var day = done.contains(todayNumber) ? todayNumber : todayNumber - 1
        var streak = 0
        while done.contains(day) {
            streak += 1
            day -= 1
        }
        return streak
    }

    /// The longest run of consecutive done days ever.
    public var longestStreak: Int {
        let days = Set(completedDays.compactMap(DayString.dayNumber)).sorted()
        var longest = 0, run = 0
        var previous: Int?
        for day in days {
            run = previous == day - 1 ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        return longest
    }

    private enum CodingKeys: String, CodingKey { case id, memberID, name, goal, completedDays, checkInTime }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(UUID.self, forKey: .id),
                  memberID: try container.decodeIfPresent(String.self, forKey: .memberID),
                  name: try container.decode(String.self, forKey: .name),
                  goal: try container.decodeIfPresent(String.self, forKey: .goal),
                  completedDays: try container.decodeIfPresent([String].self, forKey: .completedDays) ?? [],
                  checkInTime: try container.decodeIfPresent(String.self, forKey: .checkInTime))
    }
}
