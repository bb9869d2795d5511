/// "Did you mean" for mistyped options, commands and scene names.
enum Suggestion {
    /// The candidate closest to `word` by edit distance (insertions, deletions,
    /// substitutions, and swaps of neighbours), when it is close enough to be a typo:
    /// at most 1 edit for words up to 4 characters, 2 up to 8, else 3. Ties go to the
    /// candidate listed first.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let limit = word.count <= 4 ? 1 : word.count <= 8 ? 2 : 3
        var best: (String, Int)?
        for c in candidates {
            let d = distance(word.lowercased(), c.lowercased())
            if d <= limit && d < (best?.1 ?? Int.max) { best = (c, d) }
        }
        return best?.0
    }

    /// `; did you mean 'X'?` for the closest candidate, or an empty string.
    static func hint(for word: String, in candidates: [String], prefix: String = "") -> String {
        closest(to: word, in: candidates).map { "; did you mean '\(prefix)\($0)'?" } ?? ""
    }

    /// Optimal string alignment distance between `a` and `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a)
        let y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }
}
