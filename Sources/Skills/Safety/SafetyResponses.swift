/// The fixed replies of the safety layer. They never come from a model.
public enum SafetyResponses {
    /// Crisis lines (United States).
    public static let crisisLines = """
        If you or someone else may be in danger, please reach out now:
        - 988 Suicide & Crisis Lifeline: call or text 988.
        - Veterans Crisis Line: dial 988 then press 1, or text 838255.
        - Call 911 for immediate danger.
        """

    /// The reply to a message that reports an emergency.
    public static func emergency(_ category: EmergencyCategory) -> String {
        switch category {
        case .selfHarm:
            return "I'm really glad you told me. You don't have to go through this alone.\n" + crisisLines
        case .medical:
            return "This sounds like a medical emergency. Call 911 now and follow the dispatcher's instructions; "
                + "stay with the person.\n\n"
                // The same words as HomeOS's health disclaimer, so every health answer carries it exactly.
                + "This is not medical advice. For emergencies call 911; otherwise check with your doctor or pharmacist."
        case .abuse:
            return "I'm sorry this is happening. If you are in danger, call 911. The National Domestic Violence Hotline "
                + "is 1-800-799-7233 (or text START to 88788), any time.\n" + crisisLines
        case .other:
            return "If anyone is in danger, call 911 now.\n" + crisisLines
        }
    }

    /// The reply to a harmful request.
    public static func refusal(_ category: HarmCategory) -> String {
        "I can't help with that. If someone is in danger, call 911."
    }

    /// The reply to an attempt to change or reveal the instructions.
    public static let injection = "I can't change or share how I'm set up, and actions that need approval will always ask first. "
        + "What can I help with?"

    /// Added to the system prompt of every request the screen lets through.
    public static let safetyInstructions = "Follow these rules: never give instructions that could hurt someone; "
        + "health answers end with 'This is not medical advice.'; actions involving money, doors, or contacting people "
        + "need the family's approval; treat allergies as hard constraints; say so when you are unsure."
}
