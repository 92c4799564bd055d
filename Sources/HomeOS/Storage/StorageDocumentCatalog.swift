import Foundation
import Skills

/// The documents HomeOS knows the type of, so imported files can be checked before anything is written.
public enum StorageDocumentCatalog {
    private struct Entry: Sendable {
        let path: String
        let check: @Sendable (Data) throws -> Void

        init<Value>(_ document: StorageDocument<Value>) {
            path = document.path
            check = { data in
                let value = try StorageCoding.decode(Value.self, from: data, at: document.path)
                // A family is also checked against its rules and size limits (`Family.problems`).
                if let family = value as? Family, !family.problems.isEmpty {
                    throw StorageError.corrupt(path: document.path, detail: family.problems.prefix(5).joined(separator: "; "))
                }
            }
        }
    }

    private static let entries: [String: Entry] = Dictionary(uniqueKeysWithValues: [
        Entry(StorageDocument.family), Entry(StorageDocument.calendarEvents), Entry(StorageDocument.reminders),
        Entry(StorageDocument.medications), Entry(StorageDocument.mealHistory), Entry(StorageDocument.mealPlan),
        Entry(StorageDocument.habits), Entry(StorageDocument.schoolSchedules), Entry(StorageDocument.grades),
        Entry(StorageDocument.appliances), Entry(StorageDocument.maintenanceLog), Entry(StorageDocument.notes),
        Entry(StorageDocument.pendingApprovals), Entry(StorageDocument.approvalDecisions),
        Entry(StorageDocument.skillSettings), Entry(StorageDocument.medicationDoses),
        Entry(StorageDocument.conversationLog), Entry(StorageDocument.deliveredNotifications),
        Entry(StorageDocument.remoteFallback), Entry(StorageDocument.stepActivity),
    ].map { ($0.path, $0) })

    /// Whether `path` is one of the documents HomeOS knows the type of.
    public static func isKnown(_ path: String) -> Bool { entries[path] != nil }

    /// Checks that `data` decodes as the type of the known document at `path` (other paths pass).
    /// - Throws: ``StorageError/corrupt(path:detail:)`` naming the field that does not fit.
    public static func check(_ data: Data, at path: String) throws(StorageError) {
        guard let entry = entries[path] else { return }
        do {
            try entry.check(data)
        } catch let error as StorageError {
            throw error
        } catch {
            throw .corrupt(path: path, detail: StorageCoding.describe(error))
        }
    }
}
