// See include/orbit_draco.h.
#include "orbit_draco.h"

#include <draco/compression/decode.h>
#include <draco/mesh/mesh.h>

#include <cstring>
#include <memory>
#include <new>
#include <string>

struct orbit_draco_mesh {
    std::unique_ptr<draco::Mesh> mesh;
};

static void orbit_draco_message(char *error, size_t error_size, const std::string &text) {
    if (error == nullptr || error_size == 0) return;
    size_t n = text.size() < error_size - 1 ? text.size() : error_size - 1;
    std::memcpy(error, text.data(), n);
    error[n] = 0;
}

extern "C" orbit_draco_mesh *orbit_draco_decode(const uint8_t *data, size_t size, char *error, size_t error_size) {
    try {
        draco::DecoderBuffer buffer;
        buffer.Init(reinterpret_cast<const char *>(data), size);
        draco::Decoder decoder;
        auto decoded = decoder.DecodeMeshFromBuffer(&buffer);
        if (!decoded.ok()) {
            orbit_draco_message(error, error_size, decoded.status().error_msg_string());
            return nullptr;
        }
        auto *result = new orbit_draco_mesh;
        result->mesh = std::move(decoded).value();
        if (result->mesh == nullptr) {
            delete result;
            orbit_draco_message(error, error_size, "no mesh");
            return nullptr;
        }
        return result;
    } catch (const std::bad_alloc &) {
        orbit_draco_message(error, error_size, "out of memory");
    } catch (...) {
        orbit_draco_message(error, error_size, "decoder failure");
    }
    return nullptr;
}

extern "C" uint32_t orbit_draco_points(const orbit_draco_mesh *mesh) { return mesh->mesh->num_points(); }

extern "C" uint32_t orbit_draco_faces(const orbit_draco_mesh *mesh) { return mesh->mesh->num_faces(); }

extern "C" void orbit_draco_indices(const orbit_draco_mesh *mesh, uint32_t *out) {
    const draco::Mesh &m = *mesh->mesh;
    for (uint32_t f = 0; f < m.num_faces(); ++f) {
        const draco::Mesh::Face &face = m.face(draco::FaceIndex(f));
        for (int k = 0; k < 3; ++k) out[3 * f + k] = face[k].value();
    }
}

extern "C" int orbit_draco_attribute(const orbit_draco_mesh *mesh, uint32_t unique_id, int components, float *out) {
    const draco::Mesh &m = *mesh->mesh;
    const draco::PointAttribute *a = m.GetAttributeByUniqueId(unique_id);
    if (a == nullptr || components < 1 || components > 4 || a->num_components() < 1) return -1;
    float value[4];
    for (uint32_t p = 0; p < m.num_points(); ++p) {
        draco::AttributeValueIndex index = a->mapped_index(draco::PointIndex(p));
        if (index.value() >= a->size()) return -1;
        for (int k = 0; k < 4; ++k) value[k] = 0;
        if (!a->ConvertValue<float>(index, static_cast<int8_t>(components), value)) return -1;
        for (int k = 0; k < components; ++k) out[p * components + k] = value[k];
    }
    return 0;
}

extern "C" int orbit_draco_attribute_components(const orbit_draco_mesh *mesh, uint32_t unique_id) {
    const draco::PointAttribute *a = mesh->mesh->GetAttributeByUniqueId(unique_id);
    return a == nullptr ? 0 : a->num_components();
}

extern "C" void orbit_draco_free(orbit_draco_mesh *mesh) { delete mesh; }
