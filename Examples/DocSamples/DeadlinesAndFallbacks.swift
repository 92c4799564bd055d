import LLM

/// docs/library-guide.md, "Deadlines and fallbacks".
func deadlinesAndFallbacksSample(engine: any LanguageModel) async throws {
    let resilient = ResilientBridge(local: LLMBridge(model: engine), budget: .seconds(2), deadline: .after(.seconds(5)))
    let prompt = ResilientPrompt(system: "Answer in one sentence.", message: "Suggest a quick dinner for tonight.")
    let answer = try await resilient.text(prompt) { "Pasta with tomato sauce and a green salad." }
    print(answer.value, answer.attempt)                 // .full, .simplified or .deterministic

    // Any async work under a budget: cancelled, and DeadlineExceeded thrown, when it runs late.
    let greeting = try await withDeadline(.seconds(2)) {
        try await LLMBridge(model: engine).generate(prompt: "Say hello to the family.")
    }
    print(greeting)
}
