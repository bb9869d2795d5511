// meshoptimizer (Debian libmeshoptimizer-dev 0.18): the simplifier, for drawing very large
// meshes while they turn.
#pragma once
#include <meshoptimizer.h>

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
