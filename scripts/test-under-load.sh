#!/bin/sh
# Runs the whole test suite RUNS times in a row (default 5) while `stress --cpu CPUS`
# (default: one worker per core) keeps every core busy, and stops at the first failure.
# The suite must hold on a busy machine: tests wait for conditions with deadlines.
# Usage: scripts/test-under-load.sh [RUNS]   (needs the Debian package `stress`;
# the debug build and its tests must be built: swift build --build-tests)
set -u
runs=${1:-5}
cpus=${CPUS:-$(nproc)}
cd "$(dirname "$0")/.."
command -v stress >/dev/null || { echo "test-under-load: stress is not installed (apt-get install stress)" >&2; exit 1; }
log=${LOG_DIR:-.build/test-under-load}
mkdir -p "$log"
# A hang guard for the load itself: it never outlives this script by more than the limit.
timeout "${STRESS_SECONDS:-7200}" stress --cpu "$cpus" >/dev/null 2>&1 &
load=$!
trap 'kill "$load" 2>/dev/null; wait "$load" 2>/dev/null' EXIT INT TERM
passed=0
i=1
while [ "$i" -le "$runs" ]; do
    start=$(date +%s)
    if ORBIT_BIN="$PWD/.build/debug/orbit" swift test --skip-build >"$log/run-$i.log" 2>&1; then
        passed=$((passed + 1))
        echo "run $i: passed ($(( $(date +%s) - start )) s)"
    else
        echo "run $i: FAILED ($(( $(date +%s) - start )) s); failures:"
        grep -E '✘|error:' "$log/run-$i.log" | head -20
        break
    fi
    i=$((i + 1))
done
echo "test-under-load: $passed of $runs consecutive runs passed under stress --cpu $cpus"
[ "$passed" -eq "$runs" ]
