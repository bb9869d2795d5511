#!/usr/bin/env python3
"""Writes the hand-made seeds of Orbit's fuzz corpus (Fuzz/Corpus/<target>/).

Run from anywhere: python3 Fuzz/Corpus/make-seeds.py. It copies the small sample models
from Resources/models/ and writes small valid and near-valid files beside them, so the
corpus can be rebuilt after a format change. PIL (Pillow) makes the JPEG and PNG seeds;
without it those are skipped. Files the fuzzer adds later are not touched.
"""
import base64, io, json, os, shutil, struct

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MODELS = os.path.join(ROOT, "Resources", "models")


def put(target, name, data):
    folder = os.path.join(HERE, target)
    os.makedirs(folder, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def copy(target, model):
    os.makedirs(os.path.join(HERE, target), exist_ok=True)
    shutil.copy(os.path.join(MODELS, model), os.path.join(HERE, target, "sample-" + model))


# --- OBJ -----------------------------------------------------------------------------
copy("obj", "cube.obj")
copy("obj", "crate.obj")
put("obj", "triangle.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")
put("obj", "all-corners.obj",
    "# every corner form, negative indices, groups, a continuation, CRLF\r\n"
    "o first\r\nv 0 0 0\r\nv 1 0 0 1 0 0\r\nv 1 1 0\r\nv 0 1 0\r\n"
    "vt 0 0\r\nvt 1 0 0\r\nvt 1 1\r\nvt 0 1\r\nvn 0 0 1\r\n"
    "usemtl red\r\nf 1/1/1 2/2/1 3/3/1 4/4/1\r\n"
    "g second\r\ns 1\r\nf -4//-1 -3//-1 \\\r\n -2//-1\r\nf 1/1 3/3 4/4\r\nl 1 2\r\n")
put("obj", "bad-index.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n")
put("obj", "mtllib.obj", "mtllib cube.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl skin\nf 1 2 3\n")
put("obj", "big-numbers.obj", "v 1e38 -1e38 3.4e38\nv 1e-45 0 nan\nv inf 0 0\nf 1 2 3\n")

# --- MTL -----------------------------------------------------------------------------
copy("mtl", "cube.mtl")
copy("mtl", "crate.mtl")
put("mtl", "full.mtl",
    "# every statement read\nnewmtl shiny metal\nKa 0.1 0.1 0.1\nKd 0.8 0.2 0.2\nKs 1 1 1\n"
    "Ke 0 0 0.5\nNs 96\nd 0.5\nnewmtl grey\nKd 0.5\nTr 0.25\nillum 2\n"
    "map_Kd -s 1 1 1 -o 0 0 0 texture.png\n")
put("mtl", "bad-number.mtl", "newmtl a\nKd 0.5 x 0.5\n")
put("mtl", "extremes.mtl", "newmtl a\nNs 1e39\nd -5\nKd 1e38 -1e38 nan\nnewmtl\n")

# --- STL -----------------------------------------------------------------------------
put("stl", "triangle-ascii.stl",
    "solid t\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n"
    "   vertex 0 1 0\n  endloop\n endfacet\nendsolid t\n")
put("stl", "no-endsolid-ascii.stl",
    "solid t\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n")


def binary_stl(triangles, header=b"binary seed"):
    out = header.ljust(80, b" ") + struct.pack("<I", len(triangles))
    for t in triangles:
        out += struct.pack("<12fH", 0, 0, 1, *t[0], *t[1], *t[2], 0)
    return out


put("stl", "two-binary.stl", binary_stl([((0, 0, 0), (1, 0, 0), (0, 1, 0)), ((1, 0, 0), (1, 1, 0), (0, 1, 0))]))
put("stl", "solid-header-binary.stl", binary_stl([((0, 0, 0), (1, 0, 0), (0, 1, 0))], header=b"solid but binary"))
put("stl", "count-too-big-binary.stl", binary_stl([((0, 0, 0), (1, 0, 0), (0, 1, 0))])[:80] + struct.pack("<I", 1000) + b"\0" * 50)

# --- PLY -----------------------------------------------------------------------------
PLY_HEAD = ("ply\nformat {}\n1.0\ncomment seed\nelement vertex 3\nproperty float x\nproperty float y\n"
            "property float z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\n"
            "element face 1\nproperty list uchar int vertex_indices\nend_header\n")
put("ply", "triangle-ascii.ply", PLY_HEAD.format("ascii").replace("\n1.0", " 1.0") +
    "0 0 0 255 0 0\n1 0 0 0 255 0\n0 1 0 0 0 255\n3 0 1 2\n")
for order, tag in (("<", "binary_little_endian"), (">", "binary_big_endian")):
    body = b"".join(struct.pack(order + "3f3B", *p, *c) for p, c in
                    (((0, 0, 0), (255, 0, 0)), ((1, 0, 0), (0, 255, 0)), ((0, 1, 0), (0, 0, 255))))
    put("ply", tag + ".ply", PLY_HEAD.format(tag).replace("\n1.0", " 1.0").encode() + body +
        struct.pack(order + "B3i", 3, 0, 1, 2))
put("ply", "points-ascii.ply", "ply\nformat ascii 1.0\nelement vertex 2\nproperty double x\nproperty double y\n"
    "property double z\nend_header\n0 0 0\n1 2 3\n")

# --- 3MF -----------------------------------------------------------------------------
import zipfile
TMF_MODEL = ('<?xml version="1.0" encoding="UTF-8"?>\n<model unit="millimeter" '
             'xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">\n<resources>'
             '<basematerials id="1"><base name="red" displaycolor="#FF0000"/></basematerials>'
             '<object id="2" type="model" pid="1" pindex="0"><mesh><vertices><vertex x="0" y="0" z="0"/>'
             '<vertex x="1" y="0" z="0"/><vertex x="0" y="1" z="0"/></vertices>'
             '<triangles><triangle v1="0" v2="1" v3="2"/></triangles></mesh></object>'
             '<object id="3"><components><component objectid="2" transform="1 0 0 0 1 0 0 0 1 2 0 0"/></components>'
             '</object></resources>\n<build><item objectid="2"/><item objectid="3" transform="2 0 0 0 2 0 0 0 2 0 0 1"/>'
             '</build></model>\n')
TMF_RELS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships '
            'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship '
            'Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>'
            '</Relationships>')
for method, tag in ((zipfile.ZIP_DEFLATED, "deflated"), (zipfile.ZIP_STORED, "stored")):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as z:
        for entry, text in (("_rels/.rels", TMF_RELS), ("3D/3dmodel.model", TMF_MODEL)):
            info = zipfile.ZipInfo(entry, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = method
            z.writestr(info, text)
    put("3mf", "triangle-" + tag + ".3mf", buffer.getvalue())

# --- COLLADA -------------------------------------------------------------------------
copy("collada", "towers.dae")
put("collada", "triangle.dae", """<?xml version="1.0"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
<asset><up_axis>Z_UP</up_axis></asset>
<library_geometries><geometry id="g"><mesh>
<source id="p"><float_array id="pa" count="9">0 0 0 1 0 0 0 1 0</float_array>
<technique_common><accessor source="#pa" count="3" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
<vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
<polylist count="1"><input semantic="VERTEX" source="#v" offset="0"/><vcount>3</vcount><p>0 1 2</p></polylist>
</mesh></geometry></library_geometries>
<library_visual_scenes><visual_scene id="s"><node><scale>2 2 2</scale><instance_geometry url="#g"/></node></visual_scene></library_visual_scenes>
<scene><instance_visual_scene url="#s"/></scene>
</COLLADA>
""")
put("collada", "polygons-no-scene.dae", """<?xml version="1.0"?>
<COLLADA version="1.5.0"><library_geometries><geometry id="g"><mesh>
<source id="p"><float_array id="pa" count="12">0 0 0 1 0 0 1 1 0 0 1 0</float_array>
<technique_common><accessor source="#pa" count="4" stride="3"/></technique_common></source>
<vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
<polygons count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2 3</p></polygons>
</mesh></geometry></library_geometries></COLLADA>
""")
put("collada", "animated.dae", """<?xml version="1.0"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
<library_geometries><geometry id="g"><mesh>
<source id="p"><float_array id="pa" count="9">0 0 0 1 0 0 0 1 0</float_array>
<technique_common><accessor source="#pa" count="3" stride="3"/></technique_common></source>
<vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
<triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2</p></triangles>
</mesh></geometry></library_geometries>
<library_animations><animation id="a"><animation id="b">
<source id="t"><float_array id="ta" count="3">0 1 2</float_array><technique_common><accessor source="#ta" count="3"/></technique_common></source>
<source id="o"><float_array id="oa" count="3">0 400 90</float_array><technique_common><accessor source="#oa" count="3"/></technique_common></source>
<source id="i"><Name_array id="ia" count="3">LINEAR STEP BEZIER</Name_array><technique_common><accessor source="#ia" count="3"/></technique_common></source>
<sampler id="s1"><input semantic="INPUT" source="#t"/><input semantic="OUTPUT" source="#o"/><input semantic="INTERPOLATION" source="#i"/></sampler>
<channel source="#s1" target="n/r.ANGLE"/><channel source="#s1" target="n/m(0)(3)"/></animation></animation></library_animations>
<library_animation_clips><animation_clip name="c" start="0.5" end="2"><instance_animation url="#a"/></animation_clip></library_animation_clips>
<library_visual_scenes><visual_scene id="s"><node id="n"><matrix sid="m">1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix><rotate sid="r">0 0 1 0</rotate><instance_geometry url="#g"/></node></visual_scene></library_visual_scenes>
<scene><instance_visual_scene url="#s"/></scene>
</COLLADA>
""")

# --- glTF and GLB --------------------------------------------------------------------
copy("gltf", "boxes.gltf")
copy("glb", "torus.glb")

TINY_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC")


def triangle_gltf(buffer_uri=None, image=False):
    positions = struct.pack("<9f", 0, 0, 0, 1, 0, 0, 0, 1, 0)
    uvs = struct.pack("<6f", 0, 0, 1, 0, 0, 1)
    indices = struct.pack("<3H", 0, 1, 2) + b"\0\0"
    blob = positions + uvs + indices
    doc = {
        "asset": {"version": "2.0"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [{"mesh": 0, "translation": [1, 0, 0], "children": [1]},
                  {"mesh": 0, "matrix": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 2, 0, 1]}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "indices": 2, "material": 0}]}],
        "materials": [{"pbrMetallicRoughness": {"baseColorFactor": [1, 0.5, 0.2, 1]}}],
        "buffers": [{"byteLength": len(blob)}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36},
                        {"buffer": 0, "byteOffset": 36, "byteLength": 24},
                        {"buffer": 0, "byteOffset": 60, "byteLength": 6}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                      {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC2"},
                      {"bufferView": 2, "componentType": 5123, "count": 3, "type": "SCALAR"}],
    }
    if buffer_uri:
        doc["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64.b64encode(blob).decode()
    if image:
        doc["images"] = [{"uri": "data:image/png;base64," + base64.b64encode(TINY_PNG).decode()}]
        doc["textures"] = [{"source": 0}]
        doc["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {"index": 0}
    return doc, blob


doc, _ = triangle_gltf(buffer_uri=True, image=True)
put("gltf", "triangle-data-uri.gltf", json.dumps(doc))
doc, _ = triangle_gltf(buffer_uri=True)
doc["accessors"][2]["count"] = 300
put("gltf", "accessor-overrun.gltf", json.dumps(doc))
put("gltf", "not-gltf.gltf", '{"asset":{"version":"1.0"},"meshes":[[[[]]]]}')


def glb(doc, blob):
    text = json.dumps(doc).encode()
    text += b" " * (-len(text) % 4)
    blob += b"\0" * (-len(blob) % 4)
    body = struct.pack("<II", len(text), 0x4E4F534A) + text + struct.pack("<II", len(blob), 0x004E4942) + blob
    return struct.pack("<III", 0x46546C67, 2, 12 + len(body)) + body


doc, blob = triangle_gltf()
put("glb", "triangle.glb", glb(doc, blob))
doc, blob = triangle_gltf()
doc["images"] = [{"bufferView": 3, "mimeType": "image/png"}]
doc["textures"] = [{"source": 0}]
doc["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {"index": 0}
doc["bufferViews"].append({"buffer": 0, "byteOffset": 68, "byteLength": len(TINY_PNG)})
blob = blob + TINY_PNG
doc["buffers"][0]["byteLength"] = len(blob)
put("glb", "textured.glb", glb(doc, blob))
put("glb", "truncated.glb", glb(*triangle_gltf())[:40])

# WebP (libwebp's WebPEncodeLosslessRGBA of a 2 x 2 checker, its last pixel half
# transparent; WebPEncodeRGB at quality 80 of 2 x 2 colours): EXT_texture_webp in a GLB, and
# the image fuzzer's WebP decoding.
WEBP_LOSSLESS = base64.b64decode("UklGRjAAAABXRUJQVlA4TCMAAAAvAUAAEB8gEEjeHzqN+RcQFPwfnYCg6LrlImYPwg0YIvofAgA=")
WEBP_LOSSY = base64.b64decode("UklGRjgAAABXRUJQVlA4ICwAAACQAQCdASoCAAIAAUAmJaQAAudFrAAA/vkJ8Te8QlvGfmw8K/IpMbncuiAAAA==")
doc, blob = triangle_gltf()
doc["extensionsUsed"] = ["EXT_texture_webp"]
doc["extensionsRequired"] = ["EXT_texture_webp"]
doc["images"] = [{"bufferView": 3, "mimeType": "image/webp"}]
doc["textures"] = [{"extensions": {"EXT_texture_webp": {"source": 0}}}]
doc["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {"index": 0}
doc["bufferViews"].append({"buffer": 0, "byteOffset": 68, "byteLength": len(WEBP_LOSSLESS)})
blob = blob + WEBP_LOSSLESS
doc["buffers"][0]["byteLength"] = len(blob)
put("glb", "webp-texture.glb", glb(doc, blob))

# Surface maps: a normal map (scale) over a TANGENT attribute, occlusion (strength) on
# TEXCOORD_1, and a metallic-roughness texture under a transform (a third coordinate
# mapping: warned and left out), all from one PNG.
doc, blob = triangle_gltf()
tangents = struct.pack("<12f", 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, -1)
doc["bufferViews"].append({"buffer": 0, "byteOffset": 68, "byteLength": len(tangents)})
doc["accessors"].append({"bufferView": 3, "componentType": 5126, "count": 3, "type": "VEC4"})
doc["meshes"][0]["primitives"][0]["attributes"].update({"TEXCOORD_1": 1, "TANGENT": 3})
doc["bufferViews"].append({"buffer": 0, "byteOffset": 68 + len(tangents), "byteLength": len(TINY_PNG)})
doc["images"] = [{"bufferView": 4, "mimeType": "image/png"}]
doc["textures"] = [{"source": 0}]
doc["materials"][0].update({
    "normalTexture": {"index": 0, "scale": 0.5},
    "occlusionTexture": {"index": 0, "texCoord": 1, "strength": 0.7},
})
doc["materials"][0]["pbrMetallicRoughness"].update({
    "metallicFactor": 0.8, "roughnessFactor": 0.3,
    "metallicRoughnessTexture": {"index": 0, "extensions": {"KHR_texture_transform": {"scale": [2, 2]}}},
})
blob = blob + tangents + TINY_PNG
doc["buffers"][0]["byteLength"] = len(blob)
put("glb", "surface-maps.glb", glb(doc, blob))

# --- compressed glTF: meshopt (a tetrahedron packed by meshoptimizer 0.18's
# meshopt_encodeVertexBuffer, 24-byte position+normal stride, and meshopt_encodeIndexBuffer),
# Draco (one small primitive of Debian's assimp-testmodels 2CylinderEngine, CC BY 4.0) -------
MESHOPT_VERTICES = base64.b64decode(
    "oAAAATwAAAD//wE8AAAAfn0AAAEPAAAA//8BDwAAAH59AAABAwAAAP8BAwAAAH4BAwAAAIwBAwAAAJMBAwAAACYBAwAAAH4BAwAAAIwB"
    "AwAAAJMBAwAAACYBAwAAAH4BAwAAAIwBAwAAAJMBAwAAANkBAwAAAP8AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACAvw==")
MESHOPT_TRIANGLES = base64.b64decode("4P4PEgPwBAIAdodWZ3iphmWJaJgBaQAA")


def meshopt_tetrahedron(required=True, filtered=False):
    packed = MESHOPT_VERTICES + b"\0" * (-len(MESHOPT_VERTICES) % 4)
    offset = len(packed)
    packed += MESHOPT_TRIANGLES
    ext = ["EXT_meshopt_compression"]
    vertex_view = {"buffer": 1, "byteLength": len(MESHOPT_VERTICES), "byteStride": 24, "count": 4,
                   "mode": "ATTRIBUTES"}
    if filtered:
        vertex_view["filter"] = "EXPONENTIAL"
    doc = {
        "asset": {"version": "2.0"}, "extensionsUsed": ext, "scene": 0, "scenes": [{"nodes": [0]}],
        "nodes": [{"mesh": 0}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1}, "indices": 2}]}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3"},
                      {"bufferView": 0, "byteOffset": 12, "componentType": 5126, "count": 4, "type": "VEC3"},
                      {"bufferView": 1, "componentType": 5125, "count": 12, "type": "SCALAR"}],
        "bufferViews": [
            {"buffer": 0, "byteLength": 96, "byteStride": 24, "extensions": {"EXT_meshopt_compression": vertex_view}},
            {"buffer": 0, "byteOffset": 96, "byteLength": 48, "extensions": {"EXT_meshopt_compression": {
                "buffer": 1, "byteOffset": offset, "byteLength": len(MESHOPT_TRIANGLES), "byteStride": 4,
                "count": 12, "mode": "TRIANGLES"}}}],
        "buffers": [{"byteLength": 144, "extensions": {"EXT_meshopt_compression": {"fallback": True}}},
                    {"uri": "data:application/octet-stream;base64," + base64.b64encode(packed).decode(),
                     "byteLength": len(packed)}],
    }
    if required:
        doc["extensionsRequired"] = ext
    return doc


put("gltf", "meshopt-tetrahedron.gltf", json.dumps(meshopt_tetrahedron()))
put("gltf", "meshopt-optional-filtered.gltf", json.dumps(meshopt_tetrahedron(required=False, filtered=True)))
ENGINE = "/usr/share/assimp/models/glTF2/draco/2CylinderEngine"
if os.path.exists(ENGINE + ".gltf") and os.path.exists(ENGINE + ".bin"):
    with open(ENGINE + ".gltf") as f:
        engine = json.load(f)
    with open(ENGINE + ".bin", "rb") as f:
        engine_bin = f.read()
    primitive = engine["meshes"][6]["primitives"][0]
    draco = primitive["extensions"]["KHR_draco_mesh_compression"]
    view = engine["bufferViews"][draco["bufferView"]]
    data = engine_bin[view.get("byteOffset", 0):view.get("byteOffset", 0) + view["byteLength"]]
    names = sorted(primitive["attributes"])
    accessors = [dict(engine["accessors"][primitive["indices"]])]
    accessors += [dict(engine["accessors"][primitive["attributes"][n]]) for n in names]
    for a in accessors:
        a.pop("bufferView", None)
        a.pop("byteOffset", None)
    doc = {
        "asset": {"version": "2.0"}, "extensionsUsed": ["KHR_draco_mesh_compression"],
        "extensionsRequired": ["KHR_draco_mesh_compression"], "scene": 0, "scenes": [{"nodes": [0]}],
        "nodes": [{"mesh": 0}],
        "meshes": [{"primitives": [{
            "attributes": {n: k + 1 for k, n in enumerate(names)}, "indices": 0,
            "extensions": {"KHR_draco_mesh_compression": {"bufferView": 0, "attributes": draco["attributes"]}}}]}],
        "accessors": accessors,
        "bufferViews": [{"buffer": 0, "byteLength": len(data)}],
        "buffers": [{"byteLength": len(data)}],
    }
    put("glb", "draco-engine-part.glb", glb(doc, data))
    doc["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64.b64encode(data).decode()
    put("gltf", "draco-engine-part.gltf", json.dumps(doc))

# --- images --------------------------------------------------------------------------
put("image", "tiny.png", TINY_PNG)
put("image", "checker-lossless.webp", WEBP_LOSSLESS)
put("image", "lossy.webp", WEBP_LOSSY)
put("image", "truncated.webp", WEBP_LOSSLESS[:30])
try:
    from PIL import Image
    rgb = Image.new("RGB", (9, 7))
    for x in range(9):
        for y in range(7):
            rgb.putpixel((x, y), (x * 28, y * 36, (x * y) % 256))
    for name, image, options in [
        ("rgb.jpg", rgb, {"quality": 80}),
        ("grey-progressive.jpg", rgb.convert("L"), {"progressive": True}),
        ("subsampled.jpg", rgb, {"subsampling": 2, "quality": 30}),
        ("palette.png", rgb.convert("P"), {}),
        ("grey-alpha.png", rgb.convert("LA"), {}),
        ("rgba-interlaced.png", rgb.convert("RGBA"), {"interlace": 1}),
        ("grey16.png", rgb.convert("I;16"), {}),
    ]:
        out = io.BytesIO()
        image.save(out, format="JPEG" if name.endswith(".jpg") else "PNG", **options)
        put("image", name, out.getvalue())
        if name == "rgb.jpg":
            put("image", "truncated.jpg", out.getvalue()[: len(out.getvalue()) // 2])
except ImportError:
    print("PIL not found: JPEG and most PNG seeds skipped")
shutil.copy(os.path.join(MODELS, "crate.png"), os.path.join(HERE, "image", "sample-crate.png"))

# --- TGA -----------------------------------------------------------------------------
def tga(image_type, width, height, depth, body, descriptor=0, cmap=None):
    first, length, bits = cmap or (0, 0, 0)
    header = struct.pack("<BBBHHBHHHHBB", 0, 1 if cmap else 0, image_type, first, length, bits,
                         0, 0, width, height, depth, descriptor)
    return header + body


put("tga", "rgb24.tga", tga(2, 2, 2, 24, bytes([255, 0, 0, 255, 255, 255, 0, 0, 255, 0, 255, 0])))
put("tga", "rle32-topdown.tga", tga(10, 2, 2, 32, bytes([0x01, 0, 0, 255, 255, 0, 255, 0, 255, 0x80, 255, 0, 0, 255,
                                                         0x00, 255, 255, 255, 0]), descriptor=0x28))
put("tga", "mapped.tga", tga(1, 2, 2, 8, bytes([0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 0, 1, 2, 3]),
                             descriptor=0x20, cmap=(0, 4, 24)))
put("tga", "grey-rle.tga", tga(11, 4, 1, 8, bytes([0x83, 128])))
put("tga", "rgb16.tga", tga(2, 1, 1, 16, bytes([0x00, 0x7C])))


# --- Apollonian sphere records -------------------------------------------------------
put("spheres", "four.json",
    '[{"X":0,"Y":0,"Z":0,"R":1,"L":1},{"X":0.5,"Y":0,"Z":0,"R":0.5,"L":2},'
    '{"X":-0.5,"Y":0,"Z":0,"R":0.5,"L":2},{"X":0,"Y":0.6667,"Z":0,"R":0.3333,"L":3}]')
put("spheres", "old-keys.json", '[ {"X": 1e-3, "Y": -2.5E+1, "Z": 0.0, "Radius": 0.25, "Level": 7, "extra": [null, true, {"a": "\\u00e9\\n"}]} ]\n')
put("spheres", "empty.json", "[]")
put("spheres", "bad-level.json", '[{"X":0,"Y":0,"Z":0,"R":1,"L":1.5}]')
put("spheres", "negative-radius.json", '[{"X":0,"Y":0,"Z":0,"R":-1,"L":1}]')
put("spheres", "deep.json", "[" * 40 + "]" * 40)

# --- the bounded record reader (byte 0: bit 7 standard input, else a file; low 7 bits: limit) --
FOUR = ('[{"X":0,"Y":0,"Z":0,"R":1,"L":1},{"X":0.5,"Y":0,"Z":0,"R":0.5,"L":2},'
        '{"X":-0.5,"Y":0,"Z":0,"R":0.5,"L":2},{"X":0,"Y":0.6667,"Z":0,"R":0.3333,"L":3}]')
put("records", "file-four.bin", b"\x7f" + FOUR.encode())
put("records", "stdin-four.bin", b"\xff" + FOUR.encode())
put("records", "file-over-limit.bin", b"\x01" + FOUR.encode())
put("records", "stdin-old-keys.bin", b"\x85" + b'[ {"X": 1e-3, "Y": -2.5E+1, "Z": 0.0, "Radius": 0.25, "Level": 7} ]\n')
put("records", "stdin-empty.bin", b"\x80")

# --- command lines (arguments separated by NUL) ----------------------------------------
for name, args in [
    ("view.args", ["earth", "--spin", "1.5", "--glyphs", "braille", "--colors", "256", "--no-hud"]),
    ("render.args", ["render", "model.obj", "--size=120x40", "--frames", "3", "--yaw", "-30", "--zoom", "1.5",
                     "--gestures", "right@0 tap@20 pinch-out@30"]),
    ("snapshot.args", ["snapshot", "apollonian", "-o", "out.png", "--level", "5", "--edge"]),
    ("bench.args", ["bench", "--frames", "10", "--threads", "2", "--dither", "ordered"]),
    ("export.args", ["apollonian", "export", "--level", "4", "--decimals", "6", "--all", "--radius", "2", "--output", "-"]),
    ("stats.args", ["apollonian", "stats", "--dimension", "8", "--max-spheres", "1000"]),
    ("url.args", ["apollonian", "--url", "http://127.0.0.1:1/api", "--timeout", "0.5", "--min-radius", "0.05"]),
    ("help.args", ["render", "--help"]),
    ("bad.args", ["render", "--size", "0x-1", "--colors", "many", "--", "-"]),
]:
    put("args", name, b"\0".join(a.encode() for a in args))
