import Math3D
import SceneGraph

/// A COLLADA `<skin>` as instanced by one `<instance_controller>`, ready to pose.
///
/// A skinned vertex is sum of weight x joint world x inverse bind x bind-pose vertex, in
/// the visual scene's coordinates, where the bind-pose vertex is the vertex under the bind
/// shape matrix and the world transform (in the file, unanimated) of the node holding the
/// `instance_controller`. So a skin whose joints stand at their bind pose is drawn exactly
/// where the unposed mesh would be (Blender writes bind shape matrices relative to that
/// node; most exporters put skins in a node at the origin, where this is COLLADA's
/// `bind_shape_matrix` rule as written). Joint names are `sid`s looked up under the instance's
/// `<skeleton>` roots, then node `id`s and `name`s; a vertex keeps its 4 largest
/// influences (8 when some vertex has more than 4), weights renormalised. Joint number
/// -1 in `<v>` is the bind shape itself (a joint that never moves).
struct ColladaSkin {
    /// The `<vertex_weights>` line, for messages.
    var line: Int?
    /// The skin's joint names, and the node element of each (nil for a joint no vertex
    /// uses that names no node).
    var names: [String]
    var joints: [XElement?]
    /// Per joint: whether some position has a weight on it.
    var used: [Bool]
    /// One inverse bind matrix per joint.
    var inverseBind: [Matrix4]
    var bindShape: Matrix4
    /// Positions the weights cover (`vertex_weights count`).
    var positions: Int
    /// Influences per position (4 or 8).
    var influences: Int
    /// Per position, `influences` joint numbers (-1: the bind shape) and weights summing
    /// to 1 (or all 0).
    var jointIndices: [Int32]
    var weights: [Float]
}

extension ColladaReader {
    /// Node elements by `sid`, `id` and `name` (the first in breadth-first order wins).
    struct NodeNames {
        var sid: [String: XElement] = [:]
        var id: [String: XElement] = [:]
        var name: [String: XElement] = [:]

        /// The names of the nodes of the subtrees of `roots` (nested `node` elements).
        init(_ roots: [XElement]) {
            var queue = roots
            var k = 0
            while k < queue.count {
                let e = queue[k]
                k += 1
                if let s = e.attributes["sid"], sid[s] == nil { sid[s] = e }
                if let s = e.attributes["id"], id[s] == nil { id[s] = e }
                if let s = e.attributes["name"], name[s] == nil { name[s] = e }
                queue += e.children("node")
            }
        }
    }

    /// Reads the skin of every `<instance_controller>` whose controller is a `<skin>` and
    /// resolves its joints, before the scene is built (so the joints' paths are recorded).
    /// Broken skin data is an error; a skin that cannot be posed (no weights, a joint
    /// naming no node) is noted to be drawn in the bind pose with one warning.
    mutating func prepareSkins(_ root: XElement) throws(AssetError) {
        var read: [ObjectIdentifier: Result<ColladaSkin, BindPose>] = [:]
        var everywhere: NodeNames?
        var skeletons: [ObjectIdentifier: NodeNames] = [:]
        for e in root.descendants() where e.name == "instance_controller" {
            guard let controller = lookup(e.attributes["url"]), controller.name == "controller",
                let body = controller.child("skin")
            else { continue }
            let key = ObjectIdentifier(controller)
            let parsed: Result<ColladaSkin, BindPose>
            if let known = read[key] {
                parsed = known
            } else {
                parsed = try skin(body, controller: controller)
                read[key] = parsed
            }
            var skin: ColladaSkin
            switch parsed {
            case .failure(let why):
                skinFailures[ObjectIdentifier(e)] = why.reason
                continue
            case .success(let s): skin = s
            }
            var roots: [NodeNames] = []
            for s in e.children("skeleton") {
                let url = s.text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard let node = lookup(url), node.name == "node" else { continue }
                let k = ObjectIdentifier(node)
                if skeletons[k] == nil { skeletons[k] = NodeNames([node]) }
                if let names = skeletons[k] { roots.append(names) }
            }
            var missing: String?
            for (j, n) in skin.names.enumerated() {
                var found = roots.lazy.compactMap { $0.sid[n] }.first
                found = found ?? roots.lazy.compactMap { $0.id[n] ?? $0.name[n] }.first
                if found == nil {
                    if everywhere == nil { everywhere = NodeNames(root.descendants().filter { $0.name == "node" }) }
                    found = everywhere?.sid[n] ?? everywhere?.id[n] ?? everywhere?.name[n]
                }
                skin.joints[j] = found
                if let found {
                    animated.insert(ObjectIdentifier(found))
                } else if skin.used[j], missing == nil {
                    missing = "joint '\(AssetError.oneLine(n))' names no node"
                }
            }
            if let missing {
                skinFailures[ObjectIdentifier(e)] = missing
                continue
            }
            skins[ObjectIdentifier(e)] = skin
            skinOrder.append(ObjectIdentifier(e))
        }
    }

    /// Why a skin is drawn in its bind pose.
    struct BindPose: Error {
        var reason: String
    }

    /// Reads `<skin>` `body` of `controller`: joints, inverse bind matrices and vertex
    /// weights (joints not yet resolved to nodes).
    func skin(_ body: XElement, controller: XElement) throws(AssetError) -> Result<ColladaSkin, BindPose> {
        let what = "skin of controller '\(AssetError.oneLine(controller.attributes["id"] ?? "?"))'"
        var bindShape = Matrix4.identity
        if let m = body.child("bind_shape_matrix") {
            let v = try numbers(m, what: "bind_shape_matrix")
            guard v.count == 16 else {
                throw AssetError(file: name, line: m.line, "bind_shape_matrix needs 16 numbers, found \(v.count)")
            }
            bindShape = Matrix4(rowMajor: v)
        }
        guard let jointsElement = body.child("joints"), let vw = body.child("vertex_weights") else {
            return .failure(BindPose(reason: "\(what) has no <joints> or <vertex_weights>"))
        }
        let jointInputs = jointsElement.children("input")
        guard let jointInput = jointInputs.first(where: { $0.attributes["semantic"] == "JOINT" }) else {
            return .failure(BindPose(reason: "\(what): <joints> has no JOINT input"))
        }
        let names = try jointNames(jointInput.attributes["source"], what: what)
        var inverseBind = [Matrix4](repeating: .identity, count: names.count)
        if let input = jointInputs.first(where: { $0.attributes["semantic"] == "INV_BIND_MATRIX" }) {
            let s = try source(input.attributes["source"], minimumSize: 16, what: what)
            guard s.count >= names.count else {
                throw AssetError(
                    file: name, line: input.line, "\(what): \(s.count) inverse bind matrices for \(names.count) joints")
            }
            for j in inverseBind.indices {
                inverseBind[j] = Matrix4(rowMajor: Array(s.values[(16 * j)..<(16 * j + 16)]))
            }
        }
        guard let count = Int(vw.attributes["count"] ?? ""), count >= 0, count <= AssetLimits.maxVertices else {
            throw AssetError(file: name, line: vw.line, "\(what): vertex_weights count is not a valid number")
        }
        var stride = 0
        var jointOffset: Int?
        var weightOffset: Int?
        var weightValues: [Float] = []
        var jointMap: [Int] = []
        for input in vw.children("input") {
            guard let offset = Int(input.attributes["offset"] ?? ""), offset >= 0, offset < 64 else {
                throw AssetError(file: name, line: input.line, "\(what): vertex_weights input without a valid offset")
            }
            stride = max(stride, offset + 1)
            switch input.attributes["semantic"] {
            case "JOINT":
                jointOffset = offset
                let url = input.attributes["source"]
                if url == jointInput.attributes["source"] {
                    jointMap = Array(names.indices)
                } else {
                    var index: [String: Int] = [:]
                    for (j, n) in names.enumerated() where index[n] == nil { index[n] = j }
                    for n in try jointNames(url, what: what) {
                        guard let j = index[n] else {
                            throw AssetError(
                                file: name, line: input.line,
                                "\(what): vertex_weights joint '\(AssetError.oneLine(n))' is not a joint of the skin")
                        }
                        jointMap.append(j)
                    }
                }
            case "WEIGHT":
                weightOffset = offset
                weightValues = try source(input.attributes["source"], minimumSize: 1, what: what).values
            default: break
            }
        }
        guard let jointOffset, let weightOffset else {
            return .failure(BindPose(reason: "\(what): vertex_weights without JOINT and WEIGHT inputs"))
        }
        let vcount =
            try vw.child("vcount").map { (e: XElement) throws(AssetError) -> [Int] in try integers(e, what: what) }
            ?? []
        guard vcount.count >= count else {
            throw AssetError(
                file: name, line: vw.line, "\(what): vertex_weights count \(count) but <vcount> holds \(vcount.count)")
        }
        let v =
            try vw.child("v").map { (e: XElement) throws(AssetError) -> [Int] in try jointPairs(e, what: what) } ?? []
        var total = 0
        var widest = 0
        for c in vcount.prefix(count) {
            guard c <= v.count, total + c <= v.count / stride else {
                throw AssetError(
                    file: name, line: vw.line, "\(what): <vcount> needs more than the \(v.count) numbers <v> holds")
            }
            total += c
            widest = max(widest, c)
        }
        let influences = widest > 4 ? 8 : 4
        guard count * influences <= Rigging.maxNumbers else {
            throw AssetError(file: name, line: vw.line, "\(what): skin data beyond \(Rigging.maxNumbers) numbers")
        }
        var jointIndices = [Int32](repeating: 0, count: count * influences)
        var weights = [Float](repeating: 0, count: count * influences)
        var pairs: [(joint: Int32, weight: Float)] = []
        var at = 0
        for p in 0..<count {
            pairs.removeAll(keepingCapacity: true)
            for k in 0..<vcount[p] {
                let j = v[(at + k) * stride + jointOffset]
                let w = v[(at + k) * stride + weightOffset]
                guard j < jointMap.count else {
                    throw AssetError(
                        file: name, line: vw.line, "\(what): joint index \(j) out of range (\(jointMap.count) joints)")
                }
                guard w >= 0, w < weightValues.count else {
                    throw AssetError(
                        file: name, line: vw.line,
                        "\(what): weight index \(w) out of range (\(weightValues.count) weights)")
                }
                let weight = weightValues[w]
                guard weight > 0, weight.isFinite else { continue }
                pairs.append((j < 0 ? -1 : Int32(jointMap[j]), weight))
            }
            at += vcount[p]
            if pairs.count > influences { pairs.sort { $0.weight > $1.weight } }
            let kept = pairs.prefix(influences)
            let sum = kept.reduce(Float(0)) { $0 + $1.weight }
            guard sum > 0, sum.isFinite else { continue }
            for (i, pair) in kept.enumerated() {
                jointIndices[p * influences + i] = pair.joint
                weights[p * influences + i] = pair.weight / sum
            }
        }
        var used = [Bool](repeating: false, count: names.count)
        for (k, j) in jointIndices.enumerated() where j >= 0 && weights[k] > 0 { used[Int(j)] = true }
        return .success(
            ColladaSkin(
                line: vw.line, names: names, joints: [XElement?](repeating: nil, count: names.count), used: used,
                inverseBind: inverseBind, bindShape: bindShape, positions: count, influences: influences,
                jointIndices: jointIndices, weights: weights))
    }

    /// The names of a joint `<source>` (`Name_array` or `IDREF_array`), as many as its
    /// accessor counts.
    func jointNames(_ url: String?, what: String) throws(AssetError) -> [String] {
        guard let e = lookup(url), e.name == "source" else {
            throw AssetError(file: name, "\(what): joint source '\(AssetError.oneLine(url ?? ""))' not found")
        }
        guard let array = e.child("Name_array") ?? e.child("IDREF_array") else {
            throw AssetError(file: name, line: e.line, "\(what): joint source has no Name_array or IDREF_array")
        }
        let bytes = Array(array.text.utf8)
        var names = TextScanner.xmlTokens(bytes[...]).map(TextScanner.text)
        if let declared = array.attributes["count"], Int(declared) != names.count {
            throw AssetError(
                file: name, line: array.line,
                "\(what): \(array.name) declares \(AssetError.oneLine(declared)) names but holds \(names.count)")
        }
        if let accessor = e.path("technique_common", "accessor") {
            guard let count = Int(accessor.attributes["count"] ?? ""), count >= 0, count <= names.count else {
                throw AssetError(
                    file: name, line: accessor.line, "\(what): joint accessor count is not in 0...\(names.count)")
            }
            names.removeSubrange(count...)
        }
        guard names.count < 65536 else {
            throw AssetError(file: name, line: array.line, "\(what): more than 65535 joints")
        }
        return names
    }

    /// The numbers of a `<v>`: indices, or -1 (a joint number meaning the bind shape).
    func jointPairs(_ e: XElement, what: String) throws(AssetError) -> [Int] {
        var out: [Int] = []
        let bytes = Array(e.text.utf8)
        for token in TextScanner.xmlTokens(bytes[...]) {
            guard let v = TextScanner.int(token), v >= -1 else {
                throw AssetError(file: name, line: e.line, "\(what): '\(TextScanner.text(token))' is not an index")
            }
            out.append(v)
        }
        return out
    }

    /// Notes that the skinned mesh of `instance` is drawn in its bind pose, for `reason`.
    mutating func keepBindPose(_ instance: ObjectIdentifier, _ reason: String) {
        if unposedSkins.isEmpty { unposedReason = reason }
        unposedSkins.insert(instance)
    }

    /// The deformers of the skins met in the scene: each skinned mesh is moved to a new
    /// child of `root` (its bind-pose drawing is emptied) and its joints become rig targets.
    /// `paths` are the child-index paths from `root` of recorded elements.
    mutating func skinDeformers(
        _ root: inout Node, paths: [ObjectIdentifier: [[Int]]], targets: inout [Rig.Target],
        targetOf: inout [ObjectIdentifier: Int]
    ) throws(AssetError) -> [Rig.Deformer] {
        var deformers: [Rig.Deformer] = []
        var fixed: Int?
        var skinnedVertices = 0
        for key in skinOrder {
            guard let skin = skins[key], let made = skinnedMeshes[key] else { continue }
            guard let holders = paths[key], !holders.isEmpty else {
                keepBindPose(key, "its node's transform is singular")
                continue
            }
            var jointTargets: [Int?] = []
            var problem: String?
            for (j, e) in skin.joints.enumerated() {
                guard let e else {
                    jointTargets.append(nil)
                    continue
                }
                let k = ObjectIdentifier(e)
                if let t = targetOf[k] {
                    jointTargets.append(t)
                    continue
                }
                let jointName = AssetError.oneLine(skin.names[j])
                guard let at = paths[k], !at.isEmpty else {
                    problem = "joint '\(jointName)' is not in the scene"
                    break
                }
                guard let rest = NodeMatrix.decompose(pose(try transformElements(e), [], at: nil)) else {
                    problem = "joint '\(jointName)' has a transform with a shear"
                    break
                }
                targetOf[k] = targets.count
                jointTargets.append(targets.count)
                targets.append(
                    Rig.Target(name: e.attributes["name"] ?? e.attributes["id"] ?? jointName, paths: at, rest: rest))
            }
            if let problem {
                keepBindPose(key, problem)
                continue
            }
            let mesh = made.mesh
            let k = skin.influences
            let n = mesh.vertexCount
            // Each posed skin holds its own copy of its mesh.
            skinnedVertices += n
            guard skinnedVertices <= AssetLimits.maxVertices else {
                throw AssetError(file: name, "skinned meshes of more than \(AssetLimits.maxVertices) vertices in all")
            }
            guard made.origins.count == n else {
                keepBindPose(key, "its vertices do not all come from the geometry's positions")
                continue
            }
            var jointIndices = [UInt16](repeating: 0, count: n * k)
            var weights = [Float](repeating: 0, count: n * k)
            let bindSlot = UInt16(skin.names.count)
            var usesBindShape = false
            for v in 0..<n {
                let p = Int(made.origins[v])
                guard p >= 0, p < skin.positions else {
                    throw AssetError(
                        file: name, line: skin.line,
                        "vertex_weights count \(skin.positions) but the geometry uses position \(p)")
                }
                for i in 0..<k {
                    let j = skin.jointIndices[p * k + i]
                    let w = skin.weights[p * k + i]
                    guard w > 0 else { continue }
                    weights[v * k + i] = w
                    if j < 0 {
                        usesBindShape = true
                        jointIndices[v * k + i] = bindSlot
                    } else {
                        jointIndices[v * k + i] = UInt16(j)
                    }
                }
            }
            // Joints no vertex uses and the bind shape stand on the rig's node itself.
            func fixedTarget() -> Int {
                if let fixed { return fixed }
                targets.append(Rig.Target(name: "bind shape", paths: [[]], rest: Transform()))
                fixed = targets.count - 1
                return targets.count - 1
            }
            var joints = jointTargets.map { $0 ?? fixedTarget() }
            var inverseBind = skin.inverseBind
            if usesBindShape {
                joints.append(fixedTarget())
                inverseBind.append(.identity)
            }
            // The bind shape where the unposed mesh is drawn: under its node's world
            // transform and the bind shape matrix.
            var place = Matrix4.identity
            var at = root
            for i in holders[0] where i >= 0 && i < at.children.count {
                at = at.children[i]
                place = place * at.transform.matrix
            }
            let posed = place == .identity ? mesh : try NodeMatrix.bake(mesh, place, file: name)
            for path in holders { root.withDescendant(at: path) { $0.content = nil } }
            root.children.append(Node(name: mesh.name, mesh: posed))
            deformers.append(
                Rig.Deformer(
                    path: [root.children.count - 1], mesh: posed,
                    skin: Rig.Skin(
                        joints: joints, inverseBind: inverseBind, influences: k, jointIndices: jointIndices,
                        weights: weights)))
        }
        return deformers
    }
}
