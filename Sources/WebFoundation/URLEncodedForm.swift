import Foundation
import Hummingbird

/// A submitted HTML form (`application/x-www-form-urlencoded`): each field's values in order.
public struct URLEncodedForm: Sendable {
    /// The values of each field.
    public private(set) var fields: [String: [String]]

    /// Parses `text` (`a=1&b=two+words`).
    public init(_ text: String) {
        var fields: [String: [String]] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            guard let name = parts.first.map(decode), !name.isEmpty else { continue }
            fields[name, default: []].append(parts.count > 1 ? decode(parts[1]) : "")
        }
        self.fields = fields
    }

    /// Reads a form body of at most `limit` bytes.
    /// - Throws: 413 for a larger body (nothing is saved), 415 for another content type.
    public static func read(_ request: Request, limit: Int = WebRequestContext.bodyLimit) async throws -> URLEncodedForm {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else {
            throw APIError(.unsupportedMediaType, "Send the form as application/x-www-form-urlencoded.")
        }
        do {
            return URLEncodedForm(String(buffer: try await request.body.collect(upTo: limit)))
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {  // NIOTooManyBytesError from collect(upTo:)
            throw APIError(.contentTooLarge, "The form is larger than \(limit / 1024) KB; nothing was saved.")
        }
    }

    /// The first value of `name`, trimmed; nil when absent or empty.
    public subscript(name: String) -> String? {
        guard let value = fields[name]?.first?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// Every value of `name`, in order.
    public func all(_ name: String) -> [String] { fields[name] ?? [] }
}
