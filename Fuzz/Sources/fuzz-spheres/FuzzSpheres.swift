import Apollonian
import FuzzSupport

/// libFuzzer entry: the input is Apollonian sphere-record JSON for `SphereJSON.decode`.
/// Accepted records must keep the documented contract (finite values, radius >= 0, level
/// in 1...1000, at most `maxRecords`) and survive an encode/decode round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzCheck.bytes(data, size)
    let records: [SphereRecord]
    do {
        records = try SphereJSON.decode(bytes, source: "fuzz.json", maxRecords: 1000)
    } catch let error as PackingError {
        guard case .badRecords(source: "fuzz.json", _) = error else {
            FuzzCheck.require(false, "decode threw an error of the wrong kind: \(error)")
            return 0
        }
        FuzzCheck.requireOneLine(error.description, startingWith: "fuzz.json:")
        return 0
    } catch {
        FuzzCheck.require(false, "decode threw a \(type(of: error)), not a PackingError: \(error)")
        return 0
    }
    FuzzCheck.require(records.count <= 1000, "\(records.count) records accepted with maxRecords 1000")
    for r in records {
        FuzzCheck.require(
            r.x.isFinite && r.y.isFinite && r.z.isFinite && r.r.isFinite, "record with a value that is not finite: \(r)"
        )
        FuzzCheck.require(r.r >= 0, "record with a negative radius: \(r)")
        FuzzCheck.require((1...1000).contains(r.level), "record with level \(r.level)")
    }
    do {
        let text = try SphereJSON.encode(records, decimals: SphereJSON.maxDecimals)
        let again = try SphereJSON.decode(text, source: "again.json")
        FuzzCheck.require(again.count == records.count, "round trip gave \(again.count) of \(records.count) records")
        FuzzCheck.require(zip(again, records).allSatisfy { $0.level == $1.level }, "round trip changed a level")
    } catch {
        FuzzCheck.require(false, "accepted records do not round-trip: \(error)")
    }
    return 0
}
