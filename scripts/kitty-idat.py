#!/usr/bin/env python3
"""Pulls the first PNG out of kitty graphics output (`orbit render --format kitty`) and
writes its inflated image data (the filtered rows) to OUT, and the PNG to OUT.png.

Usage: scripts/kitty-idat.py KITTY_OUTPUT OUT   (see scripts/deflate-compare.c)"""
import base64
import re
import struct
import sys
import zlib

data = open(sys.argv[1], 'rb').read()
payload = b''
started = False
for keys, part in re.findall(rb'\x1b_G([^;]*);([^\x1b]*)\x1b\\', data):
    if b'f=100' in keys:
        started = True
        payload = b''
    if started:
        payload += part
        if b'm=1' not in keys:
            break
png = base64.b64decode(payload)
open(sys.argv[2] + '.png', 'wb').write(png)
pos = 8
idat = b''
while pos < len(png):
    (length,) = struct.unpack('>I', png[pos:pos + 4])
    if png[pos + 4:pos + 8] == b'IDAT':
        idat += png[pos + 8:pos + 8 + length]
    pos += 12 + length
rows = zlib.decompress(idat)
open(sys.argv[2], 'wb').write(rows)
print(f"png {len(png)} bytes, image data {len(idat)} bytes, rows {len(rows)} bytes")
