import Foundation
import Sentinel
import Synchronization
import Testing
@testable import SentinelWeb

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let start = ContinuousClock.now
    private let offset = Mutex(Duration.zero)

    var now: ContinuousClock.Instant { start + offset.withLock { $0 } }
    func advance(_ duration: Duration) { offset.withLock { $0 += duration } }
}

/// A data directory removed when the test ends.
final class ScratchDirectory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sentinel-web-\(UUID().uuidString)")
    deinit { try? FileManager.default.removeItem(at: url) }
}

@Suite struct SentinelVaultTests {
    @Test func eachWrongPassphraseDoublesTheWaitUpToFiveMinutes() {
        let waits = (1...12).map { SentinelVault.delay(afterFailures: $0) }
        #expect(waits.prefix(5) == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16)])
        #expect(waits.last == .seconds(300))
        #expect(zip(waits, waits.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func aWrongPassphraseWaitsAndATryDuringTheWaitIsRefusedWithoutTrying() async throws {
        let scratch = ScratchDirectory()
        // The vault's clock stands still, so the wait cannot run out however slow the machine is.
        let clock = ManualClock()
        let vault = SentinelVault(directory: scratch.url, idleLimit: .seconds(60), now: { clock.now })
        _ = try await vault.create(passphrase: "correct horse", profile: VeteranProfile(name: "Sam"))
        await vault.lock()
        let started = ContinuousClock.now
        async let first: Void = expectFailure(vault, "wrong one")
        // Once the first try has been found wrong, and while its answer is still held back, a
        // second try is not even checked.
        let patience = ContinuousClock.now.advanced(by: .seconds(120))
        while await vault.failedAttempts == 0, ContinuousClock.now < patience { try await Task.sleep(for: .milliseconds(20)) }
        await #expect(throws: SentinelVault.UnlockFailure.self) { _ = try await vault.unlock(passphrase: "correct horse") }
        await first
        #expect(ContinuousClock.now - started >= .seconds(1), "the wrong answer was held back for its delay")
        clock.advance(.seconds(2))
        let token = try await vault.unlock(passphrase: "correct horse")
        #expect(await vault.store(for: token) != nil)
        #expect(await vault.failedAttempts == 0)
    }

    private func expectFailure(_ vault: SentinelVault, _ passphrase: String) async {
        do {
            _ = try await vault.unlock(passphrase: passphrase)
            Issue.record("a wrong passphrase unlocked the vault")
        } catch {
            #expect(error == .wrongPassphrase(retryAfter: .seconds(1)))
        }
    }

    @Test func theVaultLocksWhenIdleAndForgetsTheCheckInInProgress() async throws {
        let scratch = ScratchDirectory()
        let clock = ManualClock()
        let vault = SentinelVault(directory: scratch.url, idleLimit: .seconds(30), now: { clock.now })
        let token = try await vault.create(passphrase: "correct horse", profile: VeteranProfile(name: "Sam"))
        await vault.setDraft(CheckInDraft(startedAt: Date()))
        clock.advance(.seconds(29))
        #expect(await vault.store(for: token) != nil, "a request within the idle limit keeps it open")
        clock.advance(.seconds(29))
        #expect(await vault.store(for: token) != nil, "the limit counts from the last request")
        clock.advance(.seconds(31))
        await vault.lockIfIdle()
        #expect(await vault.store(for: token) == nil)
        #expect(await vault.lockReason == .idle)
        #expect(await vault.draft == nil)
        // Unlocking again hands out a new token; the old cookie stays useless.
        let again = try await vault.unlock(passphrase: "correct horse")
        #expect(again != token)
        #expect(await vault.store(for: token) == nil)
        #expect(await vault.store(for: again) != nil)
    }

    @Test func settingUpTwiceIsRefused() async throws {
        let scratch = ScratchDirectory()
        let vault = SentinelVault(directory: scratch.url, idleLimit: .seconds(60))
        _ = try await vault.create(passphrase: "correct horse", profile: VeteranProfile(name: "Sam"))
        await #expect(throws: SentinelVault.UnlockFailure.self) {
            _ = try await vault.create(passphrase: "another one", profile: VeteranProfile(name: "Eve"))
        }
    }
}

@Suite struct CheckInDraftTests {
    /// A yes to 4 (intent), 5 (plan) or 6b (behaviour in the past 3 months) is red at once; a
    /// yes to 3 or to 6 alone is not.
    @Test(arguments: [
        ([CSSRSItem.wishDead: true, .suicidalThoughts: true, .method: false, .intent: true], true),
        ([.wishDead: true, .suicidalThoughts: true, .method: false, .intent: false, .plan: true], true),
        ([.wishDead: false, .suicidalThoughts: false, .behavior: true, .behaviorPastThreeMonths: true], true),
        ([.wishDead: true, .suicidalThoughts: true, .method: true], false),
        ([.wishDead: false, .suicidalThoughts: false, .behavior: true], false),
    ])
    func redAnswersOpenTheCrisisViewAtOnce(answers: [CSSRSItem: Bool], red: Bool) {
        var draft = CheckInDraft(startedAt: Date())
        for (item, value) in answers { draft.answers[item] = value }
        #expect(draft.isRedNow == red)
    }
}
