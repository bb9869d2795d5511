#!/usr/bin/env bash
# `make gallery`: docs/GALLERY.md and docs/images/gallery/*.png, every glyph set x colour
# depth for the Earth and an Apollonian packing, as a terminal draws the cells
# (`orbit snapshot --cells`), with the figures `orbit bench` reports for each mode; and
# docs/images/earth-turn.gif, the README's turntable (`orbit render --record`).
set -euo pipefail
orbit=${1:-.build/release/orbit}
out=docs/images/gallery
mkdir -p "$out"
# The README's moving picture: one turn of the Earth as a looping GIF (under 1 MB).
"$orbit" render earth --record docs/images/earth-turn.gif --size 224x224px --frames 48 --fps 24
size=${GALLERY_SIZE:-80x24}
# The glyph sets and colour depths from orbit's own tables.
glyphs=$("$orbit" --list glyphs | tr '\n' ' ')
colors=$("$orbit" --list colors | tr '\n' ' ')
{
  echo "# Gallery"
  echo
  echo "Every glyph set and colour depth, drawn as a terminal shows the cells (8x16 pixels"
  echo "per cell, a dark theme). Made by \`make gallery\` (scripts/gallery.sh) with"
  echo "\`orbit snapshot SCENE --cells --size $size --glyphs G --colors C\`; not by hand."
  echo "Error is the mean CIELAB distance between the cells and the pixel framebuffer"
  echo "(\`color_error_lab\` of \`orbit bench\`), bytes the diff writer's mean per frame while"
  echo "the Earth spins, both at 200x60."
  for scene in earth apollonian; do
    echo
    echo "## $scene"
    echo
    printf '| glyphs |'; for c in $colors; do printf ' %s |' "$c"; done; echo
    printf '|---|'; for c in $colors; do printf -- '---|'; done; echo
    for g in $glyphs; do
      printf '| %s |' "$g"
      for c in $colors; do
        f="$out/$scene-$g-$c.png"
        "$orbit" snapshot "$scene" --cells --size "$size" --glyphs "$g" --colors "$c" --spin 0 -o "$f"
        fig=$("$orbit" bench "$scene" --size 200x60 --glyphs "$g" --colors "$c" --frames 30 --spin 0.5 \
              | awk -F': ' '$1=="color_error_lab"{e=$2} $1=="bytes_per_frame"{b=$2} END{printf "error %s, %s B", e, b}')
        printf ' ![%s %s %s](images/gallery/%s)<br>%s |' "$scene" "$g" "$c" "$(basename "$f")" "$fig"
      done
      echo
    done
  done
} > docs/GALLERY.md
echo "gallery: wrote docs/GALLERY.md and $(ls "$out" | wc -l) pictures"
