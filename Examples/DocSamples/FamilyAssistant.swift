import Foundation
import HomeOS
import LLM
import Skills

/// docs/library-guide.md, "The family assistant in your app".
func familyAssistantSample(engine: any LanguageModel, dataFolder: URL) async throws {
    let store = try SQLiteStorage(directory: dataFolder)      // family.sqlite, after `homeos init`
    let home = try HomeOSAssistant(storage: store, bridge: LLMBridge(model: engine))
    let reply = await home.assistant.handle("What should we have for dinner tonight?")
    print(reply.skillID ?? "no skill", reply.result)
}
