import Foundation
import Testing

@testable import Apollonian

/// A flag and a log shared with the generator's callbacks (which may run on any thread).
private final class Probe: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [PackingProgress] = []
    private var cancelled = false

    func add(_ p: PackingProgress) {
        lock.lock()
        reports.append(p)
        lock.unlock()
    }
    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }
    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }
    var all: [PackingProgress] {
        lock.lock()
        defer { lock.unlock() }
        return reports
    }
}

@Suite struct GeneratorControl {
    @Test func progressCountsRiseToTheTotalAndKnowTheExpectedTotal() throws {
        let probe = Probe()
        let records = try PackingGenerator.records(PackingOptions(level: 8, minRadius: 0), progress: { probe.add($0) })
        let reports = probe.all
        #expect(reports.count >= 2)
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.spheres < $1.spheres })
        #expect(reports.last?.spheres == records.count)
        #expect(reports.allSatisfy { $0.expected == records.count })
        #expect(reports.last?.fraction == 1)
    }

    @Test func aCancelledGenerationStopsWithCancelled() {
        #expect(throws: PackingError.cancelled) {
            try PackingGenerator.records(PackingOptions(level: 14, minRadius: 0), isCancelled: { true })
        }
    }

    @Test func cancellingFromTheProgressCallbackStopsSoon() {
        let probe = Probe()
        #expect(throws: PackingError.cancelled) {
            try PackingGenerator.records(
                PackingOptions(level: 14, minRadius: 0),
                progress: { p in
                    probe.add(p)
                    if p.spheres > 50_000 { probe.cancel() }
                },
                isCancelled: { probe.isCancelled })
        }
        // Generation 14 has 60 million spheres; it stopped long before.
        #expect((probe.all.last?.spheres ?? 0) < 2_000_000)
    }

    @Test func theSphereLimitStopsGeneration() {
        #expect(throws: PackingError.tooManySpheres(limit: 1000)) {
            try PackingGenerator.records(PackingOptions(level: 9, minRadius: 0, maxSpheres: 1000))
        }
        // The limit holds across the parallel walkers: generation 14 (60 million spheres)
        // stops soon after 100,000, not after each walker made 100,000.
        let probe = Probe()
        #expect(throws: PackingError.tooManySpheres(limit: 100_000)) {
            try PackingGenerator.records(
                PackingOptions(level: 14, minRadius: 0, maxSpheres: 100_000), progress: { probe.add($0) })
        }
        #expect((probe.all.last?.spheres ?? 0) <= 100_000)
        #expect(throws: PackingError.tooManySpheres(limit: 10)) {
            try PackingGenerator.forEachSphere(level: 9, minRadius: 0, maxSpheres: 10) { _, _, _, _ in }
        }
    }

    @Test(arguments: [
        PackingOptions(level: -1), PackingOptions(level: PackingOptions.maxLevel + 1), PackingOptions(minRadius: -0.1),
        PackingOptions(minRadius: .nan), PackingOptions(minRadius: 1), PackingOptions(radius: 0),
        PackingOptions(radius: .infinity),
        PackingOptions(maxSpheres: 0),
    ])
    func optionsOutOfRangeAreRefusedWithAMessage(options: PackingOptions) {
        do {
            _ = try PackingGenerator.records(options)
            Issue.record("accepted \(options)")
        } catch {
            guard case PackingError.invalidOption = error else {
                Issue.record("\(error)")
                return
            }
            #expect(!String(describing: error).contains("\n"))
        }
    }

    @Test func theOuterRadiusScalesEveryRecord() throws {
        let unit = try PackingGenerator.records(PackingOptions(level: 3))
        let big = try PackingGenerator.records(PackingOptions(level: 3, radius: 10))
        #expect(
            zip(unit, big).allSatisfy {
                abs($0.x * 10 - $1.x) < 1e-12 && abs($0.r * 10 - $1.r) < 1e-12 && $0.level == $1.level
            })
    }

    @Test func theParallelRunGivesTheSingleThreadedWalkOrderOnEveryRun() throws {
        let a = try PackingGenerator.records(PackingOptions(level: 9))
        let b = try PackingGenerator.records(PackingOptions(level: 9))
        #expect(a == b)
        var walk: [SphereRecord] = []
        try PackingGenerator.forEachSphere(level: 9, minRadius: 0.01) { label, g, _, _ in
            let c = label.center
            walk.append(SphereRecord(x: c.x, y: c.y, z: c.z, r: label.radius, level: g + 1))
        }
        #expect(a.count == walk.count)
        #expect(zip(a, walk).allSatisfy { $0.center == $1.center && $0.r == $1.r && $0.level == $1.level })
    }

    @Test func theEdgeFilterKeepsExactlyTheSpheresReachingTheShell() throws {
        let all = try PackingGenerator.records(PackingOptions(level: 10))
        let edge = try PackingGenerator.records(PackingOptions(level: 10, edgeOnly: true))
        #expect(edge == all.filter { $0.touchesShell(outerRadius: 1) })
        #expect(edge.count == 6596)
    }

    @Test func aLargeCutOffLeavesNoSpheres() throws {
        #expect(try PackingGenerator.records(PackingOptions(level: 5, minRadius: 0.5)).isEmpty)
        #expect(try PackingGenerator.records(PackingOptions(level: 5, minRadius: 0.3)).count == 4)
    }
}
