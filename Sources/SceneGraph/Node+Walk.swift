import Math3D

extension Node {
    /// Visits the nodes a renderer draws: this node and its descendants, depth first,
    /// parents before children, hidden subtrees left out, each with its world matrix
    /// (`parent * transform.matrix`, down the tree). `Scene.drawList()` and the rasterizer
    /// both walk the tree this way.
    ///
    /// Nodes are reached through pointers that are valid only during `visit`, so walking a
    /// big tree copies no nodes.
    @inlinable
    public func walkDrawn(parent: Matrix4 = .identity, _ visit: (UnsafePointer<Node>, Matrix4) throws -> Void) rethrows
    {
        try withUnsafePointer(to: self) { try Node.walk($0, parent: parent, skipHidden: true, visit) }
    }

    /// The one tree walk: depth first, parents first, with world matrices; hidden subtrees
    /// are skipped when `skipHidden` is true.
    @inlinable
    static func walk(
        _ node: UnsafePointer<Node>, parent: Matrix4, skipHidden: Bool,
        _ visit: (UnsafePointer<Node>, Matrix4) throws -> Void
    ) rethrows {
        if skipHidden && node.pointee.isHidden { return }
        let world = parent * node.pointee.transform.matrix
        try visit(node, world)
        try node.pointee.children.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return }
            for i in children.indices { try walk(first + i, parent: world, skipHidden: skipHidden, visit) }
        }
    }
}
