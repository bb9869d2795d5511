#!/usr/bin/env bash
# `make bench`: one table of `orbit bench` figures over scenes, sizes and glyph sets.
# Usage: scripts/bench.sh [path/to/orbit] [extra orbit bench options...]
set -euo pipefail
orbit=${1:-.build/release/orbit}
shift || true
frames=${BENCH_FRAMES:-120}
models=$(mktemp -d)
trap 'rm -rf "$models"' EXIT
"$orbit" bench --help >/dev/null
# Test spheres are written by orbit itself (no downloads, no files in the repo).
"$orbit" snapshot --help >/dev/null

printf '%-28s %-8s %-10s %-10s %9s %10s %10s %10s\n' scene size glyphs colors triangles render_ms encode_ms bytes
run() {
  local scene=$1 size=$2 glyphs=$3 colors=$4; shift 4
  local out
  out=$("$orbit" bench "$scene" --size "$size" --glyphs "$glyphs" --colors "$colors" --frames "$frames" "$@")
  get() { echo "$out" | awk -F': ' -v k="$1" '$1==k {print $2}'; }
  printf '%-28s %-8s %-10s %-10s %9s %10s %10s %10s\n' "$(basename "$scene") $*" "$size" "$glyphs" "$colors" \
    "$(get triangles)" "$(get render_ms_per_frame)" "$(get encode_ms_per_frame)" "$(get bytes_per_frame)"
}
for size in 80x24 200x60; do
  for g in ascii edges blocks quadrants sextants braille; do run earth "$size" "$g" truecolor "$@"; done
  run earth "$size" blocks 256 "$@"
  run apollonian "$size" blocks truecolor --level 7 "$@"
  run apollonian "$size" blocks truecolor --level 10 "$@"
  run sphere:2000 "$size" blocks truecolor "$@"
  run sphere:100000 "$size" ascii none "$@"
done
