#!/usr/bin/env bash
# `make bench`: one table of `orbit bench` figures over scenes, sizes, glyph sets, colour
# depths and thread counts. Method and results: docs/PERFORMANCE.md.
#
# Usage: scripts/bench.sh [path/to/orbit] [extra orbit bench options...]
# Environment:
#   BENCH_FRAMES   frames timed per row (default 120; generation 12 uses a quarter)
#   BENCH_THREADS  thread counts to run, 0 = one per core (default "1 0")
#   BENCH_QUICK=1  only the rows the issue targets name (a few seconds)
set -euo pipefail
orbit=${1:-.build/release/orbit}
shift || true
frames=${BENCH_FRAMES:-120}
threads_list=${BENCH_THREADS:-1 0}
[ -x "$orbit" ] || { echo "bench.sh: $orbit: not an executable (run make build first)" >&2; exit 1; }
"$orbit" bench --help >/dev/null

echo "# orbit bench on $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')),"\
     "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# times: medians in ms per frame (fps = 1000 / total); cpu_ms: process CPU time per frame, all"\
     "threads, writer included; bytes: mean diff-writer bytes per frame after the first;"\
     "lab: mean CIELAB error of the cells; start_ms: load + first frame"
fmt='%-22s %-7s %-9s %-9s %3s %7s %9s %9s %9s %7s %7s %6s %6s %5s %8s\n'
printf "$fmt" scene size glyphs colors thr drawn render_ms encode_ms total_ms fps cpu_ms bytes writes lab start_ms
run() {
  local label=$1 scene=$2 size=$3 glyphs=$4 colors=$5 threads=$6 n=$7; shift 7
  local out
  if ! out=$("$orbit" bench "$scene" --size "$size" --glyphs "$glyphs" --colors "$colors" \
               --threads "$threads" --frames "$n" "$@" 2>&1); then
    printf '%-22s %-7s %-9s %-9s failed: %s\n' "$label" "$size" "$glyphs" "$colors" "$out"
    return
  fi
  get() { echo "$out" | awk -F': ' -v k="$1" '$1==k {print $2; found=1} END {if (!found) print "-"}'; }
  printf "$fmt" "$label" "$size" "$glyphs" "$colors" "$(get threads)" "$(get drawn_per_frame)" \
    "$(get render_ms_per_frame)" "$(get encode_ms_per_frame)" "$(get total_ms_per_frame)" \
    "$(get fps)" "$(get cpu_ms_per_frame)" "$(get bytes_per_frame)" "$(get writes_per_frame)" "$(get color_error_lab)" "$(get startup_ms)"
}

start=$(date +%s)
gen12=(--level 12 --min-radius 0 --max-spheres 20000000 --spin 0.5)
for t in $threads_list; do
  # The issue targets first: Earth 200x60 blocks truecolor, sphere 200x59 ascii none,
  # Apollonian level 10 and generation 12 (edge spheres) at 200x60 blocks.
  run earth earth 200x60 blocks truecolor "$t" "$frames" "$@"
  run sphere:100000 sphere:100000 200x59 ascii none "$t" "$frames" --spin 0.5 "$@"
  run "apollonian L10" apollonian 200x60 blocks truecolor "$t" "$frames" --level 10 --spin 0.5 "$@"
  run "apollonian gen12 edge" apollonian 200x60 blocks truecolor "$t" $(( (frames + 3) / 4 )) "${gen12[@]}" "$@"
  # Graphics at 800x480 pixels (100x30 cells of 8x16), every graphics output of
  # `orbit --list outputs`: render + protocol encoding (kitty and iterm: near-lossless PNG,
  # base64; sixel: 96-colour palette, run lengths); bytes: protocol bytes per frame.
  for format in $("$orbit" --list outputs | grep -vx cells); do
    run "earth $format" earth 100x30 blocks truecolor "$t" "$frames" --format "$format" "$@"
  done
  run "apollonian L10 kitty" apollonian 100x30 blocks truecolor "$t" "$frames" --level 10 --spin 0.5 --format kitty "$@"
  [ "${BENCH_QUICK:-0}" = 1 ] && continue
  for size in 80x24 200x60; do
    for g in $("$orbit" --list glyphs); do
      for c in $("$orbit" --list colors); do
        # Every colour depth at 200x60 (colour error and bytes per mode), truecolor and
        # 256 at 80x24.
        if [ "$size" = 80x24 ] && { [ "$c" = 16 ] || [ "$c" = none ]; }; then continue; fi
        [ "$size" = 200x60 ] && [ "$g" = blocks ] && [ "$c" = truecolor ] && continue
        run earth earth "$size" "$g" "$c" "$t" "$frames" "$@"
      done
    done
    run sphere:2000 sphere:2000 "$size" blocks truecolor "$t" "$frames" --spin 0.5 "$@"
    run sphere:100000 sphere:100000 "$size" ascii none "$t" "$frames" --spin 0.5 "$@"
    run "apollonian L7" apollonian "$size" blocks truecolor "$t" "$frames" --level 7 --spin 0.5 "$@"
    [ "$size" = 200x60 ] && continue
    run "apollonian L10" apollonian "$size" blocks truecolor "$t" "$frames" --level 10 --spin 0.5 "$@"
    run "apollonian gen12 edge" apollonian "$size" blocks truecolor "$t" $(( (frames + 3) / 4 )) "${gen12[@]}" "$@"
  done
done
echo "# $(( $(date +%s) - start )) s; load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
