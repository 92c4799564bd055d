import Foundation
import CLlama
import LLM

/// Turns chat messages into the prompt text a model was trained on.
///
/// The model's own template (GGUF `tokenizer.chat_template`) is used whenever llama.cpp knows
/// it. A template llama.cpp does not know is recognised by its markers (ChatML, Gemma, Llama 3,
/// Mistral); a model without any template (a base model) gets a plain transcript.
public struct ChatTemplate: Sendable, Hashable, CustomStringConvertible {
    /// How the prompt is produced.
    public enum Kind: Sendable, Hashable {
        /// `llama_chat_apply_template` with this template text or built-in template name.
        case llama(String)
        /// "System: …\nUser: …\nAssistant:" for models with no chat format at all.
        case plainTranscript
    }

    /// How the prompt is produced.
    public let kind: Kind
    /// Where the choice came from, for diagnostics ("model metadata", "built-in gemma", …).
    public let source: String

    /// Stop sequences a template needs beyond the model's end-of-generation tokens.
    public var stopSequences: [String] {
        kind == .plainTranscript ? ["\nUser:", "\nSystem:"] : []
    }

    public var description: String { source }

    /// Picks the template for a model from the template in its metadata.
    ///
    /// A model without a template is treated as a base model: it has seen plain text, not turn
    /// markers, so a plain transcript is what it continues best (measured on Gemma 3 270M base,
    /// which answers "Paris." in a transcript and rambles with Gemma's unused turn markers).
    static func select(metadataTemplate: String?) -> ChatTemplate {
        if let metadataTemplate, !metadataTemplate.isEmpty {
            if works(metadataTemplate) { return ChatTemplate(kind: .llama(metadataTemplate), source: "model metadata") }
            if let name = builtinName(recognising: metadataTemplate), works(name) {
                return ChatTemplate(kind: .llama(name), source: "built-in \(name) (recognised from the model's template)")
            }
            return ChatTemplate(kind: .plainTranscript, source: "plain transcript (llama.cpp does not know the model's template)")
        }
        return ChatTemplate(kind: .plainTranscript, source: "plain transcript (the model has no template: base model)")
    }

    /// Formats `messages`, ending with the cue for the assistant's reply.
    func format(_ messages: [ChatMessage]) throws(LLMError) -> String {
        switch kind {
        case .plainTranscript:
            var text = ""
            for message in messages {
                let label = switch message.role {
                case .system: "System"
                case .user: "User"
                case .assistant: "Assistant"
                }
                text += "\(label): \(message.content)\n"
            }
            return text + "Assistant:"
        case .llama(let template):
            guard let text = Self.apply(template, messages) else {
                throw .generationFailed("the chat template could not format the conversation")
            }
            return text
        }
    }

    private static func works(_ template: String) -> Bool {
        apply(template, [.system("s"), .user("u")]) != nil
    }

    private static func builtinName(recognising template: String) -> String? {
        if template.contains("<|im_start|>") { return "chatml" }
        if template.contains("<start_of_turn>") { return "gemma" }
        if template.contains("<|start_header_id|>") { return "llama3" }
        if template.contains("[INST]") { return "mistral-v7" }
        return nil
    }

    private static func apply(_ template: String, _ messages: [ChatMessage]) -> String? {
        // llama_chat_message holds borrowed C strings; keep them alive for the call.
        let roles = messages.map { strdup($0.role.rawValue) }
        let contents = messages.map { strdup($0.content) }
        defer { (roles + contents).forEach { free($0) } }
        let chat = zip(roles, contents).map { llama_chat_message(role: $0, content: $1) }
        let estimate = messages.reduce(256) { $0 + $1.content.utf8.count * 2 }
        var buffer = [CChar](repeating: 0, count: estimate)
        var length = llama_chat_apply_template(template, chat, chat.count, true, &buffer, Int32(buffer.count))
        if length > Int32(buffer.count) {
            buffer = [CChar](repeating: 0, count: Int(length) + 1)
            length = llama_chat_apply_template(template, chat, chat.count, true, &buffer, Int32(buffer.count))
        }
        guard length >= 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
