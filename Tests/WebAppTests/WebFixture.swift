import Foundation
import HomeOS
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LLM
import ModelHub
import NIOCore
import Synchronization
@testable import WebApp

/// A family web server over the sample family in memory, on a real socket on 127.0.0.1, and a
/// client that speaks to it like the page does (Host, CSRF cookie and header).
struct WebFixture {
    let storage: InMemoryStorage
    let server: FamilyWebServer

    /// The sample family, with or without a (scripted) model.
    /// - Parameter remoteFallback: what `homeos serve` makes of an allowed remote-fallback setting.
    init(model: (any LanguageModel)? = nil, remoteFallback: (@Sendable (RemoteFallbackSetting) -> RemoteFallback?)? = nil) async throws {
        storage = InMemoryStorage()
        let seed = try JSONDecoder().decode(FamilySeed.self, from: Data(contentsOf: Self.sampleFamily))
        try storage.transaction { try seed.save(in: $0) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homeos-web-\(UUID().uuidString)")
        let library = ModelLibrary.standard(environment: ["HOMEOS_MODELS": folder.path, "HOME": folder.path])
        server = try FamilyWebServer(configuration: .init(port: 0, runsScheduler: false, remoteFallback: remoteFallback), storage: storage,
                                     loader: model.map(FixedModelLoader.init), sentenceEncoder: nil, library: library)
        if model != nil { try await server.loadInitialModel() }
    }

    /// A fixture over an existing store and server (a restart).
    init(storage: InMemoryStorage, server: FamilyWebServer) {
        self.storage = storage
        self.server = server
    }

    static let sampleFamily = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/sample-family.json")

    /// Runs `body` with a client of the live server.
    func test<Value: Sendable>(_ body: @Sendable (WebClient) async throws -> Value) async throws -> Value {
        try await server.application().test(.ahc(.http)) { client in
            let web = WebClient(client: client, port: client.port ?? 0)
            try await web.start()
            return try await body(web)
        }
    }
}

/// Loads the one given model.
struct FixedModelLoader: ModelLoading {
    let model: any LanguageModel

    init(_ model: any LanguageModel) { self.model = model }

    func load(_ id: String?) async throws -> LoadedModel { LoadedModel(id: model.id, model: model) }
}

/// A test client that behaves like the page: right Host, the CSRF cookie it was given, the token
/// in the header of every state-changing request.
final class WebClient: Sendable {
    let client: any TestClientProtocol
    let port: Int
    private let token = Mutex<String?>(nil)

    init(client: any TestClientProtocol, port: Int) {
        self.client = client
        self.port = port
    }

    var csrf: String { token.withLock { $0 ?? "" } }

    /// Loads the page, keeping the CSRF cookie.
    func start() async throws {
        let response = try await get("/")
        let cookie = response.headers[values: .setCookie].first { $0.hasPrefix("homeos_csrf=") }
        token.withLock { $0 = cookie?.dropFirst("homeos_csrf=".count).split(separator: ";").first.map(String.init) }
    }

    /// The headers of a page request: Host, cookie, and for writes the CSRF header and JSON type.
    func headers(write: Bool, host: String? = nil, origin: String? = nil, csrf: String? = nil, json: Bool = true) -> HTTPFields {
        var headers = HTTPFields()
        headers[HTTPField.Name("Host")!] = host ?? "127.0.0.1:\(port)"
        headers[.cookie] = "homeos_csrf=\(self.csrf)"
        if write {
            headers[HTTPField.Name("X-CSRF-Token")!] = csrf ?? self.csrf
            if json { headers[.contentType] = "application/json" }
            headers[.origin] = origin ?? "http://127.0.0.1:\(port)"
        }
        return headers
    }

    func get(_ path: String, host: String? = nil) async throws -> TestResponse {
        try await client.executeRequest(uri: path, method: .get, headers: headers(write: false, host: host), body: nil)
    }

    func send(_ method: HTTPRequest.Method, _ path: String, json: String = "{}", host: String? = nil, origin: String? = nil,
              csrf: String? = nil, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers(write: true, host: host, origin: origin, csrf: csrf)
        for field in extra { headers[field.name] = field.value }
        return try await client.executeRequest(uri: path, method: method, headers: headers, body: ByteBuffer(string: json))
    }
}

extension TestResponse {
    /// The body as text.
    var text: String { String(buffer: body) }

    /// The body as JSON.
    var json: JSONValue { (try? JSONValue(parsing: text)) ?? .null }
}
