import Hummingbird
import Logging

/// Logs each request's method, path (without its query: file names and tokens ride there) and
/// status at `info`. Never a header, a body or a value.
struct RequestLog<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            let response = try await next(request, context)
            logger.info("\(request.method) \(request.uri.path) \(response.status.code)")
            return response
        } catch let error as HTTPResponseError {
            logger.info("\(request.method) \(request.uri.path) \(error.status.code)")
            throw error
        }
    }
}
