extension ArgumentParser {
    /// The commands that take a SCENE (and so refuse options that do not apply to it).
    static let sceneCommands: Set<Command> = [.view, .demo, .render, .snapshot, .bench]

    /// Refuses the first of `given` (in the user's order) that does not apply to the
    /// scene, after an unknown scene name, which is the first thing to tell.
    static func checkScene(_ scene: String, given: [OptionSpec], command: Command) throws(CLIError) {
        guard sceneCommands.contains(command) else { return }
        let kind = SceneKind(scene: scene)
        guard let spec = given.first(where: { !$0.scenes.contains(kind) }) else { return }
        try SceneCatalog.checkName(scene)
        throw .usage("option '--\(spec.name)' does not apply to '\(scene)' (\(SceneKind.refusal(spec.scenes)))")
    }
}
