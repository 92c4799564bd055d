import Foundation
import ModelHub
import Testing

/// The persisted selection and install records.
@Suite struct ModelStateStoreTests {
    @Test func jsonStorePersistsAcrossInstancesAndWritesAtomically() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.path("data/model-state.json")
        let store = JSONModelStateStore(file: file)
        #expect(try store.load() == ModelHubState())

        let record = InstallRecord(files: ["m.gguf": .init(sha256: String(repeating: "a", count: 64), sizeBytes: 42)],
                                   verification: .pinned, sources: ["https://example.org/m.gguf"],
                                   installedAt: Date(timeIntervalSince1970: 1_800_000_000))
        try store.update { state in
            state.selectedModelID = "gemma3-270m"
            state.installs["m"] = record
        }

        let reopened = JSONModelStateStore(file: file)
        #expect(try reopened.selectedModelID() == "gemma3-270m")
        #expect(try reopened.load().installs["m"] == record)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(Set(leftovers) == ["model-state.json", "model-state.json.lock"])
    }

    @Test func concurrentUpdatesAreNotLost() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.path("model-state.json")
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    // Separate store values, like separate processes.
                    try? JSONModelStateStore(file: file).update { state in
                        state.installs["m\(index)"] = InstallRecord(files: [:], verification: .unverified, sources: [], installedAt: Date())
                    }
                }
            }
        }
        #expect(try JSONModelStateStore(file: file).load().installs.count == 40)
    }

    @Test func unreadableStateSaysHowToRecover() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.path("model-state.json")
        try Data("{ not json".utf8).write(to: file)
        #expect {
            try JSONModelStateStore(file: file).load()
        } throws: { error in
            (error as? ModelHubError)?.description.contains("delete it") == true
        }
    }

    @Test func failedUpdatesChangeNothing() throws {
        let store = InMemoryModelStateStore(ModelHubState(selectedModelID: "a"))
        #expect(throws: ModelHubError.self) {
            try store.update { state throws(ModelHubError) in
                state.selectedModelID = "b"
                throw .unknownModel("b", known: [])
            }
        }
        #expect(try store.selectedModelID() == "a")
    }
}
