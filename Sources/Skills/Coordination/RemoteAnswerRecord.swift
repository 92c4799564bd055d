import Synchronization

/// Notes, for one skill run, that an answer came from the family's opt-in remote model, so the
/// reply can say so ("answered by the remote model you allowed").
///
/// The ``Assistant`` binds a fresh record to ``current`` while a skill runs; model-call helpers
/// that used the remote step of the resilience cascade call ``noteAnswered(by:)``.
public final class RemoteAnswerRecord: Sendable {
    /// The record of the skill running in this task, if any.
    @TaskLocal public static var current: RemoteAnswerRecord?

    private let hosts = Mutex<[String]>([])

    /// Creates an empty record.
    public init() {}

    /// Records that the remote model at `destination` (a host, or host and port) gave an answer.
    public func noteAnswered(by destination: String) {
        hosts.withLock { if !$0.contains(destination) { $0.append(destination) } }
    }

    /// The hosts whose remote model answered, in order; empty when everything stayed on the device.
    public var destinations: [String] { hosts.withLock { $0 } }

    /// The line a reply ends with when a remote model answered part of it, or nil.
    public var disclosure: String? {
        let answered = destinations
        guard !answered.isEmpty else { return nil }
        return "(Answered by the remote model you allowed, at \(answered.joined(separator: ", ")): "
            + "the on-device model could not answer this.)"
    }
}
