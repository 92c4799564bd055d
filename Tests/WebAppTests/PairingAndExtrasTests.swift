import Foundation
import HomeOS
import HTTPTypes
import AsyncHTTPClient
import HummingbirdTesting
import NIOHTTP1
import LLM
import ModelHub
import NIOCore
import Testing
@testable import WebApp

/// A response of the redirect-showing client.
struct Reply {
    var status: Int
    var headers: HTTPHeaders
}

/// Pairing off loopback, and the routes not covered elsewhere (briefing, downloads, health).
@Suite(.serialized) struct PairingAndExtrasTests {
    @Test func browserOffLoopbackPairsOnceWithTheCode() async throws {
        let storage = InMemoryStorage()
        let seed = try JSONDecoder().decode(FamilySeed.self, from: Data(contentsOf: WebFixture.sampleFamily))
        try storage.transaction { try seed.save(in: $0) }
        let server = try FamilyWebServer(configuration: .init(host: "0.0.0.0", port: 0, pairingCode: "24681357", runsScheduler: false),
                                         storage: storage, loader: nil, sentenceEncoder: nil,
                                         library: ModelLibrary.standard(environment: ["HOMEOS_MODELS": "/nonexistent"]))
        #expect(server.policy.requiresPairing)
        try await server.application().test(.ahc(.http)) { client in
            let port = client.port ?? 0
            // A client of our own that shows redirects instead of following them.
            let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
            defer { _ = http.shutdown() }
            func request(_ method: HTTPRequest.Method, _ path: String, cookie: String = "", extra: HTTPFields = [:],
                         body: String? = nil) async throws -> Reply {
                var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
                request.method = .init(rawValue: method.rawValue)
                if !cookie.isEmpty { request.headers.add(name: "Cookie", value: cookie) }
                for field in extra { request.headers.add(name: field.name.rawName, value: field.value) }
                if let body { request.body = .bytes(ByteBuffer(string: body)) }
                let response = try await http.execute(request, timeout: .seconds(10))
                _ = try await response.body.collect(upTo: 1 << 20)
                return Reply(status: Int(response.status.code), headers: response.headers)
            }
            let r1 = try await request(.get, "/api/family")
            #expect(r1.status == 401)
            let root = try await request(.get, "/")
            #expect(root.status == 303)
            #expect(root.headers["location"].first == "/pair")
            let pairPage = try await request(.get, "/pair")
            #expect(pairPage.status == 200)
            let csrf = try #require(pairPage.headers["set-cookie"].first { $0.hasPrefix("homeos_csrf=") }?
                .dropFirst("homeos_csrf=".count).split(separator: ";").first.map(String.init))
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            let wrong = try await request(.post, "/pair?csrf=\(csrf)", cookie: "homeos_csrf=\(csrf)", extra: form, body: "code=11111111")
            #expect(wrong.status == 401)
            let noToken = try await request(.post, "/pair", cookie: "homeos_csrf=\(csrf)", extra: form, body: "code=24681357")
            #expect(noToken.status == 403)
            let paired = try await request(.post, "/pair?csrf=\(csrf)", cookie: "homeos_csrf=\(csrf)", extra: form, body: "code=24681357")
            #expect(paired.status == 303)
            let session = try #require(paired.headers["set-cookie"].first { $0.hasPrefix("homeos_session=") })
            #expect(session.contains("HttpOnly") && session.contains("SameSite=Strict"))
            let value = String(session.dropFirst("homeos_session=".count).prefix { $0 != ";" })
            let r2 = try await request(.get, "/api/family", cookie: "homeos_session=\(value)")
            #expect(r2.status == 200)
            let r3 = try await request(.get, "/api/family", extra: [.authorization: "Bearer 24681357"])
            #expect(r3.status == 200)
            // The OpenAI-compatible API off loopback: the bearer token, and errors in OpenAI's shape.
            let api = try await request(.get, "/v1/models")
            #expect(api.status == 401)
            let apiWithToken = try await request(.get, "/v1/models", extra: [.authorization: "Bearer 24681357"])
            #expect(apiWithToken.status == 200)
            let r4 = try await request(.get, "/api/family", extra: [.authorization: "Bearer 00000000"])
            #expect(r4.status == 401)
        }
    }

    @Test func briefingWithoutAModelIsThePlainSummary() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let response = try await web.send(.post, "/api/today/briefing")
            #expect(response.status == 200)
            #expect(response.json["briefing"]?["usedModel"] == false)
            #expect(response.json["briefing"]?["text"]?.stringValue?.isEmpty == false)
            let today = try await web.get("/api/today").json
            #expect(today["briefing"]?["text"] == response.json["briefing"]?["text"])
        }
    }

    @Test func unknownDownloadAndHealth() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let pull = try await web.send(.post, "/api/models/no-such-model/pull")
            #expect(pull.status == .notFound)
            let health = try await web.get("/api/health")
            #expect(health.json["status"]?.stringValue == "ok")
            let noIcon = try await web.get("/favicon.ico")
            #expect(noIcon.status == .noContent)
        }
    }
}
