// assimp (Debian libassimp-dev 5.2, C API): the formats Orbit has no reader of its own
// for, read only inside the `orbit-assimp` child process.
#pragma once
#include <assimp/cimport.h>
#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

/// Reads a model from memory, `hint` its extension without the dot: triangulated, node
/// transforms baked into the vertices (one flat list of meshes), meshes split by
/// primitive type, smooth normals where the file has none. NULL on failure.
static inline const struct aiScene *orbit_assimp_import(const void *data, unsigned int size, const char *hint) {
    return aiImportFileFromMemory((const char *)data, size,
                                  aiProcess_Triangulate | aiProcess_PreTransformVertices | aiProcess_SortByPType |
                                      aiProcess_JoinIdenticalVertices | aiProcess_GenSmoothNormals |
                                      aiProcess_FindInvalidData | aiProcess_ValidateDataStructure,
                                  hint);
}

/// The last import's error text.
static inline const char *orbit_assimp_error(void) { return aiGetErrorString(); }

/// Frees a scene from `orbit_assimp_import`.
static inline void orbit_assimp_release(const struct aiScene *scene) { aiReleaseImport(scene); }

/// Mesh `i` of `scene`.
static inline const struct aiMesh *orbit_assimp_mesh(const struct aiScene *scene, unsigned int i) {
    return scene->mMeshes[i];
}

/// The first vertex colour set of `mesh` as RGBA floats, or NULL.
static inline const float *orbit_assimp_colors(const struct aiMesh *mesh) {
    return mesh->mColors[0] ? &mesh->mColors[0][0].r : 0;
}

/// The diffuse colour of `mesh`'s material into `rgb` (3 floats); 0 when it has none.
static inline int orbit_assimp_diffuse(const struct aiScene *scene, const struct aiMesh *mesh, float *rgb) {
    if (mesh->mMaterialIndex >= scene->mNumMaterials) return 0;
    struct aiColor4D c;
    if (aiGetMaterialColor(scene->mMaterials[mesh->mMaterialIndex], "$clr.diffuse", 0, 0, &c) != aiReturn_SUCCESS)
        return 0;
    rgb[0] = c.r;
    rgb[1] = c.g;
    rgb[2] = c.b;
    return 1;
}
