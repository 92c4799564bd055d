import Crypto
import Foundation
@testable import Sentinel
import Testing

/// Issue 22: the passphrase key derivation was a hand-written PBKDF2; new stores now use scrypt
/// from swift-crypto, and stores with the old form open and are re-keyed once.
@Suite struct StoreKeyDerivationTests {
    static func hex(_ key: SymmetricKey) -> String { key.withUnsafeBytes { $0.map { String(format: "%02x", $0) }.joined() } }

    @Test func scryptMatchesTheRFC7914TestVector() async throws {
        try await onOwnThread {
            // RFC 7914 §12: scrypt("password", "NaCl", N = 1024, r = 8, p = 16), first 32 bytes.
            let key = try StoreKeyFile.scryptKey(passphrase: "password", salt: Data("NaCl".utf8),
                                                 cost: .init(logN: 10, blockSize: 8, parallelism: 16), path: "test")
            #expect(Self.hex(key) == "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162")
        }
    }

    @Test func aNewPassphraseStoreUsesScryptAndAWrongPassphraseIsTold() async throws {
        try await onOwnThread {
            let scratch = StoreScratch()
            _ = try SentinelStore(directory: scratch.data, passphrase: "correct horse")
            let file = try Data(contentsOf: scratch.data.appendingPathComponent(SentinelStore.keyFileName))
            #expect(file[StoreKeyFile.magic.count] == StoreKeyFile.scryptForm)
            #expect(throws: SentinelStoreError.wrongPassphrase(keyPath: scratch.data.appendingPathComponent(SentinelStore.keyFileName).path)) {
                _ = try SentinelStore(directory: scratch.data, passphrase: "battery staple")
            }
            _ = try SentinelStore(directory: scratch.data, passphrase: "correct horse")
        }
    }

    @Test func aLegacyPBKDF2StoreOpensAndIsRekeyedToScryptAroundTheSameKey() async throws {
        try await onOwnThread {
            let scratch = StoreScratch()
            try FileManager.default.createDirectory(at: scratch.data, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let keyURL = scratch.data.appendingPathComponent(SentinelStore.keyFileName)
            let (legacy, master) = try StoreKeyFile.legacyFile(passphrase: "old passphrase")
            try PrivateFile.createExclusively(keyURL.path, contents: legacy)
            #expect(legacy[StoreKeyFile.magic.count] == StoreKeyFile.passphraseForm)

            let opened = try StoreKeyFile(url: keyURL).load(passphrase: "old passphrase")
            #expect(Self.hex(opened) == Self.hex(master))
            let rekeyed = try Data(contentsOf: keyURL)
            #expect(rekeyed[StoreKeyFile.magic.count] == StoreKeyFile.scryptForm)
            #expect(PrivateFile.permissions(keyURL.path) == PrivateFile.ownerOnly)
            // The same master key behind scrypt: every field encrypted before still opens.
            #expect(Self.hex(try StoreKeyFile(url: keyURL).load(passphrase: "old passphrase")) == Self.hex(master))
            #expect(throws: SentinelStoreError.self) { try StoreKeyFile(url: keyURL).load(passphrase: "wrong") }
        }
    }
}
