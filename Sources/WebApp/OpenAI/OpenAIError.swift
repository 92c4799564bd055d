import Foundation
import Hummingbird
import WebFoundation

/// An error of the OpenAI-compatible API, in OpenAI's shape:
/// `{"error": {"message", "type", "param", "code"}}`.
struct OpenAIError: HTTPResponseError, Sendable {
    var status: HTTPResponse.Status
    var message: String
    var type: String
    var param: String?
    var code: String?

    init(_ status: HTTPResponse.Status, _ message: String, type: String = "invalid_request_error", param: String? = nil, code: String? = nil) {
        self.status = status
        self.message = message
        self.type = type
        self.param = param
        self.code = code
    }

    /// The body.
    struct Body: Encodable {
        struct Detail: Encodable {
            var message: String
            var type: String
            var param: String?
            var code: String?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(message, forKey: .message)
                try container.encode(type, forKey: .type)
                try container.encode(param, forKey: .param)  // OpenAI sends null, not nothing
                try container.encode(code, forKey: .code)
            }

            enum CodingKeys: String, CodingKey { case message, type, param, code }
        }

        var error: Detail
    }

    func response(from request: Request, context: some RequestContext) throws -> Response { jsonResponse }

    /// The error as OpenAI's JSON body with its status.
    var jsonResponse: Response {
        JSONResponse.make(Body(error: .init(message: message, type: type, param: param, code: code)), status: status)
    }

    /// The same refusal as the web app's, in OpenAI's shape (a `/v1` request refused by the guard or a shared helper).
    init(_ error: APIError) {
        let type: String
        switch error.status.code {
        case 401: type = "authentication_error"
        case 403: type = "permission_error"
        case 404: type = "not_found_error"
        case 413: type = "request_too_large"
        case 500...: type = "server_error"
        default: type = "invalid_request_error"
        }
        self.init(error.status, error.message, type: type, param: error.fields.keys.sorted().first)
    }
}
