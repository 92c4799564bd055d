import Foundation

/// What gives the person hope, kept for the crisis view: their own words, and pictures (a photo
/// of family, a letter). Stored encrypted as the store's `.hopeBox` document, pictures included.
public struct HopeBox: Sendable, Hashable, Codable {
    /// A picture in the hope box.
    public struct Image: Sendable, Hashable, Codable {
        /// A stable id, for links to it.
        public var id: String
        /// What the picture is, in the person's words.
        public var caption: String
        /// `image/png` or `image/jpeg`.
        public var mediaType: String
        /// The image file's bytes.
        public var data: Data

        /// Creates an image.
        public init(id: String = UUID().uuidString, caption: String, mediaType: String, data: Data) {
            self.id = id
            self.caption = caption
            self.mediaType = mediaType
            self.data = data
        }
    }

    /// The largest picture kept (2 MB).
    public static let imageLimit = 2 * 1024 * 1024
    /// The most pictures kept.
    public static let imageCountLimit = 12

    /// Words: reasons, quotes, memories.
    public var texts: [String]
    /// Pictures.
    public var images: [Image]

    /// Creates a hope box.
    public init(texts: [String] = [], images: [Image] = []) {
        self.texts = texts
        self.images = images
    }

    /// The media type of `data` from its first bytes (PNG or JPEG), or nil for anything else:
    /// what a file says it is does not count.
    public static func imageType(of data: Data) -> String? {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        return nil
    }
}

extension SentinelStore {
    /// The stored profile, or nil before onboarding.
    public func loadProfile() throws -> VeteranProfile? { try loadDocument(VeteranProfile.self, kind: .profile) }

    /// Replaces the profile.
    public func saveProfile(_ profile: VeteranProfile) throws { try saveDocument(profile, kind: .profile) }

    /// The stored hope box (empty when none).
    public func loadHopeBox() throws -> HopeBox { try loadDocument(HopeBox.self, kind: .hopeBox) ?? HopeBox() }

    /// Replaces the hope box.
    public func saveHopeBox(_ box: HopeBox) throws { try saveDocument(box, kind: .hopeBox) }
}
