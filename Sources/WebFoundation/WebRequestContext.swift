import Hummingbird

/// The request context of every route: Hummingbird's core storage, with this server's body limit.
public struct WebRequestContext: RequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage

    /// The largest request body any route reads (64 KB; a larger one gets 413 and nothing is written).
    public static let bodyLimit = 64 * 1024

    /// Creates the context for a request.
    public init(source: Source) {
        coreContext = .init(source: source)
    }

    /// The body limit.
    public var maxUploadSize: Int { Self.bodyLimit }
}
