import Foundation

/// The names in each folder a load looks into for a reference whose exact name is missing
/// (`FileAccess.read` tries a name that differs only in case), listed and sorted once per
/// folder per load: 5000 missing textures in a folder of 30,000 files cost one listing,
/// not 5000.
///
/// A class, shared by every copy of one load's `FileAccess`, guarded by a lock.
final class FolderListings: @unchecked Sendable {
    private let lock = NSLock()
    /// Per folder path: the first name (in sorted order) for each lower-cased name.
    private var folders: [String: [String: String]] = [:]
    /// Folders listed so far (for tests).
    private(set) var listings = 0

    /// The name in `directory` that equals `wanted` (lower-cased) but for case, the first
    /// in sorted order; nil when there is none or the folder cannot be listed.
    func match(lowercased wanted: String, in directory: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if let known = folders[directory] { return known[wanted] }
        listings += 1
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var byLower: [String: String] = [:]
        byLower.reserveCapacity(names.count)
        for name in names.sorted() where byLower[name.lowercased()] == nil { byLower[name.lowercased()] = name }
        folders[directory] = byLower
        return byLower[wanted]
    }
}
