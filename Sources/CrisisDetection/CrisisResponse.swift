/// The fixed reply to a message the crisis layer flags. It never comes from a model, carries no
/// skill output, and has no feedback or timing line.
public enum CrisisResponse {
    /// The crisis lines (United States).
    public static let lines = """
        - Call or text 988 (Suicide & Crisis Lifeline), any time.
        - Veterans Crisis Line: dial 988 then press 1, or text 838255.
        - If someone is in immediate danger, call 911 now.
        """

    /// The whole reply.
    public static func text(for category: CrisisCategory?) -> String {
        let opening: String
        switch category {
        case .thirdParty:
            opening = "That sounds serious, and you did the right thing by saying it. Please don't leave them alone if you can help it."
        case .overdose:
            opening = "This may be an overdose. Call 911 now, or Poison Control at 1-800-222-1222. If someone is with you, "
                + "tell them now; if it is someone else, stay with them."
        default:
            opening = "I'm really glad you told me. You don't have to go through this alone — please reach out now:"
        }
        return opening + "\n" + lines
    }
}
