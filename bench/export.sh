#!/usr/bin/env bash
# The export part of `make bench`: `mixtape export-playlist` of a 10,000-item selection, as a
# whole process, in each format (target: under 0.3 s).
# Environment: MIXTAPE_BIN (else built here), BENCH_RUNS (default 10).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
OUT=bench/out
RUNS=${BENCH_RUNS:-10}
GEN=../shared/tools/gen_itunes_library.py
die() { echo "bench: $*" >&2; exit 1; }
[ -f "$GEN" ] || die "$GEN not found (../shared is needed beside the repo)"
if [ -z "${MIXTAPE_BIN:-}" ]; then swift build -c release --product mixtape >&2; fi
MIXTAPE=${MIXTAPE_BIN:-$(swift build -c release --show-bin-path)/mixtape}
mkdir -p "$OUT"
LIB=$OUT/library-10000.xml
[ -f "$LIB" ] || python3 "$GEN" --tracks 10000 --playlists 20 --seed 5 --out "$LIB"
export MIXTAPE_LIBRARY=$OUT/export.sqlite
rm -f "$MIXTAPE_LIBRARY" "$MIXTAPE_LIBRARY"-wal "$MIXTAPE_LIBRARY"-shm
"$MIXTAPE" index --quiet "$LIB"
# shellcheck disable=SC2046 # one word per id
"$MIXTAPE" select add --quiet --id $("$MIXTAPE" search --json | python3 -c 'import json,sys; print(" ".join(json.loads(l)["id"] for l in sys.stdin))')
SELECTED=$("$MIXTAPE" select list | wc -l)
commands=()
for ext in m3u8 pls xspf xml json; do commands+=(-n "$ext" "$MIXTAPE export-playlist --quiet -o $OUT/export.$ext"); done
hyperfine --warmup 2 --runs "$RUNS" --style none -N --export-json "$OUT/export-times.json" "${commands[@]}" >/dev/null 2>&1 ||
	die "hyperfine failed"
python3 - "$SELECTED" "$OUT/export-times.json" <<'PY'
import json, sys
selected, path = sys.argv[1], sys.argv[2]
print(f"## Export: `mixtape export-playlist` of a {selected.strip()}-item selection, whole process\n")
print("| format | mean ± σ | target |")
print("|---|---|---|")
ok = True
for r in json.load(open(path))["results"]:
    passed = r["mean"] < 0.3
    ok = ok and passed
    print(f"| {r['command']} | {r['mean']*1000:.0f} ms ± {r['stddev']*1000:.0f} ms | {'PASS' if passed else 'FAIL'}: < 300 ms |")
PY
