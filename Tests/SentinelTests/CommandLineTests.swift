import Foundation
import Sentinel
import Testing

/// End-to-end runs of the `sentinel` executable (piped and terminal input, files, JSON).
@Suite(.serialized) struct CommandLineTests {
    /// Issue 26, item 13: a check-in's log says what ran and how long, never the tier, the
    /// answers or the words (clinical content), at any level.
    @Test func theCheckInLogCarriesNoClinicalContent() async throws {
        let note = "I keep thinking about the convoy and I want to disappear"
        let output = try await SentinelProcess.run(["--log-level", "trace", "checkin", "--no-model", "--note", note],
                                                   input: "yes\nno\nno\n")
        #expect(output.status == 0, "\(output.stderr)")
        let logLines = output.stderr.split(separator: "\n").filter { $0.contains(" sentinel.") || $0.contains(" homeos.") }
        #expect(logLines.contains { $0.contains("sentinel.checkin") && $0.contains("check-in scored") }, "\(output.stderr)")
        for word in ["convoy", "disappear", "yellow", "YELLOW", "wished", "dead"] {
            #expect(!logLines.contains { $0.contains(word) }, "a log line carries clinical content (\(word)): \(logLines)")
        }
    }

    @Test func pipedCheckInAsksTheScreenerAndReports() async throws {
        // Without the AI step there is no note to ask for: 1 yes, 2 no, 6 no.
        let output = try await SentinelProcess.run(["checkin", "--no-model"], input: "yes\nno\nno\n")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("1. In the past month: Have you wished you were dead"))
        #expect(output.stdout.contains("6. In your lifetime:"))
        #expect(!output.stdout.contains("3. In the past month"))
        #expect(output.stdout.contains("Check-in result: YELLOW — low risk (Columbia triage: low)"))
        #expect(output.stdout.contains("AI step skipped: turned off with --no-model"))
        #expect(!output.stdout.contains("Veterans Crisis Line:"), "crisis lines are for orange and red")
        #expect(!output.stdout.contains("Please answer yes or no"))
        #expect(!output.stdout.contains("how have you been doing"), "no note is asked without the AI step")
    }

    @Test func pipedCheckInRepromptsOnUnclearAnswersAndShowsHelp() async throws {
        let output = try await SentinelProcess.run(["checkin", "--no-model"], input: "maybe\nhelp\nno\nyes\nno\nno\nno\nno\n")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Please answer yes or no"))
        #expect(output.stdout.contains("Veterans Crisis Line: Dial 988 then press 1"))
        #expect(output.stdout.contains("Check-in result: YELLOW"))
    }

    @Test func inputEndingEarlyStopsWithCrisisLines() async throws {
        let output = try await SentinelProcess.run(["checkin", "--no-model"], input: "yes\n")
        #expect(output.status == 2)
        #expect(output.stderr.contains("The check-in stopped after 1 answer"))
        #expect(output.stderr.contains("988"))
    }

    @Test(.enabled(if: SentinelProcess.terminalAvailable))
    func checkInWorksOnATerminal() async throws {
        let output = try await SentinelProcess.runInTerminal(["checkin", "--no-model"], input: "no\nyes\nno\nno\nno\nno\n")
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("Check-in result: YELLOW"))
        #expect(output.stdout.contains("5. In the past month:"))
    }

    @Test func answersFileWithJSONOutput() async throws {
        let path = try SyntheticAudio.temporaryFile(Data("""
            {"wish_dead": true, "suicidal_thoughts": true, "method": true, "intent": false, "plan": false,
             "behavior": false, "note": "private words"}
            """.utf8), suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try await SentinelProcess.run(["checkin", "--answers", path, "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(json["finalTier"] as? String == "orange")
        #expect((json["crisisResources"] as? [Any])?.count == 3)
        let ai = try #require(json["ai"] as? [String: Any])
        #expect(ai["status"] as? String == "skipped")
        #expect((ai["detail"] as? String)?.contains("not installed") == true)
        #expect(!output.stdout.contains("private words"))
    }

    @Test func cssrsCommandPutsCrisisLinesFirstForRed() async throws {
        let path = try SyntheticAudio.temporaryFile(Data("{\"1\": true, \"2\": true, \"3\": false, \"4\": true, \"5\": false, \"6\": false}".utf8), suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try await SentinelProcess.run(["cssrs", "--answers", path])
        #expect(output.status == 0, "\(output.stderr)")
        let crisis = try #require(output.stdout.range(of: "Veterans Crisis Line"))
        let result = try #require(output.stdout.range(of: "Screener result: RED — crisis (Columbia triage: high)"))
        #expect(crisis.lowerBound < result.lowerBound)
        let questions = try await SentinelProcess.run(["cssrs", "--questions"])
        #expect(questions.stdout.contains("6b. [behavior_past_3_months]"))
    }

    @Test func badAnswersFileIsAClearError() async throws {
        let path = try SyntheticAudio.temporaryFile(Data("{\"wish_dead\": false}".utf8), suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try await SentinelProcess.run(["cssrs", "--answers", path])
        #expect(output.status != 0)
        #expect(output.stderr.contains("item 2 (suicidal_thoughts) has no answer"))
    }

    @Test func prosodyCommandOnAWAVFile() async throws {
        let signal = SyntheticAudio.bursts(f0: 150, burst: 0.4, gaps: [0.5, 0.9], sampleRate: 16_000)
        let path = try SyntheticAudio.temporaryFile(SyntheticAudio.wav(signal.samples, sampleRate: 16_000, encoding: .pcm16), suffix: ".wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try await SentinelProcess.run(["signals", "prosody", path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("pauses           2"))
        #expect(output.stdout.contains("median pitch     150."))
        let json = try await SentinelProcess.run(["signals", "prosody", path, "--json"])
        let features = try JSONDecoder().decode(ProsodyFeatures.self, from: Data(json.stdout.utf8))
        #expect(features.pauseCount == 2)
    }

    @Test func prosodyCommandShowsSNRAndTakesTheSilenceThreshold() async throws {
        let rate = 16_000
        let gap = SyntheticAudio.silence(seconds: 0.5, sampleRate: rate)
        let loud = SyntheticAudio.harmonicTone(f0: 150, seconds: 0.5, sampleRate: rate)
        let quiet = SyntheticAudio.sine(f0: 200, seconds: 0.5, sampleRate: rate, rmsDBFS: -45)
        let clean = gap + loud + gap + quiet + gap + loud + gap
        let noise = SyntheticAudio.whiteNoise(seconds: Double(clean.count) / Double(rate), sampleRate: rate, rmsDBFS: -70, seed: 3)
        let samples = zip(clean, noise).map { $0 + $1 }
        let path = try SyntheticAudio.temporaryFile(SyntheticAudio.wav(samples, sampleRate: rate, encoding: .float32), suffix: ".wav")
        defer { try? FileManager.default.removeItem(atPath: path) }

        let standard = try await SentinelProcess.run(["signals", "prosody", path])
        #expect(standard.status == 0, "\(standard.stderr)")
        #expect(standard.stdout.contains("pauses           1 ("))
        #expect(standard.stdout.contains("silence at or below -40 dBFS for at least 0.30 s"))
        #expect(standard.stdout.contains("SNR              "))
        #expect(standard.stdout.contains(" dB (speech vs silence frames)"))

        // A negative value right after the option name is the threshold, not another option.
        let lenient = try await SentinelProcess.run(["signals", "prosody", path, "--silence-db", "-50", "--min-pause", "0.3", "--json"])
        #expect(lenient.status == 0, "\(lenient.stderr)")
        let features = try JSONDecoder().decode(ProsodyFeatures.self, from: Data(lenient.stdout.utf8))
        #expect(features.pauseCount == 2)
        #expect(features.silenceThresholdDBFS.map { abs($0 - -50) < 0.001 } == true)
        let snr = try #require(features.snrDB)
        #expect(snr > 40 && snr < 60, "SNR \(snr) dB")
        #expect(lenient.stdout.contains("\"snrDB\""))

        let bad = try await SentinelProcess.run(["signals", "prosody", path, "--silence-db", "6"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--silence-db must be between -120 and 0 dBFS"))
    }

    @Test func prosodyCommandRejectsATruncatedFile() async throws {
        let data = SyntheticAudio.wav(SyntheticAudio.harmonicTone(f0: 150, seconds: 0.2, sampleRate: 16_000), sampleRate: 16_000, encoding: .pcm16)
        let path = try SyntheticAudio.temporaryFile(Data(data.prefix(data.count / 2)), suffix: ".wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try await SentinelProcess.run(["signals", "prosody", path])
        #expect(output.status != 0)
        #expect(output.stderr.contains("The WAV file is truncated"))
    }

    @Test func healthCommandOnAnExportAndACSV() async throws {
        let path = try SyntheticAudio.temporaryFile(Data(HealthExportBuilder().xml().utf8), suffix: ".xml")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try await SentinelProcess.run(["signals", "health", path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("today    2024-02-14"))
        #expect(output.stdout.contains("steps: "))
        #expect(output.stdout.contains("significant"))
        let csv = try SyntheticAudio.temporaryFile(Data("date,metric,value\n2024-01-01,steps,oops\n".utf8), suffix: ".csv")
        defer { try? FileManager.default.removeItem(atPath: csv) }
        let bad = try await SentinelProcess.run(["signals", "health", csv])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("Line 2 of the CSV"))
    }

    @Test func checkInWithSignalsAndABrokenSignalFileStillRuns() async throws {
        let export = try SyntheticAudio.temporaryFile(Data(HealthExportBuilder().xml().utf8), suffix: ".xml")
        let broken = try SyntheticAudio.temporaryFile(Data("not audio".utf8), suffix: ".wav")
        defer {
            try? FileManager.default.removeItem(atPath: export)
            try? FileManager.default.removeItem(atPath: broken)
        }
        let output = try await SentinelProcess.run(["checkin", "--no-model", "--health", export, "--as-of", "2024-02-14",
                                                    "--voice", broken], input: "no\nno\nno\n")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("Voice recording left out: This is not a WAV file"))
        #expect(output.stdout.contains("Wearables (2024-02-14 vs"))
        // Every answer "no", but wearables are significantly below baseline: not green.
        #expect(output.stdout.contains("Check-in result: YELLOW"))
        #expect(output.stdout.contains("Decided by: wearable deviations"))
    }

    /// Issue 22: "today" is the check-in day, never the last day in the file: an export that ends
    /// before it is left out, with what to do, instead of passing old data off as today's.
    @Test func anExportThatEndsBeforeTodayIsLeftOutOfTheCheckIn() async throws {
        let export = try SyntheticAudio.temporaryFile(Data(HealthExportBuilder().xml().utf8), suffix: ".xml")
        defer { try? FileManager.default.removeItem(atPath: export) }
        let output = try await SentinelProcess.run(["checkin", "--no-model", "--health", export], input: "no\nno\nno\n")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("Wearable data left out: the export ends on 2024-02-14"), "\(output.stderr)")
        #expect(output.stderr.contains("--as-of 2024-02-14"))
        #expect(!output.stdout.contains("Wearables (2024-02-14"))
    }

    @Test func conflictingModelOptionsAreRejected() async throws {
        let output = try await SentinelProcess.run(["checkin", "--model", "gemma3-270m", "--no-model"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("--model and --no-model cannot be used together"))
    }

    @Test func checkInTakesAudioTranscriptAndFaceFlags() async throws {
        let face = try SyntheticAudio.temporaryFile(Data(("eye_openness,gaze_deviation,head_pitch\n"
            + (0..<40).map { "\(0.8 - Double($0) * 0.01),\(20 + $0 / 4),\(-Double($0) / 2)" }.joined(separator: "\n")).utf8), suffix: ".csv")
        let transcript = try SyntheticAudio.temporaryFile(Data("I'm fine, things are good.".utf8), suffix: ".txt")
        let answers = try SyntheticAudio.temporaryFile(Data("{\"1\": false, \"2\": false, \"6\": true, \"6b\": false}".utf8), suffix: ".json")
        defer { for path in [face, transcript, answers] { try? FileManager.default.removeItem(atPath: path) } }
        let output = try await SentinelProcess.run(["checkin", "--no-model", "--answers", answers, "--face", face,
                                                    "--transcript", transcript, "--audio", "/nonexistent.wav"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("Voice recording left out"))
        #expect(output.stdout.contains("Check-in result: ORANGE — high monitoring (Columbia triage: moderate)"))
        #expect(output.stdout.contains("Face: 40 frames") && output.stdout.contains("multi-signal decompensation"))
        #expect(output.stdout.contains("Transcript: 5 words, tone positive"))
        #expect(output.stdout.contains("=== CRISIS SUPPORT") && output.stdout.contains("Your safety plan:"))
        #expect(!output.stdout.contains("things are good"))
    }

    /// Answers that reach orange (yes to 1, 2 and 3) on piped input.
    static let orangeAnswers = "yes\nyes\nyes\nno\nno\nno\n"

    @Test func orangeCheckInRechecksAndSavesTheEncryptedHistory() async throws {
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("sentinel-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        // Enter checks in early; "2" waits again; Enter again; "3": still not safe.
        let output = try await SentinelProcess.run(["checkin", "--no-model", "--data-dir", dataDirectory.path],
                                                   input: Self.orangeAnswers + "\n2\n\n3\n")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("=== CRISIS SUPPORT"))
        #expect(output.stdout.contains("We will check in with you again in 10 minutes."))
        #expect(output.stdout.contains("Press Enter to check in sooner."))
        #expect(output.stdout.components(separatedBy: "How are you doing now?").count == 3)
        #expect(output.stdout.contains("CALL 988 NOW, then press 1 for the Veterans Crisis Line."))
        #expect(!output.stderr.contains("Crisis history not saved"), "\(output.stderr)")

        let store = CrisisHistoryStore(directory: dataDirectory)
        let history = try store.load(now: Date())
        #expect(history.sessions.count == 1)
        #expect(history.sessions.first?.tier == .orange)
        #expect(history.sessions.first?.state == .escalated)
        #expect(history.sessions.first?.rechecks.map(\.answer) == [.aboutTheSame, .stillNotSafe])
        let sealed = String(decoding: try Data(contentsOf: store.historyURL), as: UTF8.self)
        #expect(!sealed.contains("still_not_safe") && !sealed.contains("orange"))
        let attributes = try FileManager.default.attributesOfItem(atPath: store.keyURL.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func theRecheckCanBeSkippedOrShortened() async throws {
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("sentinel-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let skipped = try await SentinelProcess.run(["checkin", "--no-model", "--no-recheck", "--data-dir", dataDirectory.path],
                                                    input: Self.orangeAnswers)
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stdout.contains("=== CRISIS SUPPORT"))
        #expect(!skipped.stdout.contains("How are you doing now?") && !skipped.stdout.contains("Press Enter"))
        // The session is still kept in the history, open.
        let history = try CrisisHistoryStore(directory: dataDirectory).load(now: Date())
        #expect(history.sessions.count == 1)

        // A short wait ends on its own (the question is asked with no input pending); the answer then follows.
        let shortened = try await SentinelProcess.run(["checkin", "--no-model", "--recheck-after", "0.1", "--data-dir", dataDirectory.path],
                                                      input: Self.orangeAnswers, laterInput: (afterOutput: "How are you doing now?", text: "1\n"))
        #expect(shortened.status == 0, "\(shortened.stderr)")
        #expect(shortened.stdout.contains("again in 0.1 seconds"))
        #expect(shortened.stdout.contains("How are you doing now?"))
        #expect(shortened.stdout.contains("Glad you are more stable"))
        #expect(try CrisisHistoryStore(directory: dataDirectory).load(now: Date()).sessions.map(\.state).contains(.resolved))

        let invalid = try await SentinelProcess.run(["checkin", "--no-model", "--recheck-after", "0"])
        #expect(invalid.status != 0)
        #expect(invalid.stderr.contains("--recheck-after must be above 0 seconds"))
    }

    @Test func answersFileAndJSONRecordTheSessionWithoutARecheck() async throws {
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("sentinel-cli-\(UUID().uuidString)")
        let answers = try SyntheticAudio.temporaryFile(Data("{\"1\": true, \"2\": true, \"3\": false, \"4\": true, \"5\": false, \"6\": false}".utf8), suffix: ".json")
        defer {
            try? FileManager.default.removeItem(at: dataDirectory)
            try? FileManager.default.removeItem(atPath: answers)
        }
        let output = try await SentinelProcess.run(["checkin", "--no-model", "--answers", answers, "--json", "--data-dir", dataDirectory.path])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(json["finalTier"] as? String == "red")
        #expect(!output.stderr.contains("How are you doing now?"))
        let history = try CrisisHistoryStore(directory: dataDirectory).load(now: Date())
        #expect(history.sessions.map(\.tier) == [.red])

        // A corrupt history is reported, left as it is, and the check-in still shows its result; the
        // exit status says that the session was not saved.
        let store = CrisisHistoryStore(directory: dataDirectory)
        try Data("not a history".utf8).write(to: store.historyURL)
        let again = try await SentinelProcess.run(["checkin", "--no-model", "--answers", answers, "--data-dir", dataDirectory.path])
        #expect(again.status == 1, "\(again.stderr)")
        #expect(again.stderr.contains("shown but not saved"))
        #expect(again.stdout.contains("Check-in result: RED"))
        #expect(again.stderr.contains("Crisis history not saved:") && again.stderr.contains("is not a Sentinel crisis history file"))
        #expect(try Data(contentsOf: store.historyURL) == Data("not a history".utf8))
    }
}
