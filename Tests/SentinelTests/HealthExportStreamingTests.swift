import Foundation
@testable import Sentinel
import Testing

/// An Apple Health export of any size, generated a day of records at a time (nothing on disk): a
/// header, one step record a minute (28 days, then again), and the closing tag. Used from one
/// thread at a time (the writer thread, then the test once the writer has finished).
final class GeneratedHealthExport: @unchecked Sendable {
    private let targetBytes: Int
    private var produced = 0
    private var started = false
    private var finished = false
    private var minute = 0
    private var dayBlocks = [[UInt8]?](repeating: nil, count: 28)
    /// Records written so far.
    private(set) var records = 0

    init(bytes: Int) { targetBytes = bytes }

    /// The next piece of the document, or nil after the closing tag.
    func nextChunk() -> [UInt8]? {
        if !started {
            started = true
            return take(Array("""
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE HealthData [
                <!ATTLIST HealthData locale CDATA #REQUIRED>
                ]>
                <HealthData locale="en_US">

                """.utf8))
        }
        if finished { return nil }
        if produced >= targetBytes {
            finished = true
            return take(Array("</HealthData>\n".utf8))
        }
        // Each day's text is built once and reused every 28 days.
        let day = (minute / 1440) % 28
        if dayBlocks[day] == nil {
            var block: [UInt8] = []
            for minuteOfDay in 0..<1440 {
                let start = String(format: "2026-10-%02d %02d:%02d:00 -0500", day + 1, minuteOfDay / 60, minuteOfDay % 60)
                block += Array(("<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Watch\" unit=\"count\" "
                    + "startDate=\"\(start)\" endDate=\"\(start)\" value=\"\(minuteOfDay % 40)\"/>\n").utf8)
            }
            dayBlocks[day] = block
        }
        minute += 1440
        records += 1440
        return take(dayBlocks[day]!)
    }

    private func take(_ bytes: [UInt8]) -> [UInt8] {
        produced += bytes.count
        return bytes
    }
}

/// Issue 22, limits: a Health export is read as a stream, with memory bounded whatever its size.
///
/// `sentinel signals health` reads the export from a named pipe that this test writes into as it goes, so
/// the bytes are never on disk and never all in memory here; the child's peak resident memory
/// (VmHWM) is read from /proc while it runs. The suite streams 128 MB (about half a minute in a debug
/// build); `HOMEOS_HEALTH_STREAM_MB=1024` runs the 1 GB case (docs/contributing.md has the run).
@Suite struct HealthExportStreamingTests {
    static let megabytes = ProcessInfo.processInfo.environment["HOMEOS_HEALTH_STREAM_MB"].flatMap(Int.init) ?? 128

    private static func peakResidentKiB(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    @Test func aLargeExportStreamsThroughSentinelInBoundedMemory() async throws {
        let binary = try #require(SentinelProcess.executable, "the sentinel binary is built next to the tests")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sentinel-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("export.xml").path
        #expect(mkfifo(pipe, 0o600) == 0)

        let process = Process()
        process.executableURL = binary
        process.arguments = ["signals", "health", pipe, "--as-of", "2026-10-28"]
        process.environment = SentinelProcess.environment()
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()

        // The writer: a generated export pushed into the pipe a day of records (about 250 KB) at a time.
        let export = GeneratedHealthExport(bytes: Self.megabytes << 20)
        let written = DispatchSemaphore(value: 0)
        let writer = Thread {
            defer { written.signal() }
            // Opened read-write, so opening never waits for a reader that may already have gone.
            let descriptor = open(pipe, O_RDWR)
            guard descriptor >= 0 else { return }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
            while let chunk = export.nextChunk() {
                do { try handle.write(contentsOf: chunk) } catch { break }
            }
            close(descriptor)
        }
        writer.start()

        var peak = 0
        while process.isRunning {
            if let now = Self.peakResidentKiB(of: process.processIdentifier) { peak = max(peak, now) }
            try await Task.sleep(for: .milliseconds(100))
        }
        if written.wait(timeout: .now() + 1) == .timedOut {
            // sentinel stopped reading early (the expectations below say why): drain the pipe so the
            // writer can finish instead of waiting on a full pipe forever.
            let drain = open(pipe, O_RDONLY | O_NONBLOCK)
            var sink = [UInt8](repeating: 0, count: 1 << 16)
            while written.wait(timeout: .now() + 0.01) == .timedOut { _ = read(drain, &sink, sink.count) }
            close(drain)
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text.suffix(500))")
        #expect(text.lowercased().contains("steps"), "\(text.suffix(500))")
        #expect(export.records > Self.megabytes * 5_000, "about \(Self.megabytes) MB of records went through (\(export.records))")
        // A parser that kept the document would need more than the document; streaming needs a few
        // tens of MB whatever the size (the day totals, the runtime).
        #expect(peak > 0 && peak < 96 * 1024, "sentinel's peak resident memory was \(peak / 1024) MiB for \(Self.megabytes) MB")
        print("sentinel signals health: \(Self.megabytes) MB, \(export.records) records, peak resident memory \(peak / 1024) MiB")
    }
}
