import Foundation
import Hummingbird
import WebFoundation

/// A file sent as the request body (the pages send files this way, not as multipart forms).
enum Upload {
    /// The body, of at most `limit` bytes.
    /// - Throws: 413 naming the limit as soon as the body passes it (the rest is not read and
    ///   nothing is stored), 400 for an empty body.
    static func read(_ request: Request, limit: Int, what: String) async throws -> Data {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw APIError(.contentTooLarge, "\(what) is \(megabytes(length)); the limit is \(megabytes(limit)). Nothing was stored.")
        }
        let buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: limit) } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw APIError(.contentTooLarge, "\(what) is larger than \(megabytes(limit)). Nothing was stored.")
        }
        guard buffer.readableBytes > 0 else { throw APIError(.badRequest, "\(what) is empty. Nothing was stored.") }
        return Data(buffer: buffer)
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1024 * 1024 ? "\(bytes / (1024 * 1024)) MB" : "\(max(1, bytes / 1024)) KB"
    }
}
