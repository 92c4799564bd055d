import Foundation
import Sentinel

/// The encrypted store while the app is unlocked, and the rules around unlocking it.
///
/// The store's key comes from the passphrase; while locked, the server holds no key and no open
/// store. Unlocking hands the browser a session token (kept in an HttpOnly cookie); locking —
/// on demand, or after ``idleLimit`` without a request — closes the store and forgets the token
/// and any check-in in progress. Each wrong passphrase in a row doubles the wait before the
/// next try (1 s, 2 s, 4 s … up to 5 minutes).
public actor SentinelVault {
    /// Why the app is locked, for the unlock page.
    public enum LockReason: String, Sendable {
        /// Nobody has unlocked it since the server started.
        case notYetUnlocked
        /// The person locked it.
        case lockedByPerson
        /// No request came for the idle limit.
        case idle
    }

    /// Why an unlock attempt failed.
    public enum UnlockFailure: Error, Sendable, Equatable {
        /// The passphrase is wrong; the next try waits this long.
        case wrongPassphrase(retryAfter: Duration)
        /// A try came before the wait after the last wrong one ended.
        case tooSoon(retryAfter: Duration)
        /// The store cannot be opened (not a passphrase problem): the message says why.
        case storeProblem(String)
    }

    /// The data directory.
    public let directory: URL
    /// How long the app stays unlocked without a request.
    public let idleLimit: Duration
    private let now: @Sendable () -> ContinuousClock.Instant

    private var store: SentinelStore?
    private var sessionToken: String?
    private var lastActivity: ContinuousClock.Instant?
    private var failures = 0
    private var nextTryAllowed: ContinuousClock.Instant?
    private var verifying = false
    /// Why the app is locked now.
    public private(set) var lockReason = LockReason.notYetUnlocked
    /// The check-in being answered, kept only in memory.
    public var draft: CheckInDraft?
    /// The crisis session the crisis view is showing.
    public var crisis: CrisisSession?
    /// The safety plan ordered for the crisis view when the crisis began.
    public var crisisPlan: [CrisisPlanSection]?
    /// The report of the check-in that just finished, for its result page.
    public var lastReport: CheckInReport?

    /// Creates a locked vault over `directory`.
    public init(directory: URL, idleLimit: Duration, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.directory = directory
        self.idleLimit = idleLimit
        self.now = now
    }

    /// Wrong passphrases since the last unlock.
    public var failedAttempts: Int { failures }

    /// Whether Sentinel has been set up here (a store exists).
    public var isSetUp: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(SentinelStore.keyFileName).path)
    }

    /// Creates the store with `passphrase` and unlocks it.
    /// - Returns: the session token for the browser's cookie.
    public func create(passphrase: String, profile: VeteranProfile) async throws -> String {
        if isSetUp { throw UnlockFailure.storeProblem("Sentinel is already set up here; unlock it with its passphrase.") }
        let store = try await Self.openOnOwnThread(directory: directory, passphrase: passphrase).get()
        try store.saveProfile(profile)
        return open(store)
    }

    /// Opens the store on a thread of its own: deriving the key from a passphrase (scrypt) takes
    /// a second or more of CPU, and a cooperative-pool thread held that long (one of two on a
    /// two-core machine) stalls every other request and deadline of the process.
    static func openOnOwnThread(directory: URL, passphrase: String) async -> Result<SentinelStore, any Error> {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<SentinelStore, any Error>, Never>) in
            let thread = Thread {
                continuation.resume(returning: Result { try SentinelStore(directory: directory, passphrase: passphrase) })
            }
            thread.name = "sentinel-key"
            thread.start()
        }
    }

    /// Unlocks with `passphrase`.
    /// - Returns: the session token for the browser's cookie.
    /// - Throws: ``UnlockFailure``; a wrong passphrase is answered only after its delay.
    public func unlock(passphrase: String) async throws(UnlockFailure) -> String {
        if let allowed = nextTryAllowed, now() < allowed { throw .tooSoon(retryAfter: allowed - now()) }
        // One try at a time: another arriving while a key is being derived waits its turn.
        if verifying { throw .tooSoon(retryAfter: .seconds(1)) }
        verifying = true
        defer { verifying = false }
        do {
            return open(try await Self.openOnOwnThread(directory: directory, passphrase: passphrase).get())
        } catch SentinelStoreError.wrongPassphrase {
            failures += 1
            let delay = Self.delay(afterFailures: failures)
            nextTryAllowed = now() + delay
            try? await Task.sleep(for: delay)
            throw .wrongPassphrase(retryAfter: delay)
        } catch {
            throw .storeProblem("\(error)")
        }
    }

    /// The wait after `count` wrong passphrases in a row: 1 s, doubling, at most 5 minutes.
    public static func delay(afterFailures count: Int) -> Duration {
        .seconds(min(300, 1 << min(max(count - 1, 0), 9)))
    }

    private func open(_ store: SentinelStore) -> String {
        self.store = store
        failures = 0
        nextTryAllowed = nil
        lastActivity = now()
        let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        sessionToken = token
        return token
    }

    /// The open store for a request carrying `token`, counting the request as activity; nil when
    /// locked (locking first when the idle limit has passed) or when the token is not this unlock's.
    public func store(for token: String?) -> SentinelStore? {
        lockIfIdle()
        guard let store, let sessionToken, let token, Self.equal(token, sessionToken) else { return nil }
        lastActivity = now()
        return store
    }

    /// Locks when no request came for the idle limit.
    public func lockIfIdle() {
        if store != nil, let lastActivity, now() - lastActivity >= idleLimit { lock(.idle) }
    }

    /// Locks: the store closes, the session token and any check-in in progress are forgotten.
    public func lock(_ reason: LockReason = .lockedByPerson) {
        try? store?.close()
        store = nil
        sessionToken = nil
        draft = nil
        crisis = nil
        crisisPlan = nil
        lastReport = nil
        lockReason = reason
    }

    /// Sets the check-in in progress.
    public func setDraft(_ draft: CheckInDraft?) { self.draft = draft }

    /// Sets the crisis session shown and the plan ordered for it.
    public func setCrisis(_ session: CrisisSession?, plan: [CrisisPlanSection]? = nil) {
        crisis = session
        if let plan { crisisPlan = plan }
    }

    /// Keeps the report of the check-in that just finished.
    public func setLastReport(_ report: CheckInReport?) { lastReport = report }

    private static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
