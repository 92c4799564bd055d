import LLM

extension RemoteFallback {
    /// The resilience cascade's last step over a remote model: the consent question names the
    /// server's host, and nothing is sent unless `askConsent` returns true for that request.
    ///
    /// ```swift
    /// let fallback = RemoteFallback.remote(model) { request in
    ///     await ask("Send this to \(request.destination)? [y/N]")
    /// }
    /// let resilient = ResilientBridge(local: LLMBridge(model: engine), remote: fallback)
    /// ```
    public static func remote(_ model: RemoteModel,
                              askConsent: @escaping @Sendable (RemoteConsentRequest) async -> Bool) -> RemoteFallback {
        RemoteFallback(bridge: LLMBridge(model: model), destination: model.configuration.host, askConsent: askConsent)
    }
}
