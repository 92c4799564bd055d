import LLM

/// docs/library-guide.md, "Testing your code: ScriptedModel".
func scriptedModelSample() async throws {
    let model = ScriptedModel()
    model.when(contains: "fever", reply: "Keep Leo hydrated and check his temperature again tonight.")
    let advice = try await LLMBridge(model: model).generate(prompt: "Leo has a fever")
    print(advice, model.requests.count)                 // the scripted reply; every request is recorded
}
