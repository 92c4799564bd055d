import Testing
@testable import RemoteEngine

@Suite struct RemoteEngineNamespaceTests {}
