/// Receives each sphere the walk makes: the tree node, its generation and its curvature
/// (unit container).
protocol TreeSink {
    mutating func accept(_ node: TreeNode, generation: Int, curvature: Double) throws
}
