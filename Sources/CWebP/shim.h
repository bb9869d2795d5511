// libwebp (libwebp-dev): the decoder, size and alpha first, then decoding into a buffer the
// caller sized, so a damaged file fails with a status instead of writing out of bounds.
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <webp/decode.h>

/// Width, height and whether the picture has alpha; 0 on success.
static inline int orbit_webp_info(const uint8_t *data, size_t size, int *width, int *height, int *has_alpha) {
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(data, size, &features) != VP8_STATUS_OK) return -1;
    *width = features.width;
    *height = features.height;
    *has_alpha = features.has_alpha;
    return 0;
}

/// Decodes into `out` (`size_out` bytes, rows of `stride` bytes), RGBA when `alpha` is
/// non-zero, else RGB; 0 on success.
static inline int orbit_webp_decode(const uint8_t *data, size_t size, int alpha, uint8_t *out, size_t size_out,
                                    int stride) {
    uint8_t *done = alpha ? WebPDecodeRGBAInto(data, size, out, size_out, stride)
                          : WebPDecodeRGBInto(data, size, out, size_out, stride);
    return done ? 0 : -1;
}

#include <webp/encode.h>

/// Encodes `width` x `height` RGBA pixels as a lossless WebP into a new buffer `*out`
/// (freed with `orbit_webp_free`); returns its size, 0 on failure. For tests.
static inline size_t orbit_webp_encode_lossless(const uint8_t *rgba, int width, int height, uint8_t **out) {
    return WebPEncodeLosslessRGBA(rgba, width, height, width * 4, out);
}

/// Frees a buffer from `orbit_webp_encode_lossless`.
static inline void orbit_webp_free(void *buffer) { WebPFree(buffer); }
