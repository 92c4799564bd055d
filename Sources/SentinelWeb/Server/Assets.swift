import Foundation
import Hummingbird
import WebFoundation

/// The style sheet and script, read once from the module's resources and served from memory.
struct Assets: Sendable {
    let files: [String: (body: ByteBuffer, type: String)]

    init() throws {
        var files: [String: (body: ByteBuffer, type: String)] = [:]
        for (file, type) in [("sentinel.css", "text/css; charset=utf-8"), ("sentinel.js", "text/javascript; charset=utf-8")] {
            guard let url = Bundle.module.url(forResource: file, withExtension: nil, subdirectory: "Resources") else {
                throw APIError(.internalServerError, "Sentinel's \(file) is missing from this build.")
            }
            files["/" + file] = (ByteBuffer(bytes: try Data(contentsOf: url)), type)
        }
        self.files = files
    }

    func register(on router: Router<WebRequestContext>) {
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        for (path, file) in files {
            router.get(RouterPath(path)) { _, _ in
                Response(status: .ok, headers: [.contentType: file.type], body: ResponseBody(byteBuffer: file.body))
            }
        }
    }
}
