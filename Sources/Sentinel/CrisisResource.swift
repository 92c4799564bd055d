/// A way to reach help in a crisis, shown whenever the risk tier is orange or red.
public struct CrisisResource: Sendable, Hashable, Codable {
    /// Who answers.
    public var name: String
    /// How to reach them, in words a person in distress can follow.
    public var instructions: String

    /// Creates a resource.
    public init(name: String, instructions: String) {
        self.name = name
        self.instructions = instructions
    }

    /// The United States resources every crisis view shows, in this order.
    public static let unitedStates: [CrisisResource] = [
        CrisisResource(name: "Veterans Crisis Line", instructions: "Dial 988 then press 1, or text 838255."),
        CrisisResource(name: "988 Suicide & Crisis Lifeline", instructions: "Call or text 988."),
        CrisisResource(name: "Emergency services", instructions: "Call 911 if you are in immediate danger."),
    ]
}
