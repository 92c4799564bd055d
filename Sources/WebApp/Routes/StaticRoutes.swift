import Foundation
import Hummingbird
import WebFoundation

/// The page and its script and style sheet, read once from the module's resources and served from
/// memory. Nothing is fetched from anywhere else.
struct StaticRoutes {
    /// A file served as is.
    struct Asset: Sendable {
        var body: ByteBuffer
        var contentType: String
    }

    let assets: [String: Asset]
    /// The OpenAPI document of the OpenAI-compatible API (`/openapi.json`).
    let openAPIDocument: ByteBuffer

    /// Loads the assets.
    /// - Throws: when a resource is missing from the build (a packaging error).
    init() throws {
        var assets: [String: Asset] = [:]
        for (path, file, type) in [("/", "index.html", "text/html; charset=utf-8"),
                                   ("/app.js", "app.js", "text/javascript; charset=utf-8"),
                                   ("/app.css", "app.css", "text/css; charset=utf-8")] {
            guard let url = Bundle.module.url(forResource: file, withExtension: nil, subdirectory: "Resources") else {
                throw APIError(.internalServerError, "The web app's \(file) is missing from this build.")
            }
            assets[path] = Asset(body: ByteBuffer(bytes: try Data(contentsOf: url)), contentType: type)
        }
        self.assets = assets
        guard let document = Bundle.module.url(forResource: "openapi", withExtension: "json", subdirectory: "Resources") else {
            throw APIError(.internalServerError, "The API's openapi.json is missing from this build.")
        }
        openAPIDocument = ByteBuffer(bytes: try Data(contentsOf: document))
    }

    func register(on router: Router<WebRequestContext>) {
        // Browsers ask for an icon on their own; there is none to send (the page draws its logo inline).
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        for (path, asset) in assets {
            router.get(RouterPath(path)) { _, _ in
                var headers = HTTPFields()
                headers[.contentType] = asset.contentType
                headers[.cacheControl] = "no-cache"
                return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: asset.body))
            }
        }
    }
}
