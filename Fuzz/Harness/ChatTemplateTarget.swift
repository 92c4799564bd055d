import Foundation
import LLM
@testable import LlamaEngine

extension FuzzTarget {
    /// The chat-template formatter. With an even first byte, the rest is a conversation (messages
    /// split at 0x1E, roles cycling system/user/assistant, ending with a user turn) formatted with one of the built-in
    /// templates or the plain transcript: every message's text must appear in the prompt. With an
    /// odd first byte, the rest is a model's own `tokenizer.chat_template` text, from which a
    /// template is selected and used.
    static let chatTemplate = FuzzTarget(name: "chat-template", summary: "ChatTemplate selection and formatting on any conversation or template text; every message's text reaches the prompt") { data in
        let (selector, rest) = splitSelector(data)
        let text = String(decoding: rest, as: UTF8.self)
        if selector & 1 == 1 {
            let template = ChatTemplate.select(metadataTemplate: text)
            _ = try? template.format([.system("Be brief."), .user("Hello"), .assistant("Hi."), .user("Bye")])
            return
        }
        let builtins = ["chatml", "gemma", "llama3", "mistral-v7", "phi3", "zephyr"]
        let kinds: [ChatTemplate.Kind] = builtins.map { .llama($0) } + [.plainTranscript]
        let template = ChatTemplate(kind: kinds[Int(selector / 2) % kinds.count], source: "fuzz")
        let roles: [ChatMessage.Role] = [.system, .user, .assistant]
        var messages = text.split(separator: "\u{1E}", omittingEmptySubsequences: false).prefix(16).enumerated().map { index, part in
            ChatMessage(role: roles[index % roles.count], content: String(part))
        }
        // A prompt is always formatted for the assistant's reply to a user (some templates fold a
        // system message into the next user turn, so a trailing one has nowhere to go).
        if messages.last?.role != .user { messages.append(.user("Go on.")) }
        guard let prompt = try? template.format(messages) else { return }
        for message in messages {
            // llama.cpp reads each message as a C string (up to a NUL) and some templates trim it.
            let visible = String(message.content.prefix { $0 != "\0" }).trimmingCharacters(in: .whitespacesAndNewlines)
            guard visible.isEmpty || prompt.contains(visible) else {
                violated("every message's text reaches the prompt", "\(template.kind): \(visible.debugDescription)")
            }
        }
    }
}
