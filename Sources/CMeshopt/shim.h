// meshoptimizer (libmeshoptimizer-dev 0.18): the EXT_meshopt_compression codecs and the
// simplifier. Each wrapper has one prefix per use so several readers can share this target:
// orbit_meshopt_decode_* for glTF decoding, orbit_meshopt_encode_* for the tests that build
// compressed files, orbit_meshopt_simplify_* for drawing very large meshes while they turn.
// Every decoder reads only buffer_size bytes and writes only count * size bytes; it
// returns 0 on success and a negative value on malformed input.
#pragma once
#include <stddef.h>
#include <meshoptimizer.h>

static inline int orbit_meshopt_decode_vertices(void *destination, size_t count, size_t size,
                                                const unsigned char *buffer, size_t buffer_size) {
    return meshopt_decodeVertexBuffer(destination, count, size, buffer, buffer_size);
}

static inline int orbit_meshopt_decode_triangles(void *destination, size_t count, size_t size,
                                                 const unsigned char *buffer, size_t buffer_size) {
    return meshopt_decodeIndexBuffer(destination, count, size, buffer, buffer_size);
}

static inline int orbit_meshopt_decode_indices(void *destination, size_t count, size_t size,
                                               const unsigned char *buffer, size_t buffer_size) {
    return meshopt_decodeIndexSequence(destination, count, size, buffer, buffer_size);
}

static inline void orbit_meshopt_decode_filter_octahedral(void *buffer, size_t count, size_t stride) {
    meshopt_decodeFilterOct(buffer, count, stride);
}

static inline void orbit_meshopt_decode_filter_quaternion(void *buffer, size_t count, size_t stride) {
    meshopt_decodeFilterQuat(buffer, count, stride);
}

static inline void orbit_meshopt_decode_filter_exponential(void *buffer, size_t count, size_t stride) {
    meshopt_decodeFilterExp(buffer, count, stride);
}

static inline size_t orbit_meshopt_encode_vertices_bound(size_t count, size_t size) {
    return meshopt_encodeVertexBufferBound(count, size);
}

static inline size_t orbit_meshopt_encode_vertices(unsigned char *buffer, size_t buffer_size,
                                                   const void *vertices, size_t count, size_t size) {
    return meshopt_encodeVertexBuffer(buffer, buffer_size, vertices, count, size);
}

static inline size_t orbit_meshopt_encode_triangles_bound(size_t index_count, size_t vertex_count) {
    return meshopt_encodeIndexBufferBound(index_count, vertex_count);
}

static inline size_t orbit_meshopt_encode_triangles(unsigned char *buffer, size_t buffer_size,
                                                    const unsigned int *indices, size_t index_count) {
    return meshopt_encodeIndexBuffer(buffer, buffer_size, indices, index_count);
}

static inline size_t orbit_meshopt_encode_indices_bound(size_t index_count, size_t vertex_count) {
    return meshopt_encodeIndexSequenceBound(index_count, vertex_count);
}

static inline size_t orbit_meshopt_encode_indices(unsigned char *buffer, size_t buffer_size,
                                                  const unsigned int *indices, size_t index_count) {
    return meshopt_encodeIndexSequence(buffer, buffer_size, indices, index_count);
}

/// Unit vectors (4 floats each, w kept) as `bits`-bit octahedral X/Y, `stride` 4 or 8.
static inline void orbit_meshopt_encode_filter_octahedral(void *destination, size_t count, size_t stride, int bits,
                                                          const float *data) {
    meshopt_encodeFilterOct(destination, count, stride, bits, data);
}

/// Unit quaternions (4 floats each) as `bits`-bit components, `stride` 8.
static inline void orbit_meshopt_encode_filter_quaternion(void *destination, size_t count, size_t stride, int bits,
                                                          const float *data) {
    meshopt_encodeFilterQuat(destination, count, stride, bits, data);
}

/// Finite floats (stride / 4 each) with a shared 8-bit exponent and a `bits`-bit mantissa.
static inline void orbit_meshopt_encode_filter_exponential(void *destination, size_t count, size_t stride, int bits,
                                                           const float *data) {
    meshopt_encodeFilterExp(destination, count, stride, bits, data);
}

/// Simplifies a triangle list to about `target_index_count` indices (a multiple of 3) by
/// meshopt_simplifySloppy: fast, topology not kept, any error allowed (the count
/// decides). Positions are 3 floats every `stride` bytes. Returns the indices written to
/// `destination` (room for `index_count`).
static inline size_t orbit_meshopt_simplify_sloppy(unsigned int *destination, const unsigned int *indices,
                                                   size_t index_count, const float *positions, size_t vertex_count,
                                                   size_t stride, size_t target_index_count) {
    return meshopt_simplifySloppy(destination, indices, index_count, positions, vertex_count, stride,
                                  target_index_count, 1.0f, 0);
}
