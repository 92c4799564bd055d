import Foundation

/// A child's weekly school timetable and the days without school.
///
/// Stored as a list (one per child) at ``StoragePaths/schoolSchedules``.
public struct SchoolSchedule: Codable, Sendable, Hashable {
    /// A day of the school week.
    public enum Day: String, Codable, Sendable, Hashable, CaseIterable {
        case monday, tuesday, wednesday, thursday, friday, saturday, sunday
    }

    /// One lesson in the weekly timetable.
    public struct Period: Codable, Sendable, Hashable {
        /// The weekday.
        public var day: Day
        /// Local start time, `HH:mm`.
        public var start: String
        /// Local end time, `HH:mm`.
        public var end: String
        /// The subject (`Math`).
        public var subject: String
        /// The teacher, if known.
        public var teacher: String?
        /// The room, if known.
        public var room: String?

        /// Creates a period.
        public init(day: Day, start: String, end: String, subject: String, teacher: String? = nil, room: String? = nil) {
            self.day = day
            self.start = start
            self.end = end
            self.subject = subject
            self.teacher = teacher
            self.room = room
        }
    }

    /// The child's member id.
    public var memberID: String
    /// The school's name.
    public var school: String
    /// The school year or class (`4th grade`), if known.
    public var gradeLevel: String?
    /// The weekly timetable.
    public var periods: [Period]
    /// Local days without school (holidays, teacher days), `yyyy-MM-dd`.
    public var daysOff: [String]

    /// Creates a schedule.
    public init(memberID: String, school: String, gradeLevel: String? = nil, periods: [Period] = [], daysOff: [String] = []) {
        self.memberID = memberID
        self.school = school
        self.gradeLevel = gradeLevel
        self.periods = periods
        self.daysOff = daysOff
    }

    /// The periods on a weekday, by start time.
    public func periods(on day: Day) -> [Period] {
        periods.filter { $0.day == day }.sorted { $0.start < $1.start }
    }

    private enum CodingKeys: String, CodingKey { case memberID, school, gradeLevel, periods, daysOff }

    /// Decodes a schedule; missing `periods` and `daysOff` are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(memberID: try container.decode(String.self, forKey: .memberID),
                  school: try container.decode(String.self, forKey: .school),
                  gradeLevel: try container.decodeIfPresent(String.self, forKey: .gradeLevel),
                  periods: try container.decodeIfPresent([Period].self, forKey: .periods) ?? [],
                  daysOff: try container.decodeIfPresent([String].self, forKey: .daysOff) ?? [])
    }
}
