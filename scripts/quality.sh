#!/usr/bin/env bash
# Picture quality of every glyph set x colour depth: `orbit bench` at 200x60 on a spinning
# scene (30 frames, 0.5 degrees per frame), as a Markdown table of the per-cell CIELAB error,
# the error after a blur of about one cell, the hue score (share of blue pixels whose cell is
# still blue) and the diff writer's bytes per frame. Usage: scripts/quality.sh [orbit] [scene]
set -euo pipefail
orbit=${1:-.build/release/orbit}
scene=${2:-earth}
shift $(( $# > 2 ? 2 : $# ))
echo "| glyphs | colours | error | blurred error | hue score | bytes/frame | encode ms |"
echo "|---|---|---|---|---|---|---|"
# The glyph sets and colour depths from orbit's own tables.
for g in $("$orbit" --list glyphs); do
  for c in $("$orbit" --list colors); do
    "$orbit" bench "$scene" --size 200x60 --glyphs "$g" --colors "$c" --frames 30 --spin 0.5 "$@" |
      awk -F': ' -v g="$g" -v c="$c" '
        $1=="color_error_lab"{e=$2} $1=="color_error_blurred"{b=$2} $1=="hue_score"{split($2,h," "); s=h[1]}
        $1=="bytes_per_frame"{n=$2} $1=="encode_ms_per_frame"{m=$2}
        END{printf "| %s | %s | %s | %s | %s | %s | %s |\n", g, c, e, b, s, n, m}'
  done
done
