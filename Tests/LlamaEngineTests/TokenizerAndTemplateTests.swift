import LLM
import LlamaEngine
import Testing

@Suite(.serialized) struct TokenizerAndTemplateTests {
    @Test(arguments: TestModels.both)
    func tokenizeRoundTrips(model: String) async throws {
        let engine = try await TestModels.engine(model)
        let text = "Grandma takes metformin twice a day — café at 7:30."
        let tokens = try await engine.tokenize(text)
        #expect(tokens.count > 5)
        #expect(try await engine.countTokens(text) == tokens.count)
        #expect(try await engine.detokenize(tokens).trimmingCharacters(in: .whitespaces) == text)
    }

    @Test func smolLM2UsesTheChatMLTemplateFromItsMetadata() async throws {
        let engine = try await TestModels.smolLM2()
        let prompt = try await engine.formattedPrompt(for: [.system("Be brief."), .user("Hi")])
        #expect(prompt.contains("<|im_start|>system\nBe brief.<|im_end|>"))
        #expect(prompt.hasSuffix("<|im_start|>assistant\n"))
        #expect(await engine.info.chatTemplate == "model metadata")
    }

    @Test func gemmaBaseModelFallsBackToAPlainTranscript() async throws {
        let engine = try await TestModels.gemma3()
        let prompt = try await engine.formattedPrompt(for: [.system("Be brief."), .user("Hi"), .assistant("Hello!"), .user("Bye")])
        #expect(prompt == "System: Be brief.\nUser: Hi\nAssistant: Hello!\nUser: Bye\nAssistant:")
        #expect(try await engine.chatTemplate.stopSequences.contains("\nUser:"))
    }

    @Test func modelInfoDescribesTheLoadedModel() async throws {
        let info = await (try TestModels.smolLM2()).info
        #expect(info.architecture == "llama")
        #expect(info.parameterCount > 100_000_000)
        #expect(info.contextSize == 1024)
        #expect(info.vocabularySize == 49152)
        #expect(info.trainingContextSize >= 2048)
    }
}
