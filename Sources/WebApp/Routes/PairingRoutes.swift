import Foundation
import Hummingbird

/// `/pair`: when the server listens beyond this machine, a browser enters the code shown in the
/// terminal once and gets an HttpOnly session cookie.
struct PairingRoutes {
    let policy: AccessPolicy

    func register(on router: Router<WebRequestContext>) {
        router.get("/pair") { request, _ in
            page(message: nil, csrf: request.cookies[RequestGuard<WebRequestContext>.csrfCookie]?.value)
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
                var response = page(message: "That code is not right. Look at the terminal running homeos serve.",
                                    csrf: request.cookies[RequestGuard<WebRequestContext>.csrfCookie]?.value)
                response.status = .unauthorized
                return response
            }
            var response = Response(status: .seeOther, headers: [.location: "/"])
            response.setCookie(Cookie(name: RequestGuard<WebRequestContext>.sessionCookie, value: policy.issueToken("session"),
                                      maxAge: 60 * 60 * 24 * 365, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
    }

    /// The pairing form (server-rendered; the CSRF token rides in the form's address).
    private func page(message: String?, csrf: String?) -> Response {
        let token = csrf.flatMap { policy.isValid($0, purpose: "csrf") ? $0 : nil } ?? ""
        let error = message.map { "<p class=\"form-error\" role=\"alert\">\(SafeMarkdown.escape($0))</p>" } ?? ""
        let reload = token.isEmpty ? "<p>Reload this page once, then enter the code.</p>" : ""
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Pair this browser · HomeOS</title><link rel="stylesheet" href="/app.css"></head>
            <body><main id="main" class="pairing"><h1>Pair this browser</h1>
            <p>Enter the code that <code>homeos serve</code> printed in its terminal.</p>\(reload)\(error)
            <form method="post" action="/pair?csrf=\(SafeMarkdown.escape(token))">
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
