#!/usr/bin/env bash
# The picker half of `make bench`: keystroke-to-frame latency and time to the first full
# frame on the 100k library, through the real loop, reducer, matching thread, renderer and
# painter on a scripted 80×24 terminal (Sources/pickbench). Typing `the beat live` one key at
# a time, then five backspaces; each key is sent once the frame answering the last is drawn.
# Indexes the library bench/run.sh generated into an index of its own, bench/out/pick.sqlite.
#
# With mpv and ffmpeg installed, two more passes press Ctrl-Home and the play key (Alt-P)
# before the second key of each run, into a real mpv (started by the picker, `ao=null`): the
# picker must not slow down while a player starts and plays. One real file, tagged
# `T - T - T`, is indexed beside the library as the best match for `t`, so it is the item
# under the cursor when Alt-P comes (after `t`'s frame); mpv's playlist is printed at the end.
#
# Environment: MIXTAPE_BIN, PICKBENCH_BIN (else built here), BENCH_RUNS (default 10).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# The release flags `make build` uses (static runtime on Linux): one binary, one set of numbers.
read -r -a RELEASE_FLAGS <<<"$(bash scripts/release-flags.sh)"
OUT=bench/out
RUNS=${BENCH_RUNS:-10}
die() { echo "bench: $*" >&2; exit 1; }
LIB=$OUT/library-${BENCH_TRACKS:-100000}.xml
[ -f "$LIB" ] || die "no $LIB; run bash bench/run.sh first (it generates the library)"
if [ -z "${MIXTAPE_BIN:-}" ] || [ -z "${PICKBENCH_BIN:-}" ]; then
	swift build "${RELEASE_FLAGS[@]}" --product mixtape >&2
	swift build "${RELEASE_FLAGS[@]}" --product pickbench >&2
fi
BIN_DIR=$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)
MIXTAPE=${MIXTAPE_BIN:-$BIN_DIR/mixtape}
PICKBENCH=${PICKBENCH_BIN:-$BIN_DIR/pickbench}
INDEX=$OUT/pick.sqlite
rm -f "$INDEX" "$INDEX"-wal "$INDEX"-shm
"$MIXTAPE" index --quiet --library "$INDEX" "$LIB"
ITEMS=$("$MIXTAPE" search --library "$INDEX" | wc -l)
echo "## Picker: keystroke to frame, $ITEMS items, $(nproc) cores"
echo
"$PICKBENCH" "$INDEX" "$RUNS"

command -v mpv >/dev/null && command -v ffmpeg >/dev/null || { echo; echo "(no mpv or ffmpeg: the pass with a player is skipped)"; exit 0; }
SCRATCH=$(mktemp -d)
trap 'pkill -f "input-ipc-server=$SCRATCH" 2>/dev/null || true; rm -rf "$SCRATCH"' EXIT
mkdir -p "$SCRATCH/music" "$SCRATCH/config/mpv" "$SCRATCH/run"
echo "ao=null" >"$SCRATCH/config/mpv/mpv.conf"
ffmpeg -loglevel error -f lavfi -i anullsrc=r=44100:cl=stereo -t 600 -metadata artist=T -metadata title=T \
	-metadata album=T "$SCRATCH/music/t.mp3"
"$MIXTAPE" index --quiet --library "$INDEX" "$SCRATCH/music"
# Twice: the first pass starts mpv in its first run (a one-off, beside the typing on these
# cores); in the second, mpv is already running and every run only hands it the item.
for pass in "mpv started by the first run" "mpv already running"; do
	echo
	echo "### With a player: Ctrl-Home and the play key before the second key of each run ($pass, ao=null)"
	echo
	XDG_CONFIG_HOME=$SCRATCH/config XDG_RUNTIME_DIR=$SCRATCH/run PICKBENCH_PLAYER=mpv "$PICKBENCH" "$INDEX" "$RUNS"
done
# What mpv holds now: the pass measured nothing if it never played.
python3 - "$SCRATCH/run/mixtape/mpv.sock" <<'PY'
import json, socket, sys
try:
    s = socket.socket(socket.AF_UNIX)
    s.connect(sys.argv[1])
    s.sendall(b'{"command":["get_property","playlist"],"request_id":1}\n')
    buf = b""
    while b'"request_id":1' not in buf:
        buf += s.recv(65536)
    line = next(l for l in buf.split(b"\n") if b'"request_id":1' in l)
    names = [e["filename"].rsplit("/", 1)[-1] for e in json.loads(line)["data"]]
    print(f"\n- mpv's playlist after the runs: {names}")
except OSError as error:
    print(f"\n- mpv was not reached ({error}): the pass above did not play")
PY
