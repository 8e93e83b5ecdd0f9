#!/usr/bin/env bash
# The export part of `make bench`: `mixtape export-playlist` of a 10,000-item selection, as a
# whole process, in each format (target: under 0.3 s).
# Environment: MIXTAPE_BIN (else built here), BENCH_RUNS (default 10).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# The release flags `make build` uses (static runtime on Linux): one binary, one set of numbers.
read -r -a RELEASE_FLAGS <<<"$(bash scripts/release-flags.sh)"
OUT=bench/out
RUNS=${BENCH_RUNS:-10}
GEN=bench/gen_itunes.py
die() { echo "bench: $*" >&2; exit 1; }
if [ -z "${MIXTAPE_BIN:-}" ]; then swift build "${RELEASE_FLAGS[@]}" --product mixtape >&2; fi
MIXTAPE=${MIXTAPE_BIN:-$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/mixtape}
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

# From a 100,000-item index: a query and a playlist of about 10,000 items each, and the five
# saved exports an `index` that changed something writes again (`saved run` is that pass).
LIB100K=$OUT/library-${BENCH_TRACKS:-100000}.xml
[ -f "$LIB100K" ] || die "no $LIB100K; run bash bench/run.sh first (it generates the library)"
export MIXTAPE_LIBRARY=$OUT/export-100k.sqlite
rm -f "$MIXTAPE_LIBRARY" "$MIXTAPE_LIBRARY"-wal "$MIXTAPE_LIBRARY"-shm
"$MIXTAPE" index --quiet "$LIB100K"
QUERY='year:1990..1996'
PLAYLIST='90’s Music'
QUERY_ITEMS=$("$MIXTAPE" search "$QUERY" | wc -l)
PLAYLIST_ITEMS=$("$MIXTAPE" export-playlist --quiet --playlist "$PLAYLIST" --format m3u8 -o - | grep -vc "^#")
saved=("year:1990..1996" "rating:>=80" "genre:rock" "kind:podcast" "love")
for n in 0 1 2 3 4; do
	"$MIXTAPE" export-playlist --quiet --query "${saved[$n]}" -o "$OUT/saved-$n.m3u8" --save "bench-$n" >/dev/null
done
hyperfine --warmup 2 --runs "$RUNS" --style none -N --export-json "$OUT/export-100k.json" \
	-n "export-playlist --query '$QUERY'" "$MIXTAPE export-playlist --quiet --query $QUERY -o $OUT/export-query.m3u8" \
	-n "export-playlist --playlist '$PLAYLIST'" "$MIXTAPE export-playlist --quiet --playlist '$PLAYLIST' -o $OUT/export-playlist.m3u8" \
	-n "saved run (5 saved exports)" "$MIXTAPE saved run --quiet" >/dev/null 2>&1 ||
	die "hyperfine failed (100k exports)"
python3 - "$QUERY_ITEMS" "$PLAYLIST_ITEMS" "$OUT/export-100k.json" <<'PY'
import json, sys
query_items, playlist_items, path = sys.argv[1:4]
print(f"\n## Export from a 100,000-item index, whole process\n")
print(f"The query finds {query_items.strip()} items, the playlist lists {playlist_items.strip()}; `saved run` writes the five")
print("saved exports (four queries, one of them the one above, and a text search) as an `index` that changed something does.\n")
print("| command | median | target |")
print("|---|---|---|")
for r in json.load(open(path))["results"]:
    limit = 0.5 if r["command"].startswith("saved") else 0.3
    print(f"| `{r['command']}` | {r['median']*1000:.0f} ms | {'PASS' if r['median'] <= limit else 'FAIL'}: ≤ {limit*1000:.0f} ms |")
PY
