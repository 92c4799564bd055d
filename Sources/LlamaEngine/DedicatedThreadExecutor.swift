import Foundation

/// A serial executor that runs every job on one dedicated thread.
///
/// llama.cpp's calls block for as long as a prompt or a token takes. Running them on Swift's
/// cooperative pool (one thread per core) would starve the rest of the app on small machines,
/// and hopping between pool threads makes the CPU backend start a new OpenMP thread team per
/// thread, whose idle workers then compete for the cores (measured: decode fell from ~140 to ~85
/// tokens/s on 2 cores). One thread per engine avoids both.
final class DedicatedThreadExecutor: SerialExecutor, @unchecked Sendable {
    // `jobs` and `stopped` are guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    /// Starts the thread.
    init(name: String) {
        let thread = Thread { [self] in runLoop() }
        thread.name = name
        thread.stackSize = 8 << 20
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Lets the thread exit once the queued jobs have run.
    func shutdown() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func runLoop() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty && stopped {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedSerialExecutor())
        }
    }
}
