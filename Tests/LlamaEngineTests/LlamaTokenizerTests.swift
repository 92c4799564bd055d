import Foundation
import LLM
import LlamaEngine
import Testing

/// The vocabulary-only tokenizer counts exactly as the loaded engine does.
@Suite struct LlamaTokenizerTests {
    static let texts = [
        "Hello, family!",
        "Book a table at an Italian place for Saturday at 7pm for 4.",
        "Grandma takes atorvastatin 20 mg at 21:00 — no grapefruit.",
        "",
    ]

    @Test(arguments: TestModels.both)
    func countsMatchTheEngine(id: String) async throws {
        let tokenizer = try LlamaTokenizer(path: TestModels.path(id))
        let engine = try await TestModels.engine(id)
        for text in Self.texts {
            #expect(tokenizer.tokenCount(text) == (try await engine.countTokens(text)), "\(id): \(text)")
        }
        #expect(!tokenizer.isEstimate)
    }

    @Test func clippingFitsTheBudgetAndMarksTheCut() throws {
        let tokenizer = try LlamaTokenizer(path: TestModels.path("smollm2-135m-instruct"))
        let long = Array(repeating: "The school play is on Friday at six and Mia needs her costume.", count: 20).joined(separator: " ")
        let clipped = tokenizer.clip(long, toTokens: 40)
        #expect(tokenizer.tokenCount(clipped) <= 40)
        #expect(tokenizer.tokenCount(clipped) >= 30)
        #expect(clipped.hasSuffix("…") && long.hasPrefix(String(clipped.dropLast())))
        let end = tokenizer.clip(long, toTokens: 40, keepEnd: true)
        #expect(end.hasPrefix("…") && long.hasSuffix(String(end.dropFirst())))
        #expect(tokenizer.clip("short", toTokens: 40) == "short")
    }

    @Test func aMissingOrForeignFileIsAClearError() throws {
        #expect(throws: ModelLoadError.self) { try LlamaTokenizer(path: "/nonexistent/model.gguf") }
        let junk = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-model-\(UUID()).gguf")
        try Data("this is not a GGUF file".utf8).write(to: junk)
        defer { try? FileManager.default.removeItem(at: junk) }
        #expect(throws: ModelLoadError.self) { try LlamaTokenizer(path: junk.path) }
    }
}
