/// Where a model comes from.
public enum ModelSource: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Downloadable over HTTP(S); the value names the publisher's page or repository. The
    /// per-file download addresses are in ``ModelFile/url``.
    case download(String)
    /// Installed by `make setup` from the named pip package; not downloaded by HomeOS.
    case installedPackage(String)
    /// Served by an OpenAI-compatible endpoint at the given base URL.
    case remoteEndpoint(String)
    /// Provided by the operating system (Apple's Foundation Models).
    case system(String)
    /// Placed in the models directory by hand; the value says how or where from.
    case manual(String)

    /// The page, package, endpoint or system component named.
    public var location: String {
        switch self {
        case .download(let value), .installedPackage(let value), .remoteEndpoint(let value), .system(let value),
             .manual(let value): return value
        }
    }

    /// The kind as written in catalog files: `download`, `package`, `remote`, `system` or `manual`.
    public var kind: String {
        switch self {
        case .download: return "download"
        case .installedPackage: return "package"
        case .remoteEndpoint: return "remote"
        case .system: return "system"
        case .manual: return "manual"
        }
    }

    public var description: String {
        switch self {
        case .download(let page): return page
        case .installedPackage(let package): return "pip package \(package) (installed by make setup)"
        case .remoteEndpoint(let url): return "remote endpoint \(url)"
        case .system(let component): return "provided by \(component)"
        case .manual(let note): return "manually installed (\(note))"
        }
    }

    private enum CodingKeys: String, CodingKey { case kind, location }

    /// Decodes `{"kind": "download|package|remote|system|manual", "location": "…"}`, or a bare string
    /// (an `http(s)` address is a download; anything else a package name).
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            self = text.hasPrefix("http://") || text.hasPrefix("https://") ? .download(text) : .installedPackage(text)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let location = try container.decode(String.self, forKey: .location)
        switch try container.decode(String.self, forKey: .kind) {
        case "download": self = .download(location)
        case "package": self = .installedPackage(location)
        case "remote": self = .remoteEndpoint(location)
        case "system": self = .system(location)
        case "manual": self = .manual(location)
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription:
                "unknown source kind '\(other)'; use download, package, remote, system or manual")
        }
    }

    /// Encodes as `{"kind": …, "location": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(location, forKey: .location)
    }
}

/// The attention shape of a transformer, enough to size its KV cache.
public struct ModelShape: Sendable, Hashable, Codable {
    /// Transformer blocks (layers).
    public var layers: Int
    /// Key/value heads per layer (fewer than query heads with grouped-query attention).
    public var kvHeads: Int
    /// Width of one key head.
    public var keyLength: Int
    /// Width of one value head.
    public var valueLength: Int

    /// Creates a shape.
    public init(layers: Int, kvHeads: Int, keyLength: Int, valueLength: Int) {
        self.layers = layers
        self.kvHeads = kvHeads
        self.keyLength = keyLength
        self.valueLength = valueLength
    }

    /// Bytes of KV cache one token occupies with 16-bit cache entries (llama.cpp's default).
    public var kvBytesPerToken: Int64 {
        Int64(layers) * Int64(kvHeads) * Int64(keyLength + valueLength) * 2
    }
}
