import Foundation
@testable import HealthData
@testable import Sentinel
import Testing

/// Inputs the Sentinel fuzz targets found (Fuzz/Corpus, docs/contributing.md), kept as tests.
/// Before the fixes the Health inputs crashed the process inside swift-corelibs-foundation's
/// XMLParser; the narratives let markup through; the WAV file held a sample of 1.5e25.
@Suite struct SentinelFuzzFindingTests {
    private static func bytes(_ base64: String) -> Data { Data(base64Encoded: base64)! }

    private static func healthError(_ data: Data) -> HealthImportError? {
        do {
            try HealthExportParser().parse(stream: InputStream(data: data)) { _ in }
            return nil
        } catch {
            return error
        }
    }

    /// health-export crash-8f46…: an attribute name with a byte that is not UTF-8 (`locale\u{CC}=`).
    @Test func anExportThatIsNotUTF8IsAClearErrorNotACrash() {
        let data = Self.bytes("PD94bWwgdmVyc2lvbj0iMS4wIj8+PEhlYWx0aERhdGEgbG9jYWxlzD0iZW5fVVMiPjxSZWNvcmQgdHlwZT0iSEtDYXRlZ29yeVR5cGVJZGVudGlmaWVyU2xlZXBBbmFseXNpeyIgc291cmNlTmFtZT0iV2F0Y2giIHN0YXJ0RGF0ZT0iMjAyNi0xMS0xOCAyMzoxMDowMCAtMDUwMCIgZW5kRGF0ZT0iMjAyNi0xMS0xOSAwNjo0MDowMCAtMDUwMCIgdmFsdWU9IkhLQ2F0ZWdvcnlWYWx1ZVNsZWVwQW5hbHlzaXNBc2xlZXBDb3JlIi8+PC9IZWFsdGhEYXRhPg==")
        #expect(Self.healthError(data) == .notUTF8(byteOffset: 39))
        #expect(Self.healthError(data)?.description.contains("not valid UTF-8 text at byte 39") == true)
    }

    /// health-export crash-fd01…, crash-9a2d…, crash-b3d3…: a processing instruction without data
    /// (`<?xml?>` inside the document, `<?x?>` before the root, one hidden behind a broken declaration).
    @Test(arguments: [
        "PD94bWwgdmVyc2lvbj0iMSIuPzA+PEhlYWx0aERhdGEgbG9jYWxlPSJlbl9VUy4wIjw/eG1sPz48SGVhbCloIHZlcmVnb3J5VHlwZUlkZW50aWZpZXJTbGVlcEFuYWx5c2lzIiBzb3VyY2VOYW1lPSJXYXRjaCIgc3RhcnREYXRlPSIyMDI2LTExLTE4IDIzOjEwOjAwIC0wNTAwIiBlbmREYXRlPSIyMDI2LSZhbXA7IDA2OjQwOjAwIC0wNTAwIiB2YWx1ZT0iSEtDYXRlZ29yeVZhbHVlU2xlZXBBbmFseXNpc0FzbGVlcENvcmUiLz48L0hlYWx0aERhdGE+",
        "PD94Pz5lci9yLz4=",
        "PD94bWwgdj10IiQuMCI8P3hBQUFBPD94QTxIZWFsdGhEYXRhIGxvY2FsZT0iZW5fVVMiPjw/bD8+PG9jYQ==",
    ])
    func processingInstructionsAreAClearErrorNotACrash(_ base64: String) {
        // A broken declaration is dropped with what it swallowed, so the parser may then meet a root
        // element that is not <HealthData>: either way a clear refusal.
        switch Self.healthError(Self.bytes(base64)) {
        case .malformedXML, .notAHealthExport: break
        case let other: Issue.record("expected a malformed-XML or not-an-export error, got \(String(describing: other))")
        }
    }

    /// health-export crash-cd99… (2026-11-26): a broken XML declaration (`<?xml ver>`) reached to a
    /// later `?>`, so the DOCTYPE behind it was kept as part of the "declaration" and its
    /// `<!ATTLIST … #REQUIRED>` crashed XMLParser. A declaration with a `<` or `>` in it is not one.
    @Test func aBrokenDeclarationCannotSmuggleTheDoctypeToTheParser() {
        let data = Self.bytes("PD94bWwgdmVyPgo8IURPQ1RZUEUgSGVhbHRoRGF0YSBbCjwhRUxFTUVOVCBIZWFsdGhEYXRhIChFeHBvcnREYXRlLE1lLChSZWNvcmR8V29ya291dCkqKT4KPCFBVFRMSVNUIEhlYWx0aERhdGEgbG9jYWxlIENEQVRBICNSRVFVSVJFRD4KXT4KPEhlYWx0aERhdGEgbG9jYWxlPSJlbl9VUyI+CiA8RXhwb3J0RGF0ZSB2YWx1ZT0iMjAyNi0xMS0yMCAwODowMDowMCAtMDUwMCIvPgogPE1lIEhLQ2hhcmFjdEV4cG9ydERhdGUgdmFsdWU9IjIwMjYtMTEtMjAgMDg6MDA6MDAgLTA1MDAiLz4KIDxNZSBIS0NoYXJhY3RlcmlzdGljVHlwZUlkZW50aWZpZXJEYXRlT2ZCaXJ0aD0iMTk4MC0wMS0wMSIvPgo8UmVjb3JkIHR5cGU9IkhLUXVhbnRpdHlUeXBlSWRlbnRpZmllclN0ZXBDb3VudCIgc291cmNlTmFtZT0iV2F0Y2giIHVuaXQ9ImNvdW50IiBzdGFydERhdGU9IjIwMjYtMjItMTkgMDg6MDA6MDAgLTA1MDAiIGVuZERhdGU9IjIwMjYtMTEtMTkgMDk6MDA6MDAgLTA1MDAiIHZhbHVlPSI4MTIiLz4KPFJlY29yZCB0eXBlPSJIS1F1YW50aXR5VHlwZUlkZW50aWZpZXJIZWFydFJhdGVWYXJpYWJpbGl0eVNETk4iIHNvdXJjZU5hbWU9IldhdGNoIiB1bml0PSJtcyIgc3RhcnREYXRlPSIyMDIxMS0xOTYtIDAzOjAwOjAwIC0wNTAwIiBlbmREYXRlPSIyMDI2LTExLTE5IDAzOjAxOjAwIC0wNTAwIiB2YWx1ZT0iNDEuNSI+PEhlYXJ0UmF0ZVZhcmlhYmlsaXR5TWV0YWRhdGFMaXN0Lz48L1JlY29yZD4KPFJlY29yZCB0eXBlPSJIS0NhdGVnb3J5VHlwZUlkZW50aWZpZXJTbGVlcEFuYWx5c2lzIiBzb3VyY2VOYW1lPSJXYXRjaCIgc3RhcnREYXRlPSJzPE90aGVvfj1pcm4xLjAiPz48T3QDZXIvPg==")
        #expect(String(decoding: data.prefix(40), as: UTF8.self).hasPrefix("<?xml ver>\n<!DOCTYPE HealthData ["))
        let error = Self.healthError(data)
        #expect(error != nil, "a damaged export is refused")
        let filtered = DoctypeFilteringStream.filterProlog(Array(data))
        if case .done(let bytes) = filtered {
            #expect(!String(decoding: bytes, as: UTF8.self).contains("<!ATTLIST"), "the DTD reached the parser")
        }
    }

    @Test func aRealExportWithItsDeclarationStillParses() throws {
        let export = "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?xml-stylesheet href=\"x.xsl\"?>\n<HealthData locale=\"en_US\">"
            + "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Café Watch\" unit=\"count\" "
            + "startDate=\"2026-11-19 08:00:00 -0500\" endDate=\"2026-11-19 09:00:00 -0500\" value=\"812\"/></HealthData>"
        var records: [HealthRecord] = []
        try HealthExportParser().parse(stream: InputStream(data: Data(export.utf8))) { records.append($0) }
        #expect(records.map(\.value) == [812])
        #expect(records.first?.source == "Café Watch")
    }

    @Test func utf8IsCheckedAcrossChunkBoundaries() {
        var validator = UTF8StreamValidator()
        let text = Array("é😀ü".utf8)
        for byte in text { #expect([byte].withUnsafeBufferPointer { validator.feed($0) } == nil) }
        #expect(validator.finish() == nil)
        var cut = UTF8StreamValidator()
        #expect(Array(text.prefix(3)).withUnsafeBufferPointer { cut.feed($0) } == nil)
        #expect(cut.finish() == 2, "a sequence left unfinished at the end")
        for invalid: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80]] {
            var check = UTF8StreamValidator()
            #expect(invalid.withUnsafeBufferPointer { check.feed($0) } == 0, "\(invalid)")
        }
    }

    /// fhir-narrative crash-a689…: `&lt;b&gt;` decoded into a tag after the real tags were gone.
    @Test(arguments: [
        "<div>&lt;script&gt;alert(1)&lt;/script&gt;</div>",
        "<div>&#60;img src=x onerror=alert(1)&#62;</div>",
        "<div><<b></b>script>alert(1)</div>",
        "<div><\u{200B}script>alert(1)</div>",
        "<div><![CDATA[<b onclick=\"x()\">bold</b>]]>&lt;b&gt;</div>",
    ])
    func noTextThatComesOutCanStartATag(_ narrative: String) {
        let text = NarrativeSanitizer.sanitize(narrative).text
        #expect(text.range(of: "<[A-Za-z/!?]", options: .regularExpression) == nil, "\(text)")
        #expect(!text.isEmpty)
    }

    @Test func aPlainTextAttachmentWithHiddenMarkupIsSanitized() throws {
        let record = try MedicalRecordParser.parse(RecordIngestionTests.documentReference("Note <\u{200B}script>alert(1)</script> ok"), file: "note.json")
        #expect(!record.text.contains("<script"), "\(record.text)")
        #expect(record.activeContentRemoved > 0 || record.text.contains("\u{2039}"))
        let plain = try MedicalRecordParser.parse(RecordIngestionTests.documentReference("BP < 120 and 5 > 3"), file: "bp.json")
        #expect(plain.text == "BP < 120 and 5 > 3", "a '<' that starts no tag stays as written")
    }

    /// wav-reader crash-e948…: a 32-bit float sample of 1.5e25 passed through unclipped.
    @Test func floatSamplesBeyondFullScaleAreClipped() throws {
        let audio = try WAVAudio(data: Self.bytes("UklGRoQAAABXQVZFZm10IBAAAAADAAEAIlYAAIhYAQAEACAAZGF0YWAAAAAAAIC/AABgvwAAQL8AACC/AAAAvwAAwL4AAIC+AAAAvgAAAAAAAAA+AACAPgAAwD4AAAA/AAAgPwAAQD8AAGA/AACAvwAARGljYL8AAEC/AAAgvwAAAL8AAMC+AACAvgAAAL4="))
        #expect(audio.samples.allSatisfy { $0.isFinite && abs($0) <= 1 })
        #expect(audio.samples.contains(1), "the out-of-range sample is clipped to full scale")
    }
}
