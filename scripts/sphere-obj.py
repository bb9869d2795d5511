#!/usr/bin/env python3
"""Writes a UV sphere as an OBJ file (v, vt, vn, f v/vt/vn) for start-up benchmarks.

usage: scripts/sphere-obj.py [SEGMENTS] > sphere.obj
SEGMENTS (default 256) around and from pole to pole: 2 x SEGMENTS x (SEGMENTS - 1)
triangles (130,560 for 256), (SEGMENTS + 1)^2 vertices.
"""
import math
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 256
out = ["# sphere, %d segments" % n]
for i in range(n + 1):
    theta = math.pi * i / n
    for j in range(n + 1):
        phi = 2 * math.pi * j / n
        x, y, z = math.sin(theta) * math.cos(phi), math.cos(theta), math.sin(theta) * math.sin(phi)
        out.append("v %.6f %.6f %.6f" % (x, y, z))
        out.append("vt %.6f %.6f" % (j / n, 1 - i / n))
        out.append("vn %.6f %.6f %.6f" % (x, y, z))
for i in range(n):
    for j in range(n):
        a = i * (n + 1) + j + 1
        b, c, d = a + n + 1, a + n + 2, a + 1
        if i > 0:
            out.append("f %d/%d/%d %d/%d/%d %d/%d/%d" % (a, a, a, b, b, b, d, d, d))
        if i < n - 1:
            out.append("f %d/%d/%d %d/%d/%d %d/%d/%d" % (d, d, d, b, b, b, c, c, c))
sys.stdout.write("\n".join(out) + "\n")
