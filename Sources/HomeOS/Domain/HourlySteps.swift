/// Steps one member walked in one hour of one local day, from an imported Apple Health export.
public struct HourlySteps: Codable, Sendable, Hashable {
    /// The member.
    public var memberID: String
    /// The family's local day, `yyyy-MM-dd`.
    public var day: String
    /// The local hour the steps were counted in, 0–23 (a record is counted in the hour it started).
    public var hour: Int
    /// The steps (the largest total of any one source in that hour, so phone and watch do not
    /// double-count).
    public var steps: Int

    /// Creates a count.
    public init(memberID: String, day: String, hour: Int, steps: Int) {
        self.memberID = memberID
        self.day = day
        self.hour = hour
        self.steps = steps
    }

    private enum CodingKeys: String, CodingKey { case memberID = "member_id", day, hour, steps }
}
