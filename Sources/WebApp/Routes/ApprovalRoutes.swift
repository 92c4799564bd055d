import Foundation
import HomeOS
import Hummingbird
import WebFoundation
import Skills

/// `/api/approvals`: the pending actions, approved or denied from the page. They are the same
/// approvals `homeos ask` parks and `homeos approve` answers (both live in the family store).
struct ApprovalRoutes {
    let session: FamilySession

    func register(on router: Router<WebRequestContext>) {
        router.get("/api/approvals") { _, _ in
            JSONResponse.make(["approvals": try await session.pendingApprovals().map(ApprovalPayload.init)])
        }
        router.post("/api/approvals/:id/approve") { _, context in
            let result = try await session.approve(try RouteParameters.uuid("id", in: context, what: "That approval"))
            return JSONResponse.make(["result": ResultPayload(result)])
        }
        router.post("/api/approvals/:id/deny") { _, context in
            let request = try await session.deny(try RouteParameters.uuid("id", in: context, what: "That approval"))
            return JSONResponse.make(["result": ResultPayload(.response("Okay, I won't. \(request.onDeny)"))])
        }
    }
}

/// An approval card.
struct ApprovalPayload: Encodable, Sendable {
    struct Detail: Encodable, Sendable {
        var label: String
        var value: String
    }

    var id: UUID
    var skill: String
    var summary: String
    var details: [Detail]
    var risk: String
    var onApprove: String
    var onDeny: String

    init(_ request: ApprovalRequest) {
        id = request.id
        skill = request.action.skillID
        summary = request.summary
        details = request.details.map { Detail(label: $0.label, value: $0.value) }
        risk = request.risk.rawValue
        onApprove = request.onApprove
        onDeny = request.onDeny
    }
}

/// The outcome of an approved or denied action.
struct ResultPayload: Encodable, Sendable {
    var type: String
    var text: String
    var html: String

    init(_ result: SkillResult) {
        type = AssistantReplyText.type(of: result)
        text = FamilySession.text(of: result)
        html = SafeMarkdown.html(text)
    }
}

/// Path parameters.
enum RouteParameters {
    /// The UUID in path parameter `name`; a malformed one is as unknown as a missing one (404).
    static func uuid(_ name: String, in context: WebRequestContext, what: String) throws -> UUID {
        guard let text = context.parameters.get(name), let id = UUID(uuidString: text) else { throw APIError.notFound(what) }
        return id
    }
}
