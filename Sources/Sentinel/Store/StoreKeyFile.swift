import Crypto
import Foundation

/// The store's key file, `sentinel.key`, owner-only (0600).
///
/// Two forms, told apart by a header:
/// - a random 256-bit master key, stored as is (protected by the file's permissions);
/// - for a passphrase: a salt, an iteration count and a check value. The master key is derived
///   with PBKDF2-HMAC-SHA256 from the passphrase and salt and is never written; the check value
///   (an AES-GCM seal of a constant) tells a wrong passphrase from a corrupt store.
///
/// The master key is never used directly: HKDF-SHA256 derives one subkey for field encryption
/// and one for document fingerprints.
struct StoreKeyFile {
    static let fileName = "sentinel.key"
    static let magic = Data("SENTINEL STORE KEY v1\n".utf8)
    static let randomForm: UInt8 = 0
    static let passphraseForm: UInt8 = 1
    /// PBKDF2 iterations for a new passphrase key.
    static let defaultIterations: UInt32 = 200_000
    private static let checkPlaintext = Data("sentinel passphrase check".utf8)

    let url: URL

    /// Reads the master key, creating a key file when there is none (and no database either).
    func loadOrCreate(passphrase: String?, databaseExists: Bool, databasePath: String,
                      iterations: UInt32 = StoreKeyFile.defaultIterations) throws(SentinelStoreError) -> SymmetricKey {
        let path = url.path
        if PrivateFile.exists(path) { return try load(passphrase: passphrase) }
        if databaseExists { throw .keyMissing(databasePath: databasePath, keyPath: path) }
        let contents: Data
        let key: SymmetricKey
        if let passphrase {
            var salt = [UInt8](repeating: 0, count: 16)
            for index in salt.indices { salt[index] = UInt8.random(in: 0...255) }
            key = Self.derive(passphrase: passphrase, salt: Data(salt), iterations: iterations)
            let check: Data
            do {
                guard let combined = try AES.GCM.seal(Self.checkPlaintext, using: key, authenticating: Self.magic).combined else {
                    throw SentinelStoreError.cannotWrite(path: path, reason: "the check value could not be sealed")
                }
                check = combined
            } catch {
                throw .cannotWrite(path: path, reason: "the check value could not be sealed")
            }
            var file = Self.magic
            file.append(Self.passphraseForm)
            file.append(contentsOf: Self.bigEndian(iterations))
            file.append(contentsOf: salt)
            file.append(check)
            contents = file
        } else {
            key = SymmetricKey(size: .bits256)
            var file = Self.magic
            file.append(Self.randomForm)
            file.append(key.withUnsafeBytes { Data($0) })
            contents = file
        }
        do {
            try PrivateFile.createExclusively(path, contents: contents)
        } catch {
            // Another process created the key first: use theirs.
            if error.code == EEXIST { return try load(passphrase: passphrase) }
            throw .cannotWrite(path: path, reason: error.description)
        }
        return key
    }

    /// Reads the master key from an existing key file.
    func load(passphrase: String?) throws(SentinelStoreError) -> SymmetricKey {
        let path = url.path
        if let problem = PrivateFile.keyFileProblem(path) { throw .invalidKeyFile(path: path, reason: problem) }
        let bytes: Data
        do { bytes = try Data(contentsOf: url) } catch {
            throw .invalidKeyFile(path: path, reason: "it cannot be read: \((error as NSError).localizedDescription)")
        }
        // A key someone loosened is tightened again.
        if let mode = PrivateFile.permissions(path), mode != PrivateFile.ownerOnly { try? PrivateFile.restrictToOwner(path) }
        guard bytes.starts(with: Self.magic), bytes.count > Self.magic.count else {
            throw .invalidKeyFile(path: path, reason: "its header is missing")
        }
        let body = Data(bytes.dropFirst(Self.magic.count + 1))
        switch bytes[bytes.startIndex + Self.magic.count] {
        case Self.randomForm:
            guard passphrase == nil else { throw .passphraseNotUsed(keyPath: path) }
            guard body.count == 32 else { throw .invalidKeyFile(path: path, reason: "the key is \(body.count) bytes, not 32") }
            return SymmetricKey(data: body)
        case Self.passphraseForm:
            guard let passphrase else { throw .passphraseRequired(keyPath: path) }
            guard body.count > 20 else { throw .invalidKeyFile(path: path, reason: "it is truncated") }
            let iterations = body.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard iterations > 0, iterations <= 10_000_000 else {
                throw .invalidKeyFile(path: path, reason: "it names \(iterations) iterations")
            }
            let salt = Data(body.dropFirst(4).prefix(16))
            let key = Self.derive(passphrase: passphrase, salt: salt, iterations: iterations)
            do {
                let box = try AES.GCM.SealedBox(combined: body.dropFirst(20))
                guard try AES.GCM.open(box, using: key, authenticating: Self.magic) == Self.checkPlaintext else {
                    throw SentinelStoreError.wrongPassphrase(keyPath: path)
                }
            } catch {
                throw .wrongPassphrase(keyPath: path)
            }
            return key
        default:
            throw .invalidKeyFile(path: path, reason: "unknown key form")
        }
    }

    /// PBKDF2-HMAC-SHA256 (RFC 8018), one 32-byte block.
    ///
    /// HMAC is computed from two SHA-256 states primed once with the padded key (RFC 2104), so
    /// each of the many iterations hashes only its 32-byte input.
    static func derive(passphrase: String, salt: Data, iterations: UInt32) -> SymmetricKey {
        var key = [UInt8](passphrase.utf8)
        if key.count > 64 { key = [UInt8](SHA256.hash(data: key)) }
        key += [UInt8](repeating: 0, count: 64 - key.count)
        var innerStart = SHA256(), outerStart = SHA256()
        innerStart.update(data: key.map { $0 ^ 0x36 })
        outerStart.update(data: key.map { $0 ^ 0x5C })
        func hmac(_ message: [UInt8]) -> [UInt8] {
            var inner = innerStart
            inner.update(data: message)
            var outer = outerStart
            outer.update(data: [UInt8](inner.finalize()))
            return [UInt8](outer.finalize())
        }
        var block = hmac([UInt8](salt) + [0, 0, 0, 1])
        var result = block
        var remaining = iterations
        while remaining > 1 {
            block = hmac(block)
            for index in result.indices { result[index] ^= block[index] }
            remaining -= 1
        }
        return SymmetricKey(data: result)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// Seals and opens the store's encrypted fields with subkeys of the master key.
///
/// Every field is an AES-256-GCM sealed box (nonce, ciphertext, tag) whose associated data names
/// the field, so a value moved to another column fails authentication.
struct FieldCipher: Sendable {
    // Key bytes (swift-crypto's SymmetricKey is not Sendable on every platform).
    private let encryptionBytes: Data
    private let fingerprintBytes: Data

    init(master: SymmetricKey) {
        func derive(_ info: String) -> Data {
            HKDF<SHA256>.deriveKey(inputKeyMaterial: master, info: Data(info.utf8), outputByteCount: 32).withUnsafeBytes { Data($0) }
        }
        encryptionBytes = derive("sentinel field encryption v1")
        fingerprintBytes = derive("sentinel fingerprint v1")
    }

    private var encryption: SymmetricKey { SymmetricKey(data: encryptionBytes) }
    private var fingerprinting: SymmetricKey { SymmetricKey(data: fingerprintBytes) }

    /// The sealed box of `plaintext` for `field`.
    func seal(_ plaintext: Data, field: String) throws -> Data {
        guard let combined = try AES.GCM.seal(plaintext, using: encryption, authenticating: Data(field.utf8)).combined else {
            throw CryptoKitError.incorrectParameterSize
        }
        return combined
    }

    /// The plaintext of a sealed box of `field`.
    func open(_ sealed: Data, field: String) throws -> Data {
        try AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: encryption, authenticating: Data(field.utf8))
    }

    /// A keyed fingerprint (HMAC-SHA256, hex) of `data`: equal contents give equal fingerprints,
    /// yet the fingerprint reveals nothing without the key.
    func fingerprint(_ data: Data) -> String {
        HMAC<SHA256>.authenticationCode(for: data, using: fingerprinting).map { String(format: "%02x", $0) }.joined()
    }
}
