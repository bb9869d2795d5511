/// Sphere counts of the packing known in closed form or published by the web service.
public enum PackingCounts {
    /// Spheres first made in `generation` with no radius cut-off: 4 for generation 0, then
    /// `5 * a_g` with `a_g = 3a_(g-1) + 3a_(g-2) - 6a_(g-3)`, `a_0...a_3 = 1, 1, 4, 12`
    /// (4, 5, 20, 60, 210, 690, 2340, 7830, 26370, 88560, ...). The recurrence's
    /// characteristic polynomial `1 - 3t - 3t^2 + 6t^3` is the denominator of the growth
    /// series of the Coxeter group the packing's moves generate. `nil` when it overflows or
    /// `generation` is negative.
    public static func newSpheres(generation: Int) -> Int? {
        guard generation >= 0 else { return nil }
        if generation == 0 { return 4 }
        var a: [Int] = [1, 1, 4, 12]
        while a.count <= generation {
            let n = a.count
            let (t1, o1) = a[n - 1].multipliedReportingOverflow(by: 3)
            let (t2, o2) = a[n - 2].multipliedReportingOverflow(by: 3)
            let (t3, o3) = a[n - 3].multipliedReportingOverflow(by: 6)
            let (s1, o4) = t1.addingReportingOverflow(t2)
            let (s2, o5) = s1.subtractingReportingOverflow(t3)
            if o1 || o2 || o3 || o4 || o5 { return nil }
            a.append(s2)
        }
        let (r, o) = a[generation].multipliedReportingOverflow(by: 5)
        return o ? nil : r
    }

    /// All spheres of generations 0...`level` with no cut-off; `nil` on overflow.
    public static func totalSpheres(level: Int) -> Int? {
        guard level >= 0 else { return nil }
        var total = 0
        for g in 0...level {
            guard let n = newSpheres(generation: g) else { return nil }
            let (t, o) = total.addingReportingOverflow(n)
            if o { return nil }
            total = t
        }
        return total
    }

    /// What the web service answered for `/api/spheres/{radius}/{level}`, levels 1...10
    /// (radius cut-off 0.01): 9, 29, 89, 299, 989, 2837, 6635, 12119, 16187, 18107.
    public static let service: [Int: Int] = [
        1: 9, 2: 29, 3: 89, 4: 299, 5: 989, 6: 2837, 7: 6635, 8: 12119, 9: 16187, 10: 18107,
    ]

    /// The number of spheres `options` will make before the edge filter, when known
    /// without generating (the standard packing with no cut-off, or the service's cut-off
    /// up to level 10).
    public static func expected(for options: PackingOptions) -> Int? {
        if options.kind != .standard { return nil }
        if options.minRadius == 0 { return totalSpheres(level: options.level) }
        if options.minRadius == 0.01 {
            if options.level == 0 { return 4 }
            return service[options.level]
        }
        return nil
    }
}
