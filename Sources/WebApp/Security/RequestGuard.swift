import Foundation
import HTTPTypes
import Hummingbird

/// Every request passes here before its route: the Host check (DNS rebinding), pairing when the
/// server listens beyond loopback, the Origin and CSRF checks on state-changing requests; every
/// response leaves with the security headers (a strict Content-Security-Policy among them) and,
/// when the browser has none, a CSRF cookie.
struct RequestGuard<Context: RequestContext>: RouterMiddleware {
    let policy: AccessPolicy

    /// The cookie holding the CSRF token; pages copy it into ``csrfHeader``.
    static var csrfCookie: String { "homeos_csrf" }
    /// The header state-changing requests carry the CSRF token in.
    static var csrfHeader: HTTPField.Name { HTTPField.Name("X-CSRF-Token")! }
    /// The HttpOnly cookie of a paired browser.
    static var sessionCookie: String { "homeos_session" }
    /// The policy of every page: nothing from anywhere but this server, no framing, no inline code.
    static var contentSecurityPolicy: String {
        "default-src 'self'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            try check(request)
            response = try await next(request, context)
        } catch let error as APIError where Self.isAPI(request.uri.path) {
            response = try OpenAIError(error).response(from: request, context: context)
        } catch let error as HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        addSecurityHeaders(to: &response, request: request)
        return response
    }

    /// Throws the refusal for a request that may not go through.
    private func check(_ request: Request) throws {
        let authority = request.head.authority ?? ""
        guard policy.allows(authority: authority) else {
            throw APIError(.misdirectedRequest, "This server answers only to http://127.0.0.1:\(policy.boundPort) (the request named "
                + "\"\(authority.prefix(80))\"). Open the address homeos serve printed.")
        }
        if policy.requiresPairing && !isPaired(request) && !Self.isPublic(request.uri.path) {
            if request.method == .get && !request.uri.path.hasPrefix("/api/") && !Self.isAPI(request.uri.path) {
                throw Redirect(location: "/pair")
            }
            throw APIError(.unauthorized, Self.isAPI(request.uri.path)
                ? "This server needs its token: send Authorization: Bearer <the code homeos serve printed, or --token>."
                : "This browser is not paired yet: open /pair and enter the code homeos serve printed.")
        }
        guard !Self.isSafe(request.method) else { return }
        if let origin = request.headers[.origin] {
            guard policy.allows(origin: origin) else {
                throw APIError(.forbidden, "Cross-origin request refused: a page from \(origin.prefix(80)) cannot change HomeOS data.")
            }
        } else if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!], site == "cross-site" || site == "same-site" {
            throw APIError(.forbidden, "Cross-site request refused: another site cannot change HomeOS data.")
        }
        if hasBearerToken(request) { return }  // a program with the pairing token, not a browser riding a cookie
        // The OpenAI-compatible API is for programs, which send no cookies: on loopback it needs no
        // key, elsewhere the bearer token (above). A browser page of another site is still refused
        // by the Origin check; a paired browser's cookie is SameSite=Strict.
        if Self.isAPI(request.uri.path) { return }
        let cookie = request.cookies[Self.csrfCookie]?.value
        let header = request.headers[Self.csrfHeader] ?? Self.formToken(request)
        guard let header, header == cookie, policy.isValid(header, purpose: "csrf") else {
            throw APIError(.forbidden, "The request has no valid CSRF token (reload the page and try again); nothing was changed.")
        }
    }

    /// Whether `path` belongs to the OpenAI-compatible API (errors in OpenAI's shape, no CSRF token).
    static func isAPI(_ path: String) -> Bool { path.hasPrefix("/v1/") || path == "/openapi.json" }

    /// GET, HEAD and OPTIONS change nothing.
    static func isSafe(_ method: HTTPRequest.Method) -> Bool { method == .get || method == .head || method == .options }

    /// Paths an unpaired browser may load: the pairing page and its style sheet.
    static func isPublic(_ path: String) -> Bool { path == "/pair" || path == "/app.css" }

    private func isPaired(_ request: Request) -> Bool {
        policy.isValid(request.cookies[Self.sessionCookie]?.value, purpose: "session") || hasBearerToken(request)
    }

    private func hasBearerToken(_ request: Request) -> Bool {
        guard let value = request.headers[.authorization], value.hasPrefix("Bearer ") else { return false }
        return policy.matchesPairingCode(String(value.dropFirst("Bearer ".count)))
    }

    /// The pairing form sends its token as a query item (a form post cannot set headers).
    private static func formToken(_ request: Request) -> String? {
        request.uri.queryParameters["csrf"].map(String.init)
    }

    private func addSecurityHeaders(to response: inout Response, request: Request) {
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[HTTPField.Name("Cross-Origin-Opener-Policy")!] = "same-origin"
        if !policy.isValid(request.cookies[Self.csrfCookie]?.value, purpose: "csrf") {
            response.setCookie(Cookie(name: Self.csrfCookie, value: policy.issueToken("csrf"), path: "/", httpOnly: false, sameSite: .strict))
        }
    }
}

/// A redirect, thrown from the guard.
struct Redirect: HTTPResponseError {
    var location: String
    var status: HTTPResponse.Status { .seeOther }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}
