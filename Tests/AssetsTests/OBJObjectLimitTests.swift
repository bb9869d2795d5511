import Testing

@testable import Assets

@Suite struct OBJObjectLimit {
    @Test func objectsPastTheLimitJoinTheLastNodeInsteadOfMultiplyingNodes() throws {
        var text = "v 0 0 0\nv 1 0 0\nv 0 1 0\n"
        for k in 0..<(OBJReader.maxObjects + 10) { text += "g part\(k)\nf 1 2 3\n" }
        let model = try ModelLoader.load(data: Array(text.utf8), name: "many.obj")
        #expect(model.children.count == OBJReader.maxObjects)
        #expect(model.triangleCount == OBJReader.maxObjects + 10)
    }
}
