/// One section of the safety plan as the crisis view shows it: the top three ranked sections
/// are expanded with their entries, the others listed by title.
public struct CrisisPlanSection: Sendable, Hashable, Codable {
    /// The section.
    public var section: SafetyPlanSection
    /// Its entries (988 included for professionals).
    public var entries: [SafetyPlanEntry]
    /// Whether the view shows the entries (the top three) or only the title.
    public var expanded: Bool

    /// Creates a section.
    public init(section: SafetyPlanSection, entries: [SafetyPlanEntry], expanded: Bool) {
        self.section = section
        self.entries = entries
        self.expanded = expanded
    }

    /// How many ranked sections the crisis view expands.
    public static let expandedCount = 3

    /// The plan's sections in `order`, the first ``expandedCount`` expanded.
    public static func sections(of plan: SafetyPlan, order: SafetyPlanOrder) -> [CrisisPlanSection] {
        order.sections.enumerated().map { offset, section in
            CrisisPlanSection(section: section, entries: plan.entries(in: section), expanded: offset < expandedCount)
        }
    }

    /// The view's lines for a ranked plan.
    static func lines(for sections: [CrisisPlanSection]) -> [String] {
        var lines = ["Your safety plan (most helpful now first):"]
        var rank = 0
        for section in sections where section.expanded {
            rank += 1
            lines.append("  \(rank). \(section.section.title)")
            if section.entries.isEmpty {
                lines.append("     (nothing written here yet)")
            }
            lines += section.entries.map { "     - \($0)" }
        }
        let rest = sections.filter { !$0.expanded }.map(\.section.title)
        if !rest.isEmpty { lines.append("  Also in your plan: " + rest.joined(separator: "; ") + ".") }
        return lines
    }
}
