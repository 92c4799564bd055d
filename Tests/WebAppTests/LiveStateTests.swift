import Foundation
import HomeOS
import LLM
import Synchronization
import Testing
import WebFoundation
@testable import WebApp

/// The warm process's moving parts: notifications reaching open pages, model switches, shutdown.
@Suite(.serialized) struct LiveStateTests {
    @Test func deliveredNotificationIsKeptAndReachesEveryOpenPage() async throws {
        let storage = InMemoryStorage()
        let hub = EventHub()
        let first = hub.subscribe(), second = hub.subscribe()
        let notification = HomeOSNotification(
            title: "Medication", body: "Grandma Rosa: atorvastatin 20 mg", category: .health, isUrgent: true,
            entry: .init(id: "med-1", kind: .medication, jobID: "atorvastatin", scheduledAt: Date(), deliveredAt: Date(),
                         isCatchUp: false, reason: "21:00 daily"))
        try await WebNotifier(storage: storage, events: hub).deliver(notification)
        #expect(try storage.load(.deliveredNotifications).map(\.entry.id) == ["med-1"])
        for stream in [first, second] {
            var iterator = stream.makeAsyncIterator()
            let event = await iterator.next()
            #expect(event?.name == "notification")
            let payload = try JSONValue(parsing: String(decoding: event?.data ?? Data(), as: UTF8.self))
            #expect(payload["title"]?.stringValue == "Medication")
            #expect(payload["urgent"] == true)
        }
        hub.finishAll()
        #expect(hub.subscriberCount == 0)
    }

    @Test func modelSwitchesWithoutRestartAndAFailedSwitchKeepsTheOldModel() async throws {
        struct Loader: ModelLoading {
            func load(_ id: String?) async throws -> LoadedModel {
                guard let id, id != "broken" else { throw LLMError.modelUnavailable(.unavailable(reason: "the file is damaged")) }
                return LoadedModel(id: id, model: ScriptedModel(id: id))
            }
        }
        let manager = ModelManager(loader: Loader())
        try await manager.load("first")
        let generation = await manager.generation
        try await manager.load("second")
        #expect(await manager.current?.id == "second")
        #expect(await manager.generation == generation + 1)
        #expect(manager.live.id == "second", "the scheduler's briefings follow the switch")
        await #expect(throws: LLMError.self) { try await manager.load("broken") }
        #expect(await manager.current?.id == "second")
    }

    @Test func sessionReusesTheWarmAssistantUntilTheFamilyChanges() async throws {
        let fixture = try await WebFixture(model: ScriptedModel(id: "first"))
        let session = fixture.server.session
        let before = try await session.assistant()
        #expect(try await session.assistant().assistant === before.assistant, "the warm assistant is reused")
        await session.familyChanged()
        #expect(try await session.assistant().assistant !== before.assistant, "a family edit rebuilds it")
    }

    @Test func theServerPrefillsTheSkillsClassificationPromptsAfterTheModelLoads() async throws {
        let model = ScriptedModel(id: "scoring", capabilities: [.scoring])
        let fixture = try await WebFixture(model: model)
        // The warm-up runs in the background after loadInitialModel returns.
        let deadline = ContinuousClock.now + .seconds(10)
        while model.prefilledPrompts.count < ModelWarmUpCount.sampleFamily, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        withExtendedLifetime(fixture) {}
        #expect(model.prefilledPrompts.count == ModelWarmUpCount.sampleFamily)
        #expect(model.requests.isEmpty && model.scoredPrompts.isEmpty, "nothing is generated or scored before the first message")
    }

    /// The sample family enables every skill: healthcare, home maintenance, education,
    /// transportation and wellness each classify with one fixed set.
    enum ModelWarmUpCount { static let sampleFamily = 5 }

    @Test func shutdownCancelsRegisteredWorkOnce() {
        let signal = ShutdownSignal()
        let count = Mutex(0)
        let kept = signal.onShutdown { count.withLock { $0 += 1 } }
        let removed = signal.onShutdown { count.withLock { $0 += 100 } }
        signal.remove(removed)
        signal.trigger()
        signal.trigger()
        #expect(count.withLock { $0 } == 1)
        _ = kept
        _ = signal.onShutdown { count.withLock { $0 += 10 } }  // registered after: runs at once
        #expect(count.withLock { $0 } == 11)
    }
}
