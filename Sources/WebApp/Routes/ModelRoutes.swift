import Foundation
import HomeOS
import Hummingbird
import WebFoundation
import ModelHub
import Skills

/// `/api/models` and `/api/skills`: the installed and downloadable models, the active one
/// (switched without a restart), catalog downloads with live progress, and skills switched on or off.
struct ModelRoutes {
    let session: FamilySession
    let library: ModelLibrary
    let shutdown: ShutdownSignal
    /// The context size memory figures are estimated for.
    let contextSize: Int
    /// KV caches of `contextSize` cells a loaded model keeps.
    let kvCacheCount: Int

    func register(on router: Router<WebRequestContext>) {
        router.get("/api/models") { _, _ in JSONResponse.make(try await listing()) }
        router.post("/api/models/active") { request, context in
            struct Body: Decodable { var id: String }
            let body = try await JSONResponse.decode(Body.self, from: request, context: context)
            return JSONResponse.make(["active": try await activate(body.id)])
        }
        router.post("/api/models/:id/pull") { _, context in try pull(context.parameters.get("id") ?? "") }
        router.post("/api/skills/:id") { request, context in
            struct Body: Decodable { var enabled: Bool }
            let id = context.parameters.get("id") ?? ""
            guard let descriptor = HomeOSSkillCatalog.all.first(where: { $0.id == id }) else { throw APIError.notFound("That skill") }
            let body = try await JSONResponse.decode(Body.self, from: request, context: context)
            try session.storage.update(.skillSettings) { $0.setEnabled(body.enabled, skillID: id) }
            await session.familyChanged()
            return JSONResponse.make(["skill": SkillPayload(descriptor, enabled: body.enabled)])
        }
    }

    private func listing() async throws -> ModelsPayload {
        let settings = try session.storage.load(.skillSettings)
        let active = await session.models.displayID
        let state: String
        switch await session.models.state {
        case .none: state = "none"
        case .loading: state = "loading"
        case .ready: state = "ready"
        case .failed(let message): state = "failed: \(message)"
        }
        let models = library.statuses()
            .filter { $0.entry.runtime == .llamaCppGGUF }
            .map { status in
                ModelsPayload.Model(
                    id: status.entry.id, name: status.entry.displayName,
                    sizeText: (status.entry.publishedSizeBytes ?? Self.fileSize(status.path)).map(Self.bytes) ?? "size not published",
                    memoryText: "about " + Self.bytes(library.memoryEstimate(for: status.entry, contextSize: contextSize).withKVCaches(kvCacheCount).totalBytes) + " in memory",
                    state: Self.stateName(status.state), active: status.entry.id == active, default: status.isDefault)
            }
        return ModelsPayload(active: active, state: state, models: models,
                             skills: HomeOSSkillCatalog.all.map { SkillPayload($0, enabled: settings.isEnabled($0.id)) })
    }

    private func activate(_ id: String) async throws -> String {
        guard let entry = library.catalog.entry(named: id) else { throw APIError.notFound("The model \"\(id.prefix(80))\"") }
        guard library.status(of: entry).state.isInstalled else {
            throw APIError(.conflict, "\(entry.displayName) is not installed yet; download it first.")
        }
        session.events.publish(ServerSentEvent("model", ["id": entry.id, "state": "loading"]))
        do {
            let loaded = try await session.models.load(entry.id)
            await session.startWarmUp()
            session.events.publish(ServerSentEvent("model", ["id": loaded.id, "state": "ready"]))
            return loaded.id
        } catch {
            session.events.publish(ServerSentEvent("model", ["id": entry.id, "state": "failed", "message": "\(error)"]))
            throw APIError(.internalServerError, "\(entry.displayName) could not be loaded: \(error). The previous model is still in use.")
        }
    }

    /// Downloads a catalog model, streaming `progress` events, then `done` or `error`.
    private func pull(_ id: String) throws -> Response {
        guard let entry = library.catalog.entry(named: id), entry.runtime == .llamaCppGGUF else {
            throw APIError.notFound("The model \"\(id.prefix(80))\"")
        }
        let library = self.library
        let (events, continuation) = AsyncStream<ServerSentEvent>.makeStream()
        let work = Task {
            let client = ModelDownloader.makeHTTPClient()
            do {
                let token = AuthToken.resolve(tokenFile: library.paths.tokenFile)
                _ = try await library.pull(entry.id, options: .init(token: token), downloader: ModelDownloader(httpClient: client)) { progress in
                    continuation.yield(ServerSentEvent("progress", PullProgressPayload(progress)))
                }
                continuation.yield(ServerSentEvent("done", ["id": entry.id]))
            } catch {
                continuation.yield(ServerSentEvent("error", ["message": "\(error)"]))
            }
            try? await client.shutdown()
            continuation.finish()
        }
        // The page going away cancels the download; the partial file stays and resumes next time.
        return ServerSentEvent.response(streaming: events, of: work, shutdown: shutdown)
    }

    static func stateName(_ state: InstallState) -> String {
        switch state {
        case .installed: return "installed"
        case .partial: return "partial"
        case .notInstalled: return "notInstalled"
        case .damaged: return "damaged"
        case .unavailable: return "unavailable"
        }
    }

    /// The size of an installed model's file, if it is there.
    static func fileSize(_ path: String) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
    }

    static func bytes(_ count: Int64) -> String {
        ByteCountFormatter.string(fromByteCount: count, countStyle: .file)
    }
}

/// The Models page's data.
struct ModelsPayload: Encodable, Sendable {
    struct Model: Encodable, Sendable {
        var id: String
        var name: String
        var sizeText: String
        var memoryText: String
        var state: String
        var active: Bool
        var `default`: Bool
    }

    var active: String?
    var state: String
    var models: [Model]
    var skills: [SkillPayload]
}

/// A skill and whether it is on.
struct SkillPayload: Encodable, Sendable {
    var id: String
    var name: String
    var summary: String
    var enabled: Bool

    init(_ descriptor: SkillDescriptor, enabled: Bool) {
        id = descriptor.id
        name = descriptor.name
        summary = descriptor.summary
        self.enabled = enabled
    }
}

/// One step of a download.
struct PullProgressPayload: Encodable, Sendable {
    var fraction: Double?
    var receivedBytes: Int64
    var totalBytes: Int64?
    var file: String

    init(_ progress: ModelLibrary.PullProgress) {
        fraction = progress.download.fraction
        receivedBytes = progress.download.receivedBytes
        totalBytes = progress.download.totalBytes
        file = progress.file
    }
}
