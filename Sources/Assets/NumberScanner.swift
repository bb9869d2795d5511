import Foundation

/// Locale-independent decimal number parsing over raw bytes, shared by `TextScanner` (whole
/// tokens) and the OBJ reader's byte-level path (numbers read in place, no token arrays).
///
/// Each parser reads as much of a number as starts at `start` and returns its value with the
/// index of the first byte after it; the caller decides whether that byte may end a token.
enum NumberScanner {
    /// Every read checked against the end (a token, a value of an XML list).
    enum Checked: ScanEnd {
        static var checked: Bool { true }
    }

    /// No read checked: the bytes end in one that stops every scan (a line break).
    enum Unchecked: ScanEnd {
        static var checked: Bool { false }
    }

    /// 10^e for e in 0...22, each exact in a `Double` (a table, without the start-up check a
    /// global array costs on every use).
    @inline(__always)
    static func powerOfTen(_ e: Int) -> Double {
        switch e {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// Reads the decimal digits at `p[i...]` into `value` (value x 10 + digit, wrapping past
    /// 19 digits); `i` moves past them. Stops at the first other byte, and at `end` unless
    /// `E` is `Unchecked` (the caller knows another byte comes before the end).
    @inline(__always)
    static func digitRun<E: ScanEnd>(
        _ p: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int, _: E.Type, into value: inout UInt64
    ) {
        while !E.checked || i < end {
            let d = p[i] &- 48
            if d > 9 { return }
            value = value &* 10 &+ UInt64(d)
            i &+= 1
        }
    }

    /// Mantissa digits past this value only move the decimal exponent.
    private static let mantissaCap: UInt64 = 1_000_000_000_000_000_000

    /// A decimal floating-point number (`-1.5`, `.5`, `3e-2`, `+4.`) at `p[start..<end]`, or
    /// nil when none starts there or its value is not finite as a `Double`.
    ///
    /// Mantissas up to 2^53 with decimal exponents within ±22 are exact (one correctly
    /// rounded operation on exact operands); longer mantissas keep their first 19 digits,
    /// and larger exponents go through `pow`, off by at most a few units in the last place.
    ///
    /// With `Unchecked` the bytes after `start` are read without checking `end`: the
    /// caller knows a byte that is not part of a number (a line break) comes before the end.
    @inline(__always)
    static func double<E: ScanEnd>(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ scan: E.Type)
        -> (value: Double, next: Int)?
    {
        var i = start
        guard i < end else { return nil }
        let digitsStart = i + (p[i] == 45 || p[i] == 43 ? 1 : 0)
        let (negative, read, digits, point) = decimal(p, &i, end, E.self)
        guard digits > 0 else { return nil }
        var mantissa = read
        var exponent = point
        // Up to 18 digits the mantissa stays below the cap; longer ones are read again with it.
        if digits > 18 { (mantissa, exponent) = capped(p, digitsStart, i) }
        if !E.checked || i < end, p[i] == 101 || p[i] == 69 {
            i += 1
            var expNegative = false
            if !E.checked || i < end, p[i] == 45 || p[i] == 43 {
                expNegative = p[i] == 45
                i += 1
            }
            var e = 0
            let expStart = i
            while !E.checked || i < end {
                let d = p[i] &- 48
                if d > 9 { break }
                if e < 100_000 { e = e * 10 + Int(d) }
                i += 1
            }
            guard i > expStart else { return nil }
            exponent += expNegative ? -e : e
        }
        // Below the cap the mantissa converts as a signed integer (one instruction).
        var value = mantissa < mantissaCap ? Double(Int64(bitPattern: mantissa)) : Double(mantissa)
        if mantissa != 0, exponent != 0 {
            if exponent > 400 { return nil }
            if exponent < -400 {
                value = 0
            } else if exponent > 0, exponent <= 22 {
                value *= powerOfTen(exponent)
            } else if exponent < 0, exponent >= -22 {
                value /= powerOfTen(-exponent)
            } else {
                value *= pow(10, Double(exponent))
            }
        }
        guard value.isFinite else { return nil }
        return (negative ? -value : value, i)
    }

    /// The sign, digits (value and count, wrapping past 19) and decimal exponent of the
    /// `[sign]digits[.digits]` at `p[i...]`; `i` moves past them. The count is 0 when there
    /// are no digits.
    @inline(__always)
    private static func decimal<E: ScanEnd>(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int, _: E.Type)
        -> (negative: Bool, mantissa: UInt64, digits: Int, exponent: Int)
    {
        let negative = p[i] == 45
        if negative || p[i] == 43 { i &+= 1 }
        let digitsStart = i
        var mantissa: UInt64 = 0
        digitRun(p, &i, end, E.self, into: &mantissa)
        var digits = i &- digitsStart
        var exponent = 0
        if !E.checked || i < end, p[i] == 46 {
            i &+= 1
            let fraction = i
            digitRun(p, &i, end, E.self, into: &mantissa)
            exponent = fraction &- i
            digits &+= i &- fraction
        }
        return (negative, mantissa, digits, exponent)
    }

    /// `double` for the common form `[sign]digits[.digits]` with at most 18 digits and no
    /// exponent, in bytes that end in a line break (`Unchecked`); small enough to inline
    /// where numbers are read in bulk. Nil for any other form: then call `double`, which
    /// gives the same value for this form.
    @inline(__always)
    static func plainDouble(_ p: UnsafePointer<UInt8>, _ start: Int) -> (value: Double, next: Int)? {
        var i = start
        let (negative, mantissa, digits, exponent) = decimal(p, &i, 0, Unchecked.self)
        guard digits > 0, digits <= 18, p[i] | 0x20 != 101 else { return nil }
        var value = Double(Int64(bitPattern: mantissa))
        if mantissa != 0, exponent != 0 { value /= powerOfTen(-exponent) }
        return (negative ? -value : value, i)
    }

    /// The mantissa (its first digits while below `mantissaCap`) and decimal exponent of the
    /// digits and point at `p[start..<end]`.
    private static func capped(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> (UInt64, Int) {
        var mantissa: UInt64 = 0
        var exponent = 0
        var fraction = false
        for i in start..<end {
            if p[i] == 46 {
                fraction = true
            } else if mantissa < mantissaCap {
                mantissa = mantissa * 10 + UInt64(p[i] - 48)
                if fraction { exponent -= 1 }
            } else if !fraction {
                exponent += 1
            }
        }
        return (mantissa, exponent)
    }

    /// A decimal integer with an optional sign at `p[start..<end]`, or nil when none starts
    /// there or its magnitude exceeds `Int32.max`. `scan` as for `double`.
    @inline(__always)
    static func int<E: ScanEnd>(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ scan: E.Type)
        -> (value: Int, next: Int)?
    {
        var i = start
        guard i < end else { return nil }
        var negative = false
        if p[i] == 45 || p[i] == 43 {
            negative = p[i] == 45
            i += 1
        }
        let first = i
        var run: UInt64 = 0
        digitRun(p, &i, end, E.self, into: &run)
        guard i > first else { return nil }
        var v = Int(truncatingIfNeeded: run)
        // Up to 9 digits cannot pass Int32.max; longer ones are read again with a check.
        if i &- first > 9 {
            v = 0
            for k in first..<i {
                v = v * 10 + Int(p[k] - 48)
                if v > Int(Int32.max) { return nil }
            }
        }
        return (negative ? -v : v, i)
    }
}
