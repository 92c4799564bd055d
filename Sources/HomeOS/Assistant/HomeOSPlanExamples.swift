import LLM

/// The worked examples the planner shows the model before a message that asks for several things
/// (`homeos ask --plan`): each a message and its plan over HomeOS's skills. An example that uses a
/// skill the family disabled is left out.
public enum HomeOSPlanExamples {
    /// The examples.
    public static let all: [JSONExample] = [
        JSONExample(input: "Remind me to take out the trash tonight at 8pm and note that the plumber comes Monday",
                    output: ["calls": [
                        ["skill": "tools", "arguments": ["action": "reminder", "text": "take out the trash", "when": "tonight at 8pm"]],
                        ["skill": "tools", "arguments": ["action": "note", "text": "the plumber comes Monday"]],
                    ]]),
        JSONExample(input: "What's a quick dinner idea, and tell Sam to walk the dog",
                    output: ["calls": [
                        ["skill": "meal-planning", "arguments": ["request": "dinner", "maxPrepMinutes": 30]],
                        ["skill": "family-comms", "arguments": ["recipient": "Sam", "message": "please walk the dog"]],
                    ]]),
        JSONExample(input: "thanks, that's all", output: ["respond": "You're welcome!"]),
    ]
}
