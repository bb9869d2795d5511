import Foundation
import Testing

@testable import Apollonian

@Suite struct SphereJSONFormat {
    @Test func recordsAreWrittenExactlyAsTheServiceDid() throws {
        let records = [
            SphereRecord(x: 0.25949, y: -0.25951, z: 0, r: 0.449490, level: 1),
            SphereRecord(x: 1, y: -0.00004, z: 0.5, r: 0.1, level: 12),
        ]
        let text = try SphereJSON.encodeString(records)
        #expect(text == #"[{"X":0.2595,"Y":-0.2595,"Z":0,"R":0.4495,"L":1},{"X":1,"Y":0,"Z":0.5,"R":0.1,"L":12}]"#)
        #expect(try SphereJSON.encodeString([]) == "[]")
    }

    @Test(arguments: [
        (0.12345678, 4, "0.1235"), (2.0, 4, "2"), (-1.5, 0, "-2"), (0.00005, 4, "0.0001"),
        (-0.00004, 4, "0"), (123.456, 1, "123.5"), (0.000001234, 9, "0.000001234"), (1e20, 4, "1e+20"),
    ])
    func numbersAreRoundedWithoutTrailingZeros(value: Double, decimals: Int, expected: String) {
        #expect(SphereJSON.format(value, decimals: decimals) == expected)
    }

    @Test func decimalsOutsideTheRangeAreRefused() {
        #expect(throws: PackingError.self) { try SphereJSON.encode([], decimals: 13) }
        #expect(throws: PackingError.self) { try SphereJSON.encode([], decimals: -1) }
    }

    @Test func aGeneratedPackingSurvivesARoundTrip() throws {
        let records = try PackingGenerator.records(PackingOptions(level: 5))
        let exact = try SphereJSON.decode(try SphereJSON.encode(records, decimals: 12), source: "test")
        #expect(exact.count == records.count)
        for (a, b) in zip(records, exact) {
            #expect(a.level == b.level)
            #expect(max(abs(a.x - b.x), abs(a.y - b.y), abs(a.z - b.z), abs(a.r - b.r)) <= 5e-13)
        }
        let rounded = try SphereJSON.decode(try SphereJSON.encode(records), source: "test")
        #expect(zip(records, rounded).allSatisfy { abs($0.r - $1.r) <= 5e-5 && $0.level == $1.level })
        // Encoding what was decoded gives the same bytes.
        #expect(try SphereJSON.encode(rounded) == SphereJSON.encode(records))
    }

    @Test func theEarlyKeyStyleRadiusAndLevelIsRead() throws {
        let old = #" [ {"X": 0.1, "Y": -0.2, "Z": 3e-1, "Radius": 0.05, "Level": 3, "Colour": [1, {"a": null}]} ] "#
        let records = try SphereJSON.decode(old, source: "old.json")
        #expect(records == [SphereRecord(x: 0.1, y: -0.2, z: 0.3, r: 0.05, level: 3)])
    }

    @Test(arguments: [
        ("", "empty input"),
        (#"{"X":1}"#, "expected a JSON array of sphere records, found an object"),
        ("<html>Service Unavailable</html>", "HTML"),
        (#"[{"X":1,"Y":2,"Z":3,"L":1}]"#, #"record 1: missing key "R" (or "Radius")"#),
        (#"[{"X":1,"Y":2,"Z":3,"R":0.1}]"#, #"record 1: missing key "L" (or "Level")"#),
        (#"[{"X":1,"Y":2,"Z":3,"R":0.1,"L":1},{"Y":2}]"#, #"record 2: missing key "X""#),
        (#"[{"X":1e999,"Y":2,"Z":3,"R":0.1,"L":1}]"#, #""X" is not finite"#),
        (#"[{"X":1,"Y":2,"Z":3,"R":-0.1,"L":1}]"#, "record 1: negative radius"),
        (#"[{"X":1,"Y":2,"Z":3,"R":0.1,"L":1.5}]"#, "level 1.5 is not a whole number"),
        (#"[{"X":1,"Y":2,"Z":3,"R":0.1,"L":0}]"#, "not a whole number in 1...1000"),
        (#"[{"X":true,"Y":2,"Z":3,"R":0.1,"L":1}]"#, #""X" is a boolean, expected a number"#),
        (#"[{"X":"1","Y":2,"Z":3,"R":0.1,"L":1}]"#, #""X" is a string, expected a number"#),
        (#"[{"X":01,"Y":2,"Z":3,"R":0.1,"L":1}]"#, #""X" is not a number"#),
        (#"[{"X":1,"Y":2,"Z":3,"R":0.1,"L":1}"#, "unexpected end of input after record 1"),
        (#"[{"X":1,"Y":2,"Z":3,"R":0.1,"L":1}] x"#, "after the array"),
        ("[1, 2]", "record 1 is a number, expected an object"),
        ("\u{1}\u{2}garbage", "found byte 0x1"),
    ])
    func malformedInputGivesAOneLineErrorNamingTheSource(input: String, fragment: String) {
        do {
            _ = try SphereJSON.decode(input, source: "in.json")
            Issue.record("accepted: \(input)")
        } catch {
            let message = String(describing: error)
            #expect(message.hasPrefix("in.json: "))
            #expect(message.contains(fragment), "\(message)")
            #expect(!message.contains("\n"))
        }
    }

    @Test func tooManyRecordsAreRefused() {
        let three =
            #"[{"X":0,"Y":0,"Z":0,"R":1,"L":1},{"X":0,"Y":0,"Z":0,"R":1,"L":1},{"X":0,"Y":0,"Z":0,"R":1,"L":1}]"#
        #expect((try? SphereJSON.decode(three, source: "s", maxRecords: 3))?.count == 3)
        #expect(throws: PackingError.badRecords(source: "s", problem: "more than 2 records")) {
            try SphereJSON.decode(three, source: "s", maxRecords: 2)
        }
    }

    @Test func deeplyNestedUnknownValuesAreRefusedNotRecursedForever() {
        let deep = #"[{"X":0,"Y":0,"Z":0,"R":1,"L":1,"junk":"# + String(repeating: "[", count: 10_000) + "]}]"
        #expect(throws: PackingError.self) { try SphereJSON.decode(deep, source: "deep") }
    }
}

@Suite struct SphereJSONFiles {
    @Test func recordsAreReadFromAFileAndMissingFilesAreNamed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "orbit-apollonian-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("level3.json").path
        let records = try PackingGenerator.records(PackingOptions(level: 3))
        #expect(FileManager.default.createFile(atPath: file, contents: Data(try SphereJSON.encode(records))))
        let read = try SphereJSON.read(path: file)
        #expect(read.count == 89)
        #expect(try SphereJSON.encode(read) == SphereJSON.encode(records))

        let missing = dir.appendingPathComponent("nope.json").path
        #expect(throws: PackingError.badRecords(source: missing, problem: "no such file")) {
            try SphereJSON.read(path: missing)
        }
        #expect(throws: PackingError.badRecords(source: dir.path, problem: "is a directory, not a JSON file")) {
            try SphereJSON.read(path: dir.path)
        }
    }
}
