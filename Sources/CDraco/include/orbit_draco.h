// Draco mesh decoding (libdraco-dev) behind a C interface, for glTF's
// KHR_draco_mesh_compression. Every function is safe on any input bytes: failures come back
// as NULL or a non-zero result with a message, never as an exception or an abort.
#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A decoded Draco mesh.
typedef struct orbit_draco_mesh orbit_draco_mesh;

/// Decodes a Draco triangle mesh from `size` bytes; NULL on failure with the reason in
/// `error` (at most `error_size` bytes, NUL-terminated).
orbit_draco_mesh *orbit_draco_decode(const uint8_t *data, size_t size, char *error, size_t error_size);
/// Number of points (vertices) of the mesh.
uint32_t orbit_draco_points(const orbit_draco_mesh *mesh);
/// Number of triangles of the mesh.
uint32_t orbit_draco_faces(const orbit_draco_mesh *mesh);
/// Writes the 3 * faces point indices of the triangles into `out`.
void orbit_draco_indices(const orbit_draco_mesh *mesh, uint32_t *out);
/// Writes attribute `unique_id`'s values, `components` floats per point (points *
/// components in all), into `out`; 0 on success, -1 when there is no such attribute or its
/// values cannot be read as that many floats (integers the file marks normalized come
/// back as fractions).
int orbit_draco_attribute(const orbit_draco_mesh *mesh, uint32_t unique_id, int components, float *out);
/// Number of components per value of attribute `unique_id` (1 to 4 for a usable one);
/// 0 when the mesh has no such attribute.
int orbit_draco_attribute_components(const orbit_draco_mesh *mesh, uint32_t unique_id);
/// Frees a mesh from `orbit_draco_decode` (NULL is ignored).
void orbit_draco_free(orbit_draco_mesh *mesh);

#ifdef __cplusplus
}
#endif
