import Foundation
import Sentinel

extension FuzzTarget {
    /// The FHIR/XHTML path: the first byte picks the narrative sanitizer on its own (any text) or a
    /// whole record file (`MedicalRecordParser`, any bytes). No text that comes out may start a tag:
    /// so no script element, event handler or `javascript:` URL can survive into a page or report,
    /// however the narrative was encoded (entities, CDATA, invisible characters, split tags).
    static let fhirNarrative = FuzzTarget(name: "fhir-narrative", summary: "NarrativeSanitizer and MedicalRecordParser on any bytes; nothing that comes out can start a tag (no script, handler or javascript: URL survives)") { data in
        let (selector, rest) = splitSelector(data)
        if selector & 1 == 0 {
            let result = NarrativeSanitizer.sanitize(String(decoding: rest, as: UTF8.self))
            checkNoMarkup(result.text, in: "sanitized narrative")
        } else {
            guard let record = try? MedicalRecordParser.parse(rest, file: "fuzz.json") else { return }
            checkNoMarkup(record.text, in: "record text")
            checkNoMarkup(record.title ?? "", in: "record title")
        }
    }

    /// Fails when `text` holds a "<" that an HTML parser would read as the start of a tag,
    /// comment or declaration.
    private static func checkNoMarkup(_ text: String, in place: String) {
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "<" && index + 1 < scalars.count {
            let next = scalars[index + 1]
            if next.properties.isAlphabetic || next == "/" || next == "!" || next == "?" {
                let start = max(0, index - 20)
                let shown = String(String.UnicodeScalarView(scalars[start..<min(scalars.count, index + 40)]))
                violated("no tag can start in the \(place)", shown)
            }
        }
    }
}
