import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plug-in that serves `@SkillArguments` and its constraint attributes.
@main
struct SkillArgumentsPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [SkillArgumentsMacro.self, SchemaConstraintMacro.self]
}
