#!/usr/bin/env bash
# Two orbit binaries timed alternately on the graphics rows (every graphics output both
# binaries list in `orbit --list outputs`, 800x480 and 1600x960, two threads), so a before/after pair sees the same machine load. Method and
# results: docs/PERFORMANCE.md ("The second core").
#
# Usage: scripts/bench-ab.sh BEFORE_BINARY AFTER_BINARY [ROUNDS]
set -euo pipefail
before=$1
after=$2
rounds=${3:-2}
# The graphics outputs both binaries have (cells are left out).
formats=$(comm -12 <("$before" --list outputs | sort) <("$after" --list outputs | sort) | grep -vx cells)
echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%H:%M) UTC"
for round in $(seq "$rounds"); do
  for size in 100x30 200x60; do
    for format in $formats; do
      for bin in "$before" "$after"; do
        out=$("$bin" bench earth --format "$format" --size "$size" --cell-size 8x16 --threads 2 --frames 60)
        printf '%s %-6s %-5s %-24s ' "$round" "$size" "$format" "$bin"
        echo "$out" | grep -E '^(render|encode|compress|total|overlapped|cpu|bytes)_ms_per_frame:|^bytes_per_frame:|^checksum:' \
          | sed 's/_per_frame//' | tr '\n' ' '
        echo
      done
    done
  done
done
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%H:%M) UTC"
