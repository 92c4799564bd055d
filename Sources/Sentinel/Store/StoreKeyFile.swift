import _CryptoExtras
import Crypto
import Foundation

/// The store's key file, `sentinel.key`, owner-only (0600).
///
/// Three forms, told apart by a header byte:
/// - a random 256-bit master key, stored as is (protected by the file's permissions);
/// - for a passphrase (new stores): scrypt parameters, a salt, and the master key sealed with
///   AES-GCM under the key scrypt derives from the passphrase (memory-hard: each guess costs
///   32 MB). The sealed key also tells a wrong passphrase from a corrupt store;
/// - the legacy passphrase form of stores created before 2026-11-26: the master key *is*
///   PBKDF2-HMAC-SHA256 of the passphrase (200,000 iterations), with a check value. It is still
///   opened (with swift-crypto's PBKDF2), and the first successful open re-keys the file to the
///   scrypt form around the same master key, so no field needs re-encrypting.
///
/// The master key is never used directly: HKDF-SHA256 derives one subkey for field encryption
/// and one for document fingerprints.
struct StoreKeyFile {
    static let fileName = "sentinel.key"
    static let magic = Data("SENTINEL STORE KEY v1\n".utf8)
    static let randomForm: UInt8 = 0
    /// The legacy PBKDF2 form (read and re-keyed, never written).
    static let passphraseForm: UInt8 = 1
    /// The scrypt form.
    static let scryptForm: UInt8 = 2
    /// PBKDF2 iterations of legacy key files (and of `legacyFile(passphrase:)` in tests).
    static let defaultIterations: UInt32 = 200_000
    /// scrypt cost for a new passphrase key: N = 2^15, r = 8, p = 3 (one of OWASP's recommended
    /// settings; 32 MB of memory per guess).
    struct ScryptCost: Sendable, Hashable {
        var logN: UInt8 = 15
        var blockSize: UInt8 = 8
        var parallelism: UInt8 = 3
    }
    static let defaultScryptCost = ScryptCost()
    private static let checkPlaintext = Data("sentinel passphrase check".utf8)

    let url: URL

    /// Reads the master key, creating a key file when there is none (and no database either).
    func loadOrCreate(passphrase: String?, databaseExists: Bool, databasePath: String,
                      cost: ScryptCost = StoreKeyFile.defaultScryptCost) throws(SentinelStoreError) -> SymmetricKey {
        let path = url.path
        if PrivateFile.exists(path) { return try load(passphrase: passphrase, cost: cost) }
        if databaseExists { throw .keyMissing(databasePath: databasePath, keyPath: path) }
        let contents: Data
        let key: SymmetricKey
        if let passphrase {
            key = SymmetricKey(size: .bits256)
            contents = try Self.scryptFile(wrapping: key, passphrase: passphrase, cost: cost, path: path)
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
            if error.code == EEXIST { return try load(passphrase: passphrase, cost: cost) }
            throw .cannotWrite(path: path, reason: error.description)
        }
        return key
    }

    /// The scrypt form's file: parameters, salt, and `master` sealed under the passphrase's key.
    static func scryptFile(wrapping master: SymmetricKey, passphrase: String, cost: ScryptCost,
                           path: String) throws(SentinelStoreError) -> Data {
        var salt = [UInt8](repeating: 0, count: 16)
        for index in salt.indices { salt[index] = UInt8.random(in: 0...255) }
        let wrapping = try scryptKey(passphrase: passphrase, salt: Data(salt), cost: cost, path: path)
        let sealed: Data
        do {
            guard let combined = try AES.GCM.seal(master.withUnsafeBytes { Data($0) }, using: wrapping,
                                                  authenticating: magic + [scryptForm]).combined else {
                throw SentinelStoreError.cannotWrite(path: path, reason: "the key could not be sealed")
            }
            sealed = combined
        } catch {
            throw .cannotWrite(path: path, reason: "the key could not be sealed")
        }
        var file = magic
        file.append(scryptForm)
        file.append(contentsOf: [cost.logN, cost.blockSize, cost.parallelism])
        file.append(contentsOf: salt)
        file.append(sealed)
        return file
    }

    /// The key scrypt derives from `passphrase` (swift-crypto's `_CryptoExtras`, BoringSSL).
    static func scryptKey(passphrase: String, salt: Data, cost: ScryptCost, path: String) throws(SentinelStoreError) -> SymmetricKey {
        do {
            return try KDF.Scrypt.deriveKey(from: Data(passphrase.utf8), salt: salt, outputByteCount: 32,
                                            rounds: 1 << Int(cost.logN), blockSize: Int(cost.blockSize),
                                            parallelism: Int(cost.parallelism))
        } catch {
            throw .invalidKeyFile(path: path, reason: "scrypt could not derive a key with N = 2^\(cost.logN), r = \(cost.blockSize), "
                + "p = \(cost.parallelism) (not enough memory?)")
        }
    }

    /// Reads the master key from an existing key file; a legacy PBKDF2 file is re-keyed to the
    /// scrypt form on the way (the master key, and so every encrypted field, stays the same).
    func load(passphrase: String?, cost: ScryptCost = StoreKeyFile.defaultScryptCost) throws(SentinelStoreError) -> SymmetricKey {
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
            let key = try Self.legacyKey(passphrase: passphrase, salt: salt, iterations: iterations, path: path)
            do {
                let box = try AES.GCM.SealedBox(combined: body.dropFirst(20))
                guard try AES.GCM.open(box, using: key, authenticating: Self.magic) == Self.checkPlaintext else {
                    throw SentinelStoreError.wrongPassphrase(keyPath: path)
                }
            } catch {
                throw .wrongPassphrase(keyPath: path)
            }
            // Re-key once: the same master key, now behind scrypt. A failure leaves the legacy file,
            // which still opens.
            if let upgraded = try? Self.scryptFile(wrapping: key, passphrase: passphrase, cost: cost, path: path) {
                try? PrivateFile.replaceAtomically(path, contents: upgraded)
            }
            return key
        case Self.scryptForm:
            guard let passphrase else { throw .passphraseRequired(keyPath: path) }
            guard body.count > 3 + 16 + 28 else { throw .invalidKeyFile(path: path, reason: "it is truncated") }
            let cost = ScryptCost(logN: body[body.startIndex], blockSize: body[body.startIndex + 1], parallelism: body[body.startIndex + 2])
            guard (10...20).contains(cost.logN), (1...32).contains(cost.blockSize), (1...16).contains(cost.parallelism) else {
                throw .invalidKeyFile(path: path, reason: "it names scrypt parameters outside the accepted range")
            }
            let salt = Data(body.dropFirst(3).prefix(16))
            let wrapping = try Self.scryptKey(passphrase: passphrase, salt: salt, cost: cost, path: path)
            do {
                let box = try AES.GCM.SealedBox(combined: body.dropFirst(19))
                let master = try AES.GCM.open(box, using: wrapping, authenticating: Self.magic + [Self.scryptForm])
                guard master.count == 32 else { throw SentinelStoreError.invalidKeyFile(path: path, reason: "the sealed key is not 32 bytes") }
                return SymmetricKey(data: master)
            } catch let error as SentinelStoreError {
                throw error
            } catch {
                throw .wrongPassphrase(keyPath: path)
            }
        default:
            throw .invalidKeyFile(path: path, reason: "unknown key form")
        }
    }

    /// The legacy form's key: PBKDF2-HMAC-SHA256 (RFC 8018) through swift-crypto (BoringSSL).
    /// Legacy files name 200,000 iterations, below the library's checked minimum of 210,000,
    /// hence the unchecked entry point; no new file is written with it.
    static func legacyKey(passphrase: String, salt: Data, iterations: UInt32, path: String) throws(SentinelStoreError) -> SymmetricKey {
        do {
            return try KDF.Insecure.PBKDF2.deriveKey(from: Data(passphrase.utf8), salt: salt, using: .sha256, outputByteCount: 32,
                                                     unsafeUncheckedRounds: Int(iterations))
        } catch {
            throw .invalidKeyFile(path: path, reason: "PBKDF2 could not derive its key")
        }
    }

    /// A legacy (PBKDF2) key file for `passphrase` and its master key, as stores created before
    /// 2026-11-26 have: for tests of the re-keying path.
    static func legacyFile(passphrase: String, iterations: UInt32 = defaultIterations) throws -> (file: Data, master: SymmetricKey) {
        var salt = [UInt8](repeating: 0, count: 16)
        for index in salt.indices { salt[index] = UInt8.random(in: 0...255) }
        let key = try legacyKey(passphrase: passphrase, salt: Data(salt), iterations: iterations, path: "legacy")
        guard let check = try AES.GCM.seal(checkPlaintext, using: key, authenticating: magic).combined else {
            throw SentinelStoreError.cannotWrite(path: "legacy", reason: "the check value could not be sealed")
        }
        var file = magic
        file.append(passphraseForm)
        file.append(contentsOf: bigEndian(iterations))
        file.append(contentsOf: salt)
        file.append(check)
        return (file, key)
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
