/// The part of a system prompt a ``PromptGene`` fills. A synthesized prompt takes one gene per
/// slot (in this order), except ``safetyGuardrail``: every guardrail gene is always included.
public enum GeneSlot: String, Sendable, Hashable, Codable, CaseIterable {
    /// Who the assistant is ("You are HomeOS, a warm family assistant…").
    case systemPersona = "system-persona"
    /// How answers are shaped (length, lists, at most three options).
    case responseFormat = "response-format"
    /// What to focus on for the skill at hand.
    case domainInstruction = "domain-instruction"
    /// How context is laid out; `{{PLACEHOLDER}}`s are filled from real data at synthesis time.
    case contextTemplate = "context-template"
    /// How the assistant should adapt over a conversation.
    case evolutionDirective = "evolution-directive"
    /// A pattern for noticing something useful ("if the same dinner repeats, suggest a change").
    case insightPattern = "insight-pattern"
    /// The emotional tone.
    case emotionalTone = "emotional-tone"
    /// Whether and how to mix languages the family uses.
    case languageMixing = "language-mixing"
    /// What to say when something fails.
    case errorRecovery = "error-recovery"
    /// Safety rules. Never mutated, never selected out.
    case safetyGuardrail = "safety-guardrail"

    /// Whether genes of this slot are protected from mutation and selection.
    public var isProtected: Bool { self == .safetyGuardrail }
}
