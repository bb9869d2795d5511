#!/usr/bin/env python3
"""Orbit's graphics frames beside chafa and libsixel's img2sixel, in one run.

For 800x480 and 1600x960 pixels (`--size 100x30` and `200x60` at `--cell-size 8x16`):
writes the Earth's frame as a PNG (`orbit snapshot`), times each peer turning that PNG
into kitty graphics or sixel (a whole process each: start-up and PNG decoding included;
median of RUNS), and runs `orbit bench` for the same frame size (per frame, render
included). Prints one table row per command: wall ms, CPU ms, bytes, and the pixel size
each output declares, so the rows are seen to be the same frame.

Usage: scripts/bench-peers.py ORBIT_BINARY [RUNS]   (make bench-peers; docs/PERFORMANCE.md)
"""
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def timed(cmd):
    """Runs cmd once; returns (wall ms, child CPU ms, stdout bytes)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True).stdout
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu, out


def declared_size(out):
    """The pixel size an output says it has: kitty's s=,v= keys or sixel's raster attributes."""
    header = re.search(rb'\x1b_G([^;\x1b]*)', out)
    if header:
        keys = dict(pair.split(b'=', 1) for pair in header.group(1).split(b',') if b'=' in pair)
        if b's' in keys and b'v' in keys:
            return f"{int(keys[b's'])}x{int(keys[b'v'])}"
    sixel = re.search(rb'"\d+;\d+;(\d+);(\d+)', out)
    if sixel:
        return f"{int(sixel.group(1))}x{int(sixel.group(2))}"
    return "?"


def png_size(path):
    with open(path, 'rb') as f:
        head = f.read(24)
    return f"{int.from_bytes(head[16:20], 'big')}x{int.from_bytes(head[20:24], 'big')}"


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: scripts/bench-peers.py ORBIT_BINARY [RUNS]")
    orbit = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    missing = [tool for tool in ("chafa", "img2sixel") if shutil.which(tool) is None]
    if missing:
        sys.exit(f"bench-peers: not installed: {', '.join(missing)} (make bench-peers installs them)")
    load = open('/proc/loadavg').read().split()[:3]
    print(f"# load average at start: {' '.join(load)}, {time.strftime('%H:%M', time.gmtime())} UTC; "
          f"peers: median of {runs} whole runs; orbit bench: 60 frames, medians per frame")
    print("| pixels | command | wall ms | cpu ms | bytes | declared size |")
    print("|---|---|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for cols, rows in ((100, 30), (200, 60)):
            png = os.path.join(tmp, f"earth-{cols}x{rows}.png")
            subprocess.run([orbit, "snapshot", "earth", "--size", f"{cols}x{rows}", "--cell-size", "8x16",
                            "-o", png], check=True, stdout=subprocess.DEVNULL)
            pixels = png_size(png)
            width, height = (int(v) for v in pixels.split('x'))
            # chafa without a terminal takes 8x8-pixel cells: width/8 x height/8 cells are the frame.
            chafa_cells = f"{width // 8}x{height // 8}"
            peers = [
                (f"chafa -f kitty -s {chafa_cells} --stretch", ["chafa", "-f", "kitty", "-s", chafa_cells, "--stretch", png]),
                (f"chafa -f sixels -s {chafa_cells} --stretch", ["chafa", "-f", "sixels", "-s", chafa_cells, "--stretch", png]),
                ("img2sixel", ["img2sixel", png]),
            ]
            for name, cmd in peers:
                samples = [timed(cmd) for _ in range(runs)]
                wall = statistics.median(s[0] for s in samples)
                cpu = statistics.median(s[1] for s in samples)
                out = samples[-1][2]
                print(f"| {pixels} | `{name}` | {wall:.1f} | {cpu:.1f} | {len(out):,} | {declared_size(out)} |")
            for fmt in ("kitty", "sixel"):
                out = subprocess.run([orbit, "bench", "earth", "--format", fmt, "--size", f"{cols}x{rows}",
                                      "--cell-size", "8x16", "--threads", "2", "--frames", "60"],
                                     stdout=subprocess.PIPE, check=True, text=True).stdout
                fields = dict(line.split(": ", 1) for line in out.splitlines() if ": " in line)
                total = float(fields["total_ms_per_frame"])
                overlapped = float(fields.get("overlapped_ms_per_frame", "nan"))
                cpu = float(fields["cpu_ms_per_frame"])
                size = int(float(fields["bytes_per_frame"]))
                print(f"| {pixels} | `orbit bench --format {fmt}` (per frame, render included; overlapped "
                      f"{overlapped:.2f}) | {total:.2f} | {cpu:.1f} | {size:,} | {pixels} |")
    load = open('/proc/loadavg').read().split()[:3]
    print(f"# load average at end: {' '.join(load)}, {time.strftime('%H:%M', time.gmtime())} UTC")


if __name__ == "__main__":
    main()
