import Foundation
import HTTPTypes
import Hummingbird

/// What differs between the servers that share ``RequestGuard``: the names in their cookies and
/// messages, which paths are a program's API, and the paths an unpaired browser may load.
public struct GuardSettings: Sendable {
    /// The product named in refusals and cookie names (`homeos`, `sentinel`). Cookies are shared
    /// by every port of a host, so each server keeps its own names.
    public var product: String
    /// The command that printed the address and pairing code (`homeos serve`).
    public var command: String
    /// Whether a path belongs to a program's API: refusals take ``renderAPIError``'s shape and
    /// need no CSRF token (programs send no cookies; the Origin check still applies).
    public var isAPI: @Sendable (String) -> Bool
    /// The response for a refused API request (nil: the plain JSON error).
    public var renderAPIError: (@Sendable (APIError, Request) -> Response)?
    /// Paths an unpaired browser may load (the pairing page and its style sheet).
    public var publicPaths: Set<String>

    /// Creates settings.
    public init(product: String, command: String, isAPI: @escaping @Sendable (String) -> Bool = { _ in false },
                renderAPIError: (@Sendable (APIError, Request) -> Response)? = nil, publicPaths: Set<String> = ["/pair"]) {
        self.product = product
        self.command = command
        self.isAPI = isAPI
        self.renderAPIError = renderAPIError
        self.publicPaths = publicPaths
    }

    /// The cookie holding the CSRF token; pages copy it into ``RequestGuard/csrfHeader``.
    public var csrfCookie: String { "\(product.lowercased())_csrf" }
    /// The HttpOnly cookie of a paired browser.
    public var sessionCookie: String { "\(product.lowercased())_session" }
}

/// Every request passes here before its route: the Host check (DNS rebinding), pairing when the
/// server listens beyond loopback, the Origin and CSRF checks on state-changing requests; every
/// response leaves with the security headers (a strict Content-Security-Policy among them) and,
/// when the browser has none, a CSRF cookie.
public struct RequestGuard<Context: RequestContext>: RouterMiddleware {
    /// Who may talk to the server.
    public let policy: AccessPolicy
    /// This server's names and API paths.
    public let settings: GuardSettings

    /// Creates the guard.
    public init(policy: AccessPolicy, settings: GuardSettings) {
        self.policy = policy
        self.settings = settings
    }

    /// The header state-changing requests carry the CSRF token in.
    public static var csrfHeader: HTTPField.Name { HTTPField.Name("X-CSRF-Token")! }
    /// The policy of every page: nothing from anywhere but this server, no framing, no inline code.
    public static var contentSecurityPolicy: String {
        "default-src 'self'; img-src 'self' data:; media-src 'self' blob:; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    }

    /// Checks the request, runs the route, adds the security headers.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        // The page's CSRF token: the browser's own when valid, else a new one that the response
        // sets as the cookie, so a page rendered on the server can put it in its forms at once.
        let cookieToken = request.cookies[settings.csrfCookie]?.value
        let token = policy.isValid(cookieToken, purpose: "csrf") ? cookieToken! : policy.issueToken("csrf")
        do {
            try check(request)
            response = try await CSRFToken.$current.withValue(token) { try await next(request, context) }
        } catch let error as APIError where settings.isAPI(request.uri.path) {
            response = try settings.renderAPIError?(error, request) ?? error.response(from: request, context: context)
        } catch let error as HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        addSecurityHeaders(to: &response, request: request, token: token)
        return response
    }

    /// Throws the refusal for a request that may not go through.
    private func check(_ request: Request) throws {
        let authority = request.head.authority ?? ""
        guard policy.allows(authority: authority) else {
            throw APIError(.misdirectedRequest, "This server answers only to http://127.0.0.1:\(policy.boundPort) (the request named "
                + "\"\(authority.prefix(80))\"). Open the address \(settings.command) printed.")
        }
        if policy.requiresPairing && !isPaired(request) && !settings.publicPaths.contains(request.uri.path) {
            if request.method == .get && !request.uri.path.hasPrefix("/api/") && !settings.isAPI(request.uri.path) {
                throw Redirect(location: "/pair")
            }
            throw APIError(.unauthorized, settings.isAPI(request.uri.path)
                ? "This server needs its token: send Authorization: Bearer <the code \(settings.command) printed, or --token>."
                : "This browser is not paired yet: open /pair and enter the code \(settings.command) printed.")
        }
        guard !Self.isSafe(request.method) else { return }
        let fetchSite = request.headers[HTTPField.Name("Sec-Fetch-Site")!]
        // A form posted from a page sent with Referrer-Policy: no-referrer carries `Origin: null`;
        // the browser's own Sec-Fetch-Site (which no page can set) still says where it came from.
        if let origin = request.headers[.origin], !(origin == "null" && fetchSite == "same-origin") {
            guard policy.allows(origin: origin) else {
                throw APIError(.forbidden, "Cross-origin request refused: a page from \(origin.prefix(80)) cannot change \(settings.product) data.")
            }
        } else if let site = fetchSite, site == "cross-site" || site == "same-site" {
            throw APIError(.forbidden, "Cross-site request refused: another site cannot change \(settings.product) data.")
        }
        if hasBearerToken(request) { return }  // a program with the pairing token, not a browser riding a cookie
        // The OpenAI-compatible API is for programs, which send no cookies: on loopback it needs no
        // key, elsewhere the bearer token (above). A browser page of another site is still refused
        // by the Origin check; a paired browser's cookie is SameSite=Strict.
        if settings.isAPI(request.uri.path) { return }
        let cookie = request.cookies[settings.csrfCookie]?.value
        let header = request.headers[Self.csrfHeader] ?? Self.formToken(request)
        guard let header, header == cookie, policy.isValid(header, purpose: "csrf") else {
            throw APIError(.forbidden, "The request has no valid CSRF token (reload the page and try again); nothing was changed.")
        }
    }

    /// GET, HEAD and OPTIONS change nothing.
    public static func isSafe(_ method: HTTPRequest.Method) -> Bool { method == .get || method == .head || method == .options }

    private func isPaired(_ request: Request) -> Bool {
        policy.isValid(request.cookies[settings.sessionCookie]?.value, purpose: "session") || hasBearerToken(request)
    }

    private func hasBearerToken(_ request: Request) -> Bool {
        guard let value = request.headers[.authorization], value.hasPrefix("Bearer ") else { return false }
        return policy.matchesPairingCode(String(value.dropFirst("Bearer ".count)))
    }

    /// The pairing form sends its token as a query item (a form post cannot set headers).
    private static func formToken(_ request: Request) -> String? {
        request.uri.queryParameters["csrf"].map(String.init)
    }

    private func addSecurityHeaders(to response: inout Response, request: Request, token: String) {
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[HTTPField.Name("Cross-Origin-Opener-Policy")!] = "same-origin"
        if !policy.isValid(request.cookies[settings.csrfCookie]?.value, purpose: "csrf") {
            response.setCookie(Cookie(name: settings.csrfCookie, value: token, path: "/", httpOnly: false, sameSite: .strict))
        }
    }
}

/// The CSRF token of the request being handled (set by ``RequestGuard``), for forms rendered on
/// the server: they send it back in their action's `csrf` query item.
public enum CSRFToken {
    /// The token; nil outside a guarded request.
    @TaskLocal public static var current: String?
}

/// A redirect (303 See Other), thrown from a guard or a route.
public struct Redirect: HTTPResponseError {
    /// Where the browser goes.
    public var location: String
    /// 303.
    public var status: HTTPResponse.Status { .seeOther }

    /// Creates a redirect.
    public init(location: String) { self.location = location }

    /// The redirect response.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}
