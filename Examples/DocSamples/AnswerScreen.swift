import LLM
import Skills

/// docs/library-guide.md, "Safety": every answer meant for people behind the answer screen.
func answerScreenSample(engine: any LanguageModel, prompt: String) async {
    let skillsBridge = LLMBridge(model: engine).screeningAnswers
    let answer = try? await skillsBridge.generate(prompt: prompt)   // nil → your fixed answer
    print(answer ?? "Here is what I know for sure: …")
}
