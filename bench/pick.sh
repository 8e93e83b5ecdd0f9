#!/usr/bin/env bash
# The picker half of `make bench`: keystroke-to-frame latency and time to the first full
# frame on the 100k library, through the real loop, reducer, matching thread, renderer and
# painter on a scripted 80×24 terminal (Sources/pickbench). Typing `the beat live` one key at
# a time, then five backspaces; each key is sent once the frame answering the last is drawn.
# Indexes the library bench/run.sh generated into an index of its own, bench/out/pick.sqlite.
#
# Environment: MIXTAPE_BIN, PICKBENCH_BIN (else built here), BENCH_RUNS (default 10).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
OUT=bench/out
RUNS=${BENCH_RUNS:-10}
die() { echo "bench: $*" >&2; exit 1; }
LIB=$OUT/library-${BENCH_TRACKS:-100000}.xml
[ -f "$LIB" ] || die "no $LIB; run bash bench/run.sh first (it generates the library)"
if [ -z "${MIXTAPE_BIN:-}" ] || [ -z "${PICKBENCH_BIN:-}" ]; then
	swift build -c release --product mixtape >&2
	swift build -c release --product pickbench >&2
fi
BIN_DIR=$(swift build -c release --show-bin-path)
MIXTAPE=${MIXTAPE_BIN:-$BIN_DIR/mixtape}
PICKBENCH=${PICKBENCH_BIN:-$BIN_DIR/pickbench}
INDEX=$OUT/pick.sqlite
rm -f "$INDEX" "$INDEX"-wal "$INDEX"-shm
"$MIXTAPE" index --quiet --library "$INDEX" "$LIB"
ITEMS=$("$MIXTAPE" search --library "$INDEX" | wc -l)
echo "## Picker: keystroke to frame, $ITEMS items, $(nproc) cores"
echo
"$PICKBENCH" "$INDEX" "$RUNS"
