// zlib (Debian zlib1g-dev): deflate and CRC-32 for the PNG frames of kitty graphics;
// inflate for the entries of zip containers (3MF).
#pragma once
#include <zlib.h>

/// deflateInit2 (a macro in zlib.h, so not visible to Swift): a zlib stream (RFC 1950,
/// 32 KiB window) at `level` with `strategy` (Z_DEFAULT_STRATEGY, Z_RLE, ...).
static inline int orbit_deflate_init(z_streamp stream, int level, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 9, strategy);
}

/// deflateInit2 for a raw deflate stream (RFC 1951, no zlib header or check value, 32 KiB
/// window) at `level` with `strategy`: one piece of a zlib stream compressed in parallel.
static inline int orbit_deflate_init_raw(z_streamp stream, int level, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 9, strategy);
}

/// inflateInit2 (a macro in zlib.h): a raw deflate stream (RFC 1951, no header), as zip
/// entries hold them.
static inline int orbit_inflate_init_raw(z_streamp stream) {
    return inflateInit2(stream, -15);
}
