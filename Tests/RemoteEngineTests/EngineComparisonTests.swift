import Foundation
import LLM
import LlamaEngine
import RemoteEngine
import Testing

/// The two engines compared with each other, not only each against the product's guarantees:
/// over the same model file, the in-process engine and the llama-cpp-python server (the same
/// pinned llama.cpp source, built separately) write the same greedy answer to the same request,
/// up to near ties: where the two answers part, the in-process engine's own log-likelihoods of
/// the two next tokens must be within ``nearTie`` nats, so the split comes from numeric
/// differences between the two builds' kernels, not from a different prompt or sampler.
///
/// Comparing them found two differences in what the server was asked, now fixed or made explicit
/// (docs/architecture.md, "Engine parity"):
/// - a repetition penalty of 1 was never sent, so llama-cpp-python applied its default of 1.1
///   while the in-process engine applied none; the remote engine now sends any penalty that is set;
/// - the server renders the GGUF's Jinja template, which adds SmolLM2's own default system prompt
///   to a conversation without one; llama.cpp's built-in ChatML template does not. Every HomeOS
///   prompt has a system message, and so does every conversation here.
@Suite(.serialized, .enabled(if: TestServers.available, TestServers.skipMessage))
struct EngineComparisonTests {
    /// The largest gap in log-likelihood (nats) between two next tokens that counts as a tie. The
    /// two builds' log-probabilities of the same token differ by up to about 0.13 nats on these
    /// prompts (measured: llama-cpp-python gives "I" −2.8471 and "\"" −2.8473 where the
    /// in-process engine scores −2.9005 and −2.8649), more than last-bit noise.
    static let nearTie = 0.25
    static let system = ChatMessage.system("You are a helpful family assistant.")
    static let conversations: [[ChatMessage]] = [
        [system, .user("Name three vegetables that grow well in a cold climate.")],
        [.system("You are a helpful family assistant. Answer in one sentence."), .user("What time should a 9-year-old go to bed?")],
        [system, .user("Write a short reminder to take out the bins on Thursday.")],
        [system, .user("Suggest a quick weeknight dinner for a family of four.")],
    ]

    @Test func bothEnginesWriteTheSameGreedyAnswerUpToNearTies() async throws {
        let local = try await TestServers.localEngine()
        let remote = try await TestServers.remote()
        var identical = 0
        for messages in Self.conversations {
            let request = GenerationRequest(messages: messages, options: GenerationOptions(temperature: 0, repetitionPenalty: 1, maxTokens: 32))
            let inProcess = try await local.respond(to: request)
            let served = try await remote.respond(to: request)
            let topic = messages.last!.content.prefix(30)
            #expect(!inProcess.text.isEmpty && !served.text.isEmpty)
            guard inProcess.text != served.text else {
                identical += 1
                print("compare[\(topic)]: identical (\(inProcess.usage.generatedTokens) tokens)")
                continue
            }
            // Where the answers part, both next tokens scored by the in-process engine after the shared text.
            let mine = try await local.tokenize(inProcess.text), theirs = try await local.tokenize(served.text)
            let shared = zip(mine, theirs).prefix { $0 == $1 }.count
            guard shared < mine.count, shared < theirs.count else { continue }  // one is a prefix of the other: a length cut
            let prefix = try await local.formattedPrompt(for: messages) + local.detokenize(Array(mine.prefix(shared)))
            let next = (try await local.detokenize([mine[shared]]), try await local.detokenize([theirs[shared]]))
            let scores = try await local.logLikelihoods(of: [next.0, next.1], after: prefix)
            let gap = abs(scores[0] - scores[1])
            print("compare[\(topic)]: part after \(shared) tokens, \(next.0.debugDescription) vs \(next.1.debugDescription), "
                  + "gap \(String(format: "%.5f", gap)) nats (in-process scores \(scores))")
            #expect(gap < Self.nearTie, "the engines part on \(topic) where the model has a clear preference (gap \(gap) nats)")
        }
        print("compare: \(identical) of \(Self.conversations.count) answers identical")
    }

    /// Both engines enforce the schema's structure, and ours its ranges too. (Their grammars differ
    /// in whitespace: llama-cpp-python's converter writes one line, ours lets the model indent, so
    /// the texts are not compared.) llama-cpp-python's converter does not enforce an integer's
    /// `minimum`/`maximum` (it let SmolLM2 Q8_0 answer `"minutes": 200` against a maximum of 120):
    /// for a remote engine, `LLMBridge` checks such keywords after decoding.
    @Test func bothEnginesWriteSchemaValidJSON() async throws {
        let local = try await TestServers.localEngine()
        let remote = try await TestServers.remote()
        try #require(remote.supportsConstrainedDecoding, "the server enforces grammars (llama-cpp-python does)")
        let schema = try JSONSchema(jsonText: #"""
            {"type": "object", "properties": {"dish": {"type": "string", "maxLength": 40},
             "minutes": {"type": "integer", "minimum": 5, "maximum": 120}},
             "required": ["dish", "minutes"], "additionalProperties": false}
            """#)
        let structure = try JSONSchema(jsonText: #"""
            {"type": "object", "properties": {"dish": {"type": "string"}, "minutes": {"type": "integer"}},
             "required": ["dish", "minutes"], "additionalProperties": false}
            """#)
        let request = GenerationRequest(messages: [Self.system, .user("Suggest one dinner as JSON with dish and minutes.")],
                                        options: GenerationOptions(temperature: 0, repetitionPenalty: 1, maxTokens: 60),
                                        constraint: .jsonSchema(schema))
        for (name, model) in [("local", local as any LanguageModel), ("remote", remote)] {
            let result = try await model.respond(to: request)
            print("compare[json, \(name)]: \(result.text)")
            let value = try JSONValue(parsing: result.text)
            #expect(try (name == "local" ? schema : structure).validate(value).isEmpty, "\(name): \(result.text)")
        }
    }
}
