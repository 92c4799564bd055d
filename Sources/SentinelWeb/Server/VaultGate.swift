import Foundation
import HTTPTypes
import Hummingbird
import Sentinel
import WebFoundation

/// The lock in front of every page: a request reaches a page with clinical data only with the
/// cookie of the current unlock; otherwise a page load goes to the unlock page (or onboarding
/// before set-up) and anything else is refused. Every response leaves with `Cache-Control:
/// no-store`, errors included.
struct VaultGate<Context: RequestContext>: RouterMiddleware {
    let vault: SentinelVault

    /// The HttpOnly cookie of an unlocked browser (no max-age: it ends with the browser session).
    static var cookie: String { "sentinel_unlock" }

    /// Pages that work while locked: unlocking, onboarding, the crisis view (its personal parts
    /// only when unlocked), the assets and the health check.
    static func isOpen(_ path: String) -> Bool {
        ["/unlock", "/welcome", "/crisis", "/sentinel.css", "/sentinel.js", "/favicon.ico", "/pair", "/api/health"].contains(path)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            let store = await vault.store(for: request.cookies[Self.cookie]?.value)
            if let store {
                response = try await Unlocked.$store.withValue(store) { try await next(request, context) }
            } else if Self.isOpen(request.uri.path) {
                response = try await next(request, context)
            } else if !(await vault.isSetUp) {
                guard RequestGuard<Context>.isSafe(request.method) else {
                    throw APIError(.conflict, "Sentinel is not set up yet (or was purged): open /welcome. Nothing was changed.")
                }
                response = Response(status: .seeOther, headers: [.location: "/welcome"])
            } else if request.method == .get, !request.uri.path.hasPrefix("/api/") {
                response = Response(status: .seeOther, headers: [.location: "/unlock"])
            } else {
                throw APIError(.unauthorized, "Sentinel is locked: unlock it with your passphrase, then try again. Nothing was changed.")
            }
        } catch let error as HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers[.cacheControl] = "no-store"
        response.headers[HTTPField.Name("Pragma")!] = "no-cache"
        return response
    }
}

/// The open store of the request being handled (set by ``VaultGate``).
enum Unlocked {
    @TaskLocal static var store: SentinelStore?

    /// The store, or the refusal a locked app gives.
    static func require() throws -> SentinelStore {
        guard let store else { throw APIError(.unauthorized, "Sentinel is locked: unlock it with your passphrase.") }
        return store
    }
}
