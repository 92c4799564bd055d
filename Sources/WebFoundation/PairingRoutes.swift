import Foundation
import Hummingbird

/// `/pair`: when the server listens beyond this machine, a browser enters the code shown in the
/// terminal once and gets an HttpOnly session cookie.
public struct PairingRoutes: Sendable {
    /// Who may talk to the server.
    public let policy: AccessPolicy
    /// The server's cookie names and command.
    public let settings: GuardSettings
    /// The style sheet the pairing page links.
    public let styleSheet: String

    /// Creates the routes.
    public init(policy: AccessPolicy, settings: GuardSettings, styleSheet: String) {
        self.policy = policy
        self.settings = settings
        self.styleSheet = styleSheet
    }

    /// Adds `GET /pair` and `POST /pair`.
    public func register(on router: Router<WebRequestContext>) {
        router.get("/pair") { request, _ in
            page(message: nil, csrf: request.cookies[settings.csrfCookie]?.value)
        }
        router.post("/pair") { request, context in
            let buffer: ByteBuffer
            do {
                buffer = try await request.body.collect(upTo: 4096)
            } catch {
                throw APIError(.contentTooLarge, "The pairing form is larger than 4 KB.")
            }
            let form = String(buffer: buffer)
            let code = form.split(separator: "&").compactMap { pair -> String? in
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0] == "code" else { return nil }
                return String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            }.first ?? ""
            guard policy.matchesPairingCode(code) else {
                var response = page(message: "That code is not right. Look at the terminal running \(settings.command).",
                                    csrf: request.cookies[settings.csrfCookie]?.value)
                response.status = .unauthorized
                return response
            }
            var response = Response(status: .seeOther, headers: [.location: "/"])
            response.setCookie(Cookie(name: settings.sessionCookie, value: policy.issueToken("session"),
                                      maxAge: 60 * 60 * 24 * 365, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
    }

    /// The pairing form (server-rendered; the CSRF token rides in the form's address).
    private func page(message: String?, csrf: String?) -> Response {
        let token = csrf.flatMap { policy.isValid($0, purpose: "csrf") ? $0 : nil } ?? ""
        let error = message.map { "<p class=\"form-error\" role=\"alert\">\(HTMLText.escape($0))</p>" } ?? ""
        let reload = token.isEmpty ? "<p>Reload this page once, then enter the code.</p>" : ""
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Pair this browser · \(HTMLText.escape(settings.product))</title><link rel="stylesheet" href="\(HTMLText.escape(styleSheet))"></head>
            <body><main id="main" class="pairing"><h1>Pair this browser</h1>
            <p>Enter the code that <code>\(HTMLText.escape(settings.command))</code> printed in its terminal.</p>\(reload)\(error)
            <form method="post" action="/pair?csrf=\(HTMLText.escape(token))">
            <label for="code">Pairing code</label>
            <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
            <button type="submit">Pair</button></form></main></body></html>
            """
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
