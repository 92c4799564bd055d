import LLM
import Skills

/// A HomeOS skill: its metadata comes from ``HomeOSSkillCatalog`` (one source of truth for
/// routing, the manifest and the evaluations), so a skill file declares only its arguments,
/// their schema and what it does.
public protocol HomeOSSkill: Skill {
    /// The skill's catalog entry.
    static var catalogEntry: SkillDescriptor { get }
}

extension HomeOSSkill {
    public var id: String { Self.catalogEntry.id }
    public var name: String { Self.catalogEntry.name }
    public var summary: String { Self.catalogEntry.summary }
    public var permissions: Set<SkillPermission> { Self.catalogEntry.permissions }
    public var keywords: [String] { Self.catalogEntry.keywords }
    public var examples: [String] { Self.catalogEntry.examples }
}
