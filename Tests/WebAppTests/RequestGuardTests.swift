import Foundation
import HomeOS
import HTTPTypes
import HummingbirdTesting
import LLM
import Testing
import WebFoundation
@testable import WebApp

/// The guard in front of every route: Host, Origin, CSRF, body limits, and the headers every
/// response carries. Each refusal has its own status and sentence, and writes nothing.
@Suite(.serialized) struct RequestGuardTests {
    @Test func pageComesWithStrictPolicyAndCSRFCookie() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let response = try await web.get("/")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
            #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            #expect(!web.csrf.isEmpty)
            #expect(response.text.contains("/app.js"))
            #expect(!response.text.contains("http://") && !response.text.contains("https://"), "no external resources")
        }
    }

    @Test func foreignHostIsRefusedBeforeAnyRoute() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let read = try await web.get("/api/family", host: "attacker.example:\(web.port)")
            #expect(read.status == .misdirectedRequest)
            #expect(read.json["error"]?.stringValue?.contains("answers only to") == true)
            let write = try await web.send(.post, "/api/family/members", json: #"{"name":"Mallory","role":"other"}"#,
                                           host: "attacker.example:\(web.port)")
            #expect(write.status == .misdirectedRequest)
        }
        #expect(try fixture.storage.load(.family).member(named: "Mallory") == nil)
    }

    @Test func crossOriginWriteIsRefused() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let response = try await web.send(.post, "/api/family/members", json: #"{"name":"Mallory","role":"other"}"#,
                                              origin: "http://attacker.example")
            #expect(response.status == .forbidden)
            #expect(response.json["error"]?.stringValue?.contains("Cross-origin") == true)
        }
        #expect(try fixture.storage.load(.family).member(named: "Mallory") == nil)
    }

    @Test func writeWithoutCSRFTokenIsRefused() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let missing = try await web.send(.post, "/api/family/members", json: #"{"name":"Mallory","role":"other"}"#, csrf: "")
            #expect(missing.status == .forbidden)
            #expect(missing.json["error"]?.stringValue?.contains("CSRF") == true)
            let forged = try await web.send(.post, "/api/family/members", json: #"{"name":"Mallory","role":"other"}"#,
                                            csrf: "00112233445566778899aabbccddeeff.00")
            #expect(forged.status == .forbidden)
        }
        #expect(try fixture.storage.load(.family).member(named: "Mallory") == nil)
    }

    @Test func malformedJSONGetsBadRequestAndNothingIsWritten() async throws {
        let fixture = try await WebFixture()
        let before = try fixture.storage.load(.medications)
        try await fixture.test { web in
            let response = try await web.send(.post, "/api/family/medications", json: #"{"name": "#)
            #expect(response.status == .badRequest)
            #expect(response.json["error"]?.stringValue?.contains("not valid JSON") == true)
            let wrongShape = try await web.send(.post, "/api/chat", json: #"{"text":"hi"}"#)
            #expect(wrongShape.status == .badRequest)
            #expect(wrongShape.json["error"]?.stringValue?.contains("\"message\" is missing") == true)
        }
        #expect(try fixture.storage.load(.medications) == before)
    }

    @Test func oversizeBodyGets413() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let huge = #"{"name":""# + String(repeating: "a", count: WebRequestContext.bodyLimit + 10) + #"","role":"other"}"#
            let response = try await web.send(.post, "/api/family/members", json: huge)
            #expect(response.status == .contentTooLarge)
            #expect(response.json["error"]?.stringValue?.contains("larger than 64 KB") == true, "the refusal says why")
        }
        #expect(try fixture.storage.load(.family).members.count == 4)
    }

    @Test func unknownIdsAndKindsGet404() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let r1 = try await web.send(.post, "/api/approvals/\(UUID())/approve")
            #expect(r1.status == .notFound)
            let r2 = try await web.send(.post, "/api/approvals/not-an-id/deny")
            #expect(r2.status == .notFound)
            let r3 = try await web.send(.delete, "/api/family/medications/\(UUID())")
            #expect(r3.status == .notFound)
            let r4 = try await web.send(.put, "/api/family/pets/rex", json: #"{"name":"Rex"}"#)
            #expect(r4.status == .notFound)
            let r5 = try await web.send(.post, "/api/reminders/\(UUID())/done")
            #expect(r5.status == .notFound)
            let r6 = try await web.send(.post, "/api/skills/no-such-skill", json: #"{"enabled":false}"#)
            #expect(r6.status == .notFound)
            let r7 = try await web.send(.post, "/api/models/active", json: #"{"id":"no-such-model"}"#)
            #expect(r7.status == .notFound)
        }
    }

    @Test func nonLoopbackServerNeedsPairing() async throws {
        let policy = AccessPolicy(host: "192.168.1.20", port: 8765, pairingCode: "12345678")
        #expect(policy.requiresPairing)
        #expect(policy.allows(authority: "192.168.1.20:8765"))
        #expect(policy.allows(authority: "127.0.0.1:8765"))
        #expect(!policy.allows(authority: "homeos.attacker.example:8765"))
        #expect(!policy.allows(authority: "192.168.1.20:9999"))
        #expect(policy.matchesPairingCode("12345678") && !policy.matchesPairingCode("12345679"))
        let session = policy.issueToken("session")
        #expect(policy.isValid(session, purpose: "session"))
        #expect(!policy.isValid(session, purpose: "csrf"), "a token is good for its purpose only")
        #expect(!AccessPolicy(host: "127.0.0.1", port: 1, pairingCode: "x").requiresPairing)
    }
}
