import ArgumentParser
import Foundation
import HomeOS
import HomeOSMCP
import MCP

/// `homeos mcp`: HomeOS as an MCP server over standard input and output.
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the family's skills as MCP tools and its data as resources, over standard input and output.",
        discussion: """
            For MCP clients (desktop assistants, IDEs) on this computer: the client starts `homeos mcp` and talks to \
            it over stdin/stdout. Each enabled skill is a tool whose input is the skill's own arguments plus \
            "userMessage", the person's words. Today's calendar, medications and allergies are read-only resources. \
            A booking, purchase or message is never carried out from MCP: it is parked for the family's approval \
            (the web app's Approvals page, or `homeos approve ID`). Messages go to standard error, never stdout.

            Example client configuration:
              {"command": "/path/to/homeos", "args": ["mcp", "--data-dir", "/home/me/.homeos"]}
            """)

    @OptionGroup var data: DataDirectoryOptions

    func run() async throws {
        let storage = try data.openRequiredStorage()
        let encoder = AssistantOptions.sentenceEncoder()
        let home: HomeOSAssistant
        do {
            // Tool calls carry their arguments: the skills run without a model, deterministically.
            home = try HomeOSAssistant(storage: storage, bridge: nil, sentenceEncoder: encoder)
        } catch let error as HomeOSAssistantError {
            throw CommandFailure(error.description)
        }
        Terminal.error("homeos mcp: serving \(home.registry.enabledDescriptors.count) tools for \(home.family.name) on stdio.")
        try await FamilyMCPServer(home: home, sentenceEncoder: encoder).run(transport: StdioTransport())
    }
}
