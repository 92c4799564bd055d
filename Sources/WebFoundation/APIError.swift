import Foundation
import Hummingbird
import HTTPTypes

/// A request the server refuses, with the status and the sentence the page shows; field messages
/// go next to their form fields. The body is `{"error": "...", "fields": {...}}`.
public struct APIError: HTTPResponseError, Sendable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// What went wrong and what to do, for a person.
    public var message: String
    /// Per-field messages of a rejected form, keyed by field name.
    public var fields: [String: String]

    /// Creates an error.
    public init(_ status: HTTPResponse.Status, _ message: String, fields: [String: String] = [:]) {
        self.status = status
        self.message = message
        self.fields = fields
    }

    /// The JSON response.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        JSONResponse.make(ErrorBody(error: message, fields: fields.isEmpty ? nil : fields), status: status)
    }

    /// The JSON body of an error.
    struct ErrorBody: Encodable {
        var error: String
        var fields: [String: String]?
    }

    /// A 404 naming what was not found.
    public static func notFound(_ what: String) -> APIError { APIError(.notFound, "\(what) was not found. It may have been removed; reload the page.") }
}

/// JSON responses and request bodies.
public enum JSONResponse {
    /// The encoder of every response: ISO 8601 dates, sorted keys.
    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `value` as a JSON response with security headers added by ``RequestGuard``.
    public static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? encoder.encode(value)) ?? Data("{\"error\":\"the response could not be encoded\"}".utf8)
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Decodes a JSON body of at most the context's upload limit.
    /// - Throws: 413 for a body over the limit, 415 for another content type, 400 naming the problem for malformed JSON.
    public static func decode<Value: Decodable>(_ type: Value.Type, from request: Request, context: some RequestContext) async throws -> Value {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        guard contentType.hasPrefix("application/json") else {
            throw APIError(.unsupportedMediaType, "Send the request as JSON (Content-Type: application/json).")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: context.maxUploadSize)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {  // NIOTooManyBytesError from collect(upTo:)
            throw APIError(.contentTooLarge, "The request is larger than \(context.maxUploadSize / 1024) KB; nothing was saved.")
        }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(buffer: buffer))
        } catch let error as DecodingError {
            throw APIError(.badRequest, "The request is not valid JSON for this action: \(describe(error)). Nothing was saved.")
        } catch {
            throw APIError(.badRequest, "The request is not valid JSON. Nothing was saved.")
        }
    }

    /// A short description of a decoding error: the field and what was wrong.
    public static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let names = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return names.isEmpty ? "the body" : "\"\(names.joined(separator: "."))\""
        }
        switch error {
        case .keyNotFound(let key, _): return "\"\(key.stringValue)\" is missing"
        case .typeMismatch(_, let context): return "\(path(context)) has the wrong type"
        case .valueNotFound(_, let context): return "\(path(context)) is null"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "it is not JSON" : "\(path(context)) is not valid"
        @unknown default: return "it could not be read"
        }
    }
}
