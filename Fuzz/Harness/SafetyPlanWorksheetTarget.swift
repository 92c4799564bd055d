import Foundation
import Sentinel

extension FuzzTarget {
    /// `SafetyPlanWorksheetParser` (a pasted Stanley–Brown worksheet): any text. A parse finds at
    /// least one section, every entry has text, and no entry is invented (there are never more
    /// entries than non-empty lines).
    static let safetyPlanWorksheet = FuzzTarget(name: "safety-plan-worksheet", summary: "SafetyPlanWorksheetParser on any text; a parse has sections, no empty entries, no more entries than lines") { data in
        let text = String(decoding: data, as: UTF8.self)
        guard let result = try? SafetyPlanWorksheetParser().parse(text) else { return }
        guard !result.sectionsFound.isEmpty else { violated("a parsed worksheet found a section") }
        let lines = text.components(separatedBy: .newlines).filter { !$0.allSatisfy(\.isWhitespace) }.count
        var entries = 0
        for (section, sectionEntries) in result.plan.ownEntries {
            for entry in sectionEntries {
                entries += 1
                guard !entry.text.allSatisfy(\.isWhitespace) else { violated("entries have text", "\(section)") }
            }
        }
        guard entries <= lines else { violated("no more entries than non-empty lines", "\(entries) entries from \(lines) lines") }
    }
}
