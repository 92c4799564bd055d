import Foundation

/// A parsed `Content-Range` response header (RFC 9110 §14.4).
struct ContentRange: Sendable, Hashable {
    /// First byte sent, or `nil` for an unsatisfied-range answer (`bytes */N`).
    var start: Int64?
    /// Last byte sent (inclusive).
    var end: Int64?
    /// The complete file's size, when the server says (`*` means unknown).
    var total: Int64?

    /// Parses `bytes 100-199/1000`, `bytes 100-199/*` or `bytes */1000`; `nil` when malformed.
    init?(_ header: String?) {
        guard let header else { return nil }
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes ") else { return nil }
        let parts = text.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        if parts[1] == "*" {
            total = nil
        } else {
            guard let value = Int64(parts[1]), value >= 0 else { return nil }
            total = value
        }
        if parts[0] == "*" {
            guard total != nil else { return nil }
            start = nil
            end = nil
            return
        }
        let bounds = parts[0].split(separator: "-", maxSplits: 1)
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first >= 0, last >= first else { return nil }
        if let total, last >= total { return nil }
        start = first
        end = last
    }
}
