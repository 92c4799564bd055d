import Foundation
@testable import HealthData
@testable import Sentinel
import Testing

/// A stream that hands out at most `chunk` bytes per read, to cross every boundary.
final class TrickleStream: InputStream {
    private let bytes: [UInt8]
    private let chunk: Int
    private var offset = 0
    private(set) var largestRead = 0

    init(_ text: String, chunk: Int) {
        bytes = Array(text.utf8)
        self.chunk = chunk
        super.init(data: Data())
    }

    override func open() {}
    override func close() {}
    override var hasBytesAvailable: Bool { offset < bytes.count }
    override var streamStatus: Stream.Status { offset < bytes.count ? .open : .atEnd }
    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int {
        let count = min(chunk, len, bytes.count - offset)
        for i in 0..<count { buffer[i] = bytes[offset + i] }
        offset += count
        largestRead = max(largestRead, count)
        return count
    }
}

@Suite struct DoctypeFilteringStreamTests {
    /// The start of a real export: Apple's internal DTD with attribute-list declarations.
    static let appleProlog = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 14 ]> not the end -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        <!ATTLIST Record
          type          CDATA #REQUIRED
          unit          CDATA #IMPLIED
          value         CDATA #IMPLIED
          comment       CDATA "a ']>' in a default"
        >
        ]>
        <HealthData locale="en_US">
        """

    static func drain(_ stream: InputStream) -> String {
        stream.open()
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 5)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            out += buffer[0..<count]
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test(arguments: [1, 3, 17, 4096])
    func dropsTheDoctypeWhateverTheChunkSize(chunk: Int) {
        let document = Self.appleProlog + "<Record type=\"x\"/></HealthData>"
        let filtered = Self.drain(DoctypeFilteringStream(base: TrickleStream(document, chunk: chunk)))
        #expect(!filtered.contains("DOCTYPE"))
        #expect(!filtered.contains("ATTLIST"))
        #expect(filtered.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
        #expect(filtered.hasSuffix("<HealthData locale=\"en_US\"><Record type=\"x\"/></HealthData>"))
    }

    @Test func documentsWithoutADoctypePassThroughUnchanged() {
        let document = "<?xml version=\"1.0\"?>\n<!-- a comment -->\n<HealthData><Record/></HealthData>\n"
        #expect(Self.drain(DoctypeFilteringStream(base: TrickleStream(document, chunk: 2))) == document)
    }

    @Test func anAppleStyleExportParsesInSmallChunks() throws {
        var document = Self.appleProlog
        for day in 1...9 {
            document += "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Phone\" unit=\"count\" "
                + "creationDate=\"2024-01-0\(day) 09:00:00 -0800\" startDate=\"2024-01-0\(day) 08:00:00 -0800\" "
                + "endDate=\"2024-01-0\(day) 08:30:00 -0800\" value=\"\(1000 * day)\"/>\n"
        }
        document += "</HealthData>\n"
        let trickle = TrickleStream(document, chunk: 64)
        var records: [HealthRecord] = []
        try HealthExportParser().parse(stream: trickle) { records.append($0) }
        #expect(records.count == 9)
        #expect(records.last?.value == 9000)
        #expect(trickle.largestRead <= 64)
    }

    @Test func anUnfinishedDoctypeIsAnXMLErrorNotACrash() {
        let stream = TrickleStream("<?xml version=\"1.0\"?><!DOCTYPE HealthData [ <!ATTLIST Record type CDATA #REQUIRED>", chunk: 8)
        #expect(throws: HealthImportError.self) { try HealthExportParser().parse(stream: stream) { _ in } }
    }
}
