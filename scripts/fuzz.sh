#!/usr/bin/env bash
# `make fuzz` / `make fuzz-smoke`: builds the libFuzzer targets in Fuzz/ and runs each for a
# bounded time, one after another (the machine has two cores shared with other work).
#
# Usage: scripts/fuzz.sh [TARGET...]         targets: the folders Fuzz/Sources/fuzz-TARGET
#        scripts/fuzz.sh --repro TARGET FILE  run one target on one input (replays a finding)
# Environment: FUZZ_SECONDS (default 60) per target; FUZZ_ARGS extra libFuzzer flags.
#
# Seeds are read from Fuzz/Corpus/<target>/ and never modified; inputs the fuzzer finds
# interesting go to Fuzz/.build/corpus/<target>/ (kept between runs, not committed). A
# crash, sanitizer report, timeout (10 s per input) or out-of-memory (2 GB) stops that
# target, leaves the reproducer in Fuzz/Findings/, and makes this script exit 1 after the
# remaining targets have run. Logs: Fuzz/.build/logs/<target>.log.
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")/.."
root=$PWD
# One target per folder Fuzz/Sources/fuzz-TARGET (the package's own list, not a copy).
mapfile -t all < <(cd Fuzz/Sources && ls -d fuzz-* | sed 's/^fuzz-//')
seconds=${FUZZ_SECONDS:-60}
[[ $seconds =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: FUZZ_SECONDS must be a whole number of seconds, got '$seconds'" >&2; exit 2; }

# LeakSanitizer is off: the Swift runtime's metadata caches live until exit by design.
# Swift's own crash backtracer is off too: it reads memory ASan reports as wild, burying
# the real report; libFuzzer prints the stack and writes the input itself.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
export SWIFT_BACKTRACE=enable=no

# `swift build --sanitize fuzzer --sanitize address` passes two -sanitize options and
# swiftc keeps only the last, silently dropping coverage instrumentation; so the combined
# option is passed after SwiftPM's own (`--sanitize fuzzer` still tells SwiftPM that
# libFuzzer supplies `main`). -enable-testing lets fuzz-mtl reach the internal MTL
# reader; lld links without gold's warnings about ASan symbols.
build() {
  (cd Fuzz && swift build -c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing \
     -Xswiftc -use-ld=lld "$@")
}

if [[ ${1:-} == --repro ]]; then
  [[ $# -eq 3 ]] || { echo "usage: scripts/fuzz.sh --repro TARGET FILE" >&2; exit 2; }
  input=$3; [[ $input == /* ]] || input=$caller/$input
  build --product "fuzz-$2"
  exec "Fuzz/.build/release/fuzz-$2" "$input"
fi

if [[ $# -gt 0 ]]; then targets=("$@"); else targets=("${all[@]}"); fi
for t in "${targets[@]}"; do
  [[ " ${all[*]} " == *" $t "* ]] || { echo "fuzz.sh: unknown target '$t' (targets: ${all[*]})" >&2; exit 2; }
done
build
mkdir -p Fuzz/Findings Fuzz/.build/logs
failed=()
printf '%-8s %8s %10s %8s %8s  %s\n' target seconds runs exec/s corpus result
for t in "${targets[@]}"; do
  corpus=Fuzz/.build/corpus/$t
  log=Fuzz/.build/logs/$t.log
  mkdir -p "$corpus"
  status=0
  # shellcheck disable=SC2086
  "Fuzz/.build/release/fuzz-$t" "$corpus" "Fuzz/Corpus/$t" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -malloc_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$root/Fuzz/Findings/$t-" \
    ${FUZZ_ARGS:-} >"$log" 2>&1 || status=$?
  runs=$(awk '/stat::number_of_executed_units:/ {print $2}' "$log")
  rate=$(awk '/stat::average_exec_per_sec:/ {print $2}' "$log")
  units=$(find "$corpus" -type f | wc -l)
  if [[ $status -eq 0 ]]; then result=ok; else
    result="FAILED ($(grep -m1 -o 'Test unit written to .*' "$log" || echo "exit $status, see $log"))"
    failed+=("$t")
  fi
  printf '%-8s %8s %10s %8s %8s  %s\n' "$t" "$seconds" "${runs:-?}" "${rate:-?}" "$units" "$result"
done
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "fuzz.sh: findings in: ${failed[*]} (reproducers in Fuzz/Findings/; replay with scripts/fuzz.sh --repro TARGET FILE)" >&2
  exit 1
fi
