import Foundation
import HomeOS
import Hummingbird
import WebFoundation
import LLM
import Skills

/// `/api/chat` (the answer streamed as Server-Sent Events), the kept conversation, and feedback.
struct ChatRoutes {
    let session: FamilySession
    let shutdown: ShutdownSignal

    /// The longest message accepted, in characters.
    static let maximumMessageCharacters = 4000

    func register(on router: Router<WebRequestContext>) {
        router.get("/api/conversation") { _, _ in
            JSONResponse.make(["turns": try await session.conversation().map(TurnPayload.init)])
        }
        router.delete("/api/conversation") { _, _ in
            try await session.clearConversation()
            return JSONResponse.make(["turns": [TurnPayload]()])
        }
        router.post("/api/chat") { request, context in try await chat(request, context: context) }
        router.post("/api/feedback") { request, context in
            struct Body: Decodable { var turn: String; var positive: Bool }
            let body = try await JSONResponse.decode(Body.self, from: request, context: context)
            try await session.feedback(turnID: body.turn, positive: body.positive)
            return JSONResponse.make(["ok": true])
        }
    }

    /// Starts the answer and streams it: `start`, then `token` pieces as the model writes them
    /// (`reset` when a new attempt begins), then `done` with the kept entry, or `error`. A page
    /// that goes away (the stop button) cancels the generation.
    private func chat(_ request: Request, context: WebRequestContext) async throws -> Response {
        struct Body: Decodable { var message: String }
        let body = try await JSONResponse.decode(Body.self, from: request, context: context)
        let message = body.message.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !message.isEmpty else { throw APIError(.badRequest, "Write a message first.", fields: ["message": "Write a message first."]) }
        guard message.count <= Self.maximumMessageCharacters else {
            throw APIError(.badRequest, "The message is \(message.count) characters long; the limit is \(Self.maximumMessageCharacters).",
                           fields: ["message": "At most \(Self.maximumMessageCharacters) characters."])
        }
        // No check of the store here: the crisis layer answers even when there is no family or the
        // store cannot be read; anything else then fails as an `error` event.
        let (events, continuation) = AsyncStream<ServerSentEvent>.makeStream()
        // A structured answer (JSON) streams as the text inside it; a new attempt starts afresh.
        let tap = TokenTap.readable(attemptStarted: { continuation.yield(ServerSentEvent("reset", EmptyPayload())) },
                                    text: { continuation.yield(ServerSentEvent("token", ["text": $0])) })
        let session = self.session
        let work = Task {
            continuation.yield(ServerSentEvent("start", EmptyPayload()))
            do {
                let (entry, approval) = try await session.chat(message, tap: tap)
                continuation.yield(ServerSentEvent("done", ["entry": TurnPayload(entry, approval: approval)]))
            } catch let error as APIError {
                continuation.yield(ServerSentEvent("error", ["message": error.message]))
            } catch {
                continuation.yield(ServerSentEvent("error", ["message": "The answer could not be finished: \(error)"]))
            }
            continuation.finish()
        }
        // The page going away (its stop button) cancels the task, which cancels the generation.
        return ServerSentEvent.response(streaming: events, of: work, shutdown: shutdown)
    }
}

/// One message of the conversation as the pages read it.
struct TurnPayload: Encodable, Sendable {
    var id: UUID
    var role: String
    var text: String
    var html: String?
    var skill: String?
    var step: String?
    var ms: Double?
    var turn: String?
    var feedback: Bool?
    var approval: ApprovalPayload?
    var crisis: Bool
    var at: Date

    init(_ entry: ConversationLogEntry) { self.init(entry, approval: nil) }

    init(_ entry: ConversationLogEntry, approval: ApprovalRequest?) {
        id = entry.id
        role = entry.role.rawValue
        text = entry.text
        html = entry.role == .assistant ? SafeMarkdown.html(entry.text) : nil
        skill = entry.skillID
        step = entry.step
        ms = entry.milliseconds
        turn = entry.turnID
        feedback = entry.feedback
        self.approval = approval.map(ApprovalPayload.init)
        crisis = entry.isCrisis
        at = entry.date
    }
}
