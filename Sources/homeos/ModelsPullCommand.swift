import ArgumentParser
import Foundation
import ModelHub

/// `homeos models pull ID|URL`: download, verify and install a model.
struct ModelsPullCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: "Download a model, verify its SHA-256 and install it.",
        discussion: """
            Downloads resume where they stopped (run the same command again after an interruption). \
            The file only appears in the models directory once its SHA-256 matches. Catalogued models \
            without a published hash need --sha256 (copy it from the publisher's file page) or \
            --unverified. A .gguf address is added to the user catalog under an id made from its file name.
            """)

    @OptionGroup var location: ModelsLocationOptions

    @Argument(help: ArgumentHelp("A catalog id or alias, or the https:// address of a .gguf file.", valueName: "id|url"))
    var model: String

    @Option(name: .long, help: ArgumentHelp("Expected SHA-256 of the file (64 hex characters).", valueName: "hex"))
    var sha256: String?

    @Flag(name: .long, help: "Accept a file with no known SHA-256 (its hash is recorded and shown).")
    var unverified = false

    func validate() throws {
        if let sha256, SHA256Hex.normalized(sha256) == nil {
            throw ValidationError("--sha256 must be 64 hexadecimal characters, got '\(sha256)'.")
        }
        if sha256 != nil && unverified { throw ValidationError("Use either --sha256 or --unverified, not both.") }
    }

    func run() async throws {
        let library = location.library()
        let token = AuthToken.resolve(tokenFile: library.paths.tokenFile)
        let client = ModelDownloader.makeHTTPClient()
        let downloader = ModelDownloader(httpClient: client)
        let label = library.catalog.entry(named: model)?.id ?? DownloadURL.fileName(model) ?? model
        let bar = ModelsProgressBar(label: label)
        if let token, let entry = library.catalog.entry(named: model), entry.requiresToken {
            Terminal.error("Using the \(token).")
        }
        let outcome: Result<ModelLibrary.PullResult, any Error>
        do {
            outcome = .success(try await library.pull(model, options: .init(sha256: sha256, allowUnverified: unverified, token: token),
                                                      downloader: downloader) { bar.update($0) })
        } catch {
            outcome = .failure(error)
        }
        try await client.shutdown()
        let result = try outcome.get()
        report(result, library: library)
    }

    private func report(_ result: ModelLibrary.PullResult, library: ModelLibrary) {
        let entry = result.entry
        let path = library.directory.path(of: entry)
        if result.alreadyInstalled {
            print("\(entry.id) is already installed and verified: \(path)")
            return
        }
        let size = result.files.reduce(Int64(0)) { $0 + $1.sizeBytes }
        switch result.verification {
        case .catalog:
            print("Installed \(entry.id) (\(ByteCount.format(size)), SHA-256 verified against the catalog): \(path)")
        case .pinned:
            print("Installed \(entry.id) (\(ByteCount.format(size)), SHA-256 verified against --sha256): \(path)")
        case .unverified:
            print("Installed \(entry.id) (\(ByteCount.format(size))) WITHOUT verification: no published SHA-256 was given.")
            for file in result.files { print("  \(file.destination.lastPathComponent)  sha256 \(file.sha256)") }
            print("Compare the hash with the publisher's page; later changes to the file will be detected.")
        }
        if let resumed = result.files.first(where: { $0.resumedFromBytes > 0 && !$0.alreadyPresent }) {
            print("(resumed from \(ByteCount.format(resumed.resumedFromBytes)) downloaded earlier)")
        }
        print("Select it with: homeos models use \(entry.id)")
    }
}
