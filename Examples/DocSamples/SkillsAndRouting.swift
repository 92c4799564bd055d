import LLM
import Skills

/// docs/library-guide.md, "Skills and routing" (the registry line is also docs/adding-skills.md's
/// "Register it").
func skillsAndRoutingSample(engine: any LanguageModel) async throws {
    var registry = SkillRegistry()
    try registry.register(PackedLunchSkill())
    let bridge = LLMBridge(model: engine)
    let router = ChatTurnRouter(skills: registry.enabledDescriptors, bridge: bridge)
    let decision = await router.route("Pack a lunch for Leo tomorrow")
    print(decision.skillID ?? "no skill", decision.step, decision.score)

    let assistant = Assistant(registry: registry, router: router, bridge: bridge)
    let reply = await assistant.handle("What can Ava take for lunch without nuts?")
    print(reply.result)
}

/// docs/adding-skills.md, "4. The schema-drift check".
func schemaDriftSample() {
    let problems = ArgumentsShape.of(PackedLunchSkill.Arguments.self)
        .differences(from: PackedLunchSkill().argumentsSchema.root)
    assert(problems.isEmpty, "schema drift: \(problems)")
}
