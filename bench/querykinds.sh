#!/usr/bin/env bash
# Every kind of search as a whole process against `fzf --filter` on the same lines, side by
# side in one hyperfine run per row: text, anchored, field filters (every form of the query
# language), mixed, --sort, --json, --scope; then `search --json` of every item against the
# sqlite3 command-line tool printing the same records with json_object, and peak memory of
# `search --json` and a filter search. A field filter has no fzf form: its row runs fzf's text
# search of the filter's value (`artist:john` against `john`), the cost the issue asks a
# filter to match. Uses bench/out/search.sqlite and bench/out/lines.txt (bench/search.sh
# makes them; made here when missing).
#
# Environment: MIXTAPE_BIN (else built here), BENCH_RUNS (default 10), BENCH_TRACKS.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# The release flags `make build` uses (static runtime on Linux): one binary, one set of numbers.
read -r -a RELEASE_FLAGS <<<"$(bash scripts/release-flags.sh)"
OUT=bench/out
RUNS=${BENCH_RUNS:-10}
die() { echo "bench: $*" >&2; exit 1; }
LIB=$OUT/library-${BENCH_TRACKS:-100000}.xml
command -v fzf >/dev/null || die "fzf is missing; install it with: sudo apt-get install -y fzf"
command -v sqlite3 >/dev/null || die "sqlite3 is missing; install it with: sudo apt-get install -y sqlite3"
if [ -z "${MIXTAPE_BIN:-}" ]; then swift build "${RELEASE_FLAGS[@]}" --product mixtape >&2; fi
MIXTAPE=${MIXTAPE_BIN:-$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/mixtape}
export MIXTAPE_LIBRARY=$OUT/search.sqlite
if [ ! -f "$MIXTAPE_LIBRARY" ]; then
	[ -f "$LIB" ] || die "no $LIB; run bash bench/run.sh first (it generates the library)"
	"$MIXTAPE" index --quiet "$LIB"
fi
"$MIXTAPE" search >"$OUT/lines.txt"
ITEMS=$(wc -l <"$OUT/lines.txt")
"$MIXTAPE" select clear --quiet >/dev/null 2>&1 || true
"$MIXTAPE" select add --quiet "year:1995" >/dev/null

# kind ; mixtape's words (split at spaces) ; fzf's query
ROWS=$(
	cat <<'EOF'
text;fire;fire
text;tiger road;tiger road
text;leila | anna;leila | anna
text;sun | moon | star;sun | moon | star
anchored;^john;^john
anchored;thunder$;thunder$
anchored;^dj 'remix;^dj 'remix
anchored;^david 'dream;^david 'dream
anchored;!^the;!^the
filters;year:1990..1999;199
filters;artist:john;john
filters;rating:>=80;80
filters;artist:=Queen;queen
filters;album:hits;hits
filters;genre:rock;rock
filters;year:2000..;200
filters;stars:>3;3
filters;plays:<5;5
filters;bpm:120..130;12
filters;duration:>5m;5m
filters;duration:3:00..4:30;3:00
filters;added:<3650d;365
filters;added:2015-01..2018-06;2015
filters;played:>1y;1y
filters;loved:yes;yes
filters;compilation:no;no
filters;selected:yes;yes
filters;kind:podcast;podcast
filters;kind:movie,tv;movie
filters;playlist:Music;music
filters;path:/Users;users
filters;!artist:the;!the
mixed;love year:1990..1999;love 199
mixed;^the rating:>=60;^the 60
mixed;john artist:john;john john
mixed;'night !kind:music;'night !music
sort;--sort year- love;love
sort;--sort artist,year rating:>=80;80
sort;--sort play_count- fire;fire
sort;--sort title --limit 100;title
json;--json fire;fire
json;--json year:1990..1999;199
json;--json artist:john;john
json;--json ^john;^john
scope;--scope music love;love
scope;--scope podcasts;podcast
scope;--scope movies tiger;tiger
scope;--scope music year:1990..1999;199
EOF
)

results=()
while IFS=';' read -r kind args fzfq; do
	[ -z "$kind" ] && continue
	read -r -a words <<<"$args"
	cmd=$(printf '%q ' "$MIXTAPE" search "${words[@]}")
	json="$OUT/kinds-$(printf '%s' "$kind$args" | md5sum | cut -c1-8).json"
	hyperfine --warmup 2 --runs "$RUNS" --style none -i --export-json "$json" \
		-n mixtape "$cmd" -n fzf "fzf --filter $(printf '%q' "$fzfq") < $OUT/lines.txt" >/dev/null 2>&1 ||
		die "hyperfine failed on: $args"
	results+=("$kind"$'\t'"$args"$'\t'"$fzfq"$'\t'"$json")
done <<<"$ROWS"

# search --json of every item against sqlite3 printing the same records from the same index.
columns=$(sqlite3 "$MIXTAPE_LIBRARY" "SELECT group_concat('''' || name || ''', ' || name, ', ') FROM pragma_table_info('items') WHERE name NOT IN ('source_id', 'fingerprint', 'sort_key')")
sql="SELECT json_object($columns) FROM items ORDER BY sort_key"
hyperfine --warmup 1 --runs "$RUNS" --style none --export-json "$OUT/kinds-json-all.json" \
	-n mixtape "$MIXTAPE search --json > /dev/null" -n sqlite3 "sqlite3 -readonly $MIXTAPE_LIBRARY \"$sql\" > /dev/null" >/dev/null 2>&1 ||
	die "hyperfine failed on search --json"
memory_json=$( { /usr/bin/time -f %M "$MIXTAPE" search --json >/dev/null; } 2>&1 | tail -1)
memory_filter=$( { /usr/bin/time -f %M "$MIXTAPE" search 'year:1990..1999' >/dev/null; } 2>&1 | tail -1)
memory_sqlite=$( { /usr/bin/time -f %M sqlite3 -readonly "$MIXTAPE_LIBRARY" "$sql" >/dev/null; } 2>&1 | tail -1)

python3 - "$ITEMS" "$OUT/kinds-json-all.json" "$memory_json" "$memory_filter" "$memory_sqlite" "${results[@]}" <<'PY'
import json, statistics, sys
items, json_all, mem_json, mem_filter, mem_sqlite = sys.argv[1:6]
rows = [r.split("\t") for r in sys.argv[6:]]
targets = {"text": 0.6, "anchored": 1.0}
print(f"## Every kind of query: `mixtape search` vs `fzf --filter`, {items.strip()} items\n")
print("Whole processes, side by side in one hyperfine run per row (median of the runs); fzf reads the")
print("same lines from a file. A filter has no fzf form: its row runs fzf's text search of the value.\n")
verdicts = []
for kind in ["text", "anchored", "filters", "mixed", "sort", "json", "scope"]:
    print(f"### {kind}\n")
    print("| mixtape | fzf | mixtape | fzf | mixtape / fzf |")
    print("|---|---|---|---|---|")
    ratios = []
    for k, args, fzfq, path in rows:
        if k != kind: continue
        res = {r["command"]: r["median"] for r in json.load(open(path))["results"]}
        ratio = res["mixtape"] / res["fzf"]
        ratios.append(ratio)
        shown = args.replace("|", "\\|")
        print(f"| `{shown}` | `{fzfq.replace('|', chr(92) + '|')}` | {res['mixtape']*1000:.0f} ms | {res['fzf']*1000:.0f} ms | {ratio:.2f}× |")
    median = statistics.median(ratios)
    if kind == "anchored":
        worst = max(ratios)
        ok = worst <= 1.0
        verdicts.append((kind, ok, f"every anchored query ≤ 1.0× (worst {worst:.2f}×)"))
    else:
        target = targets.get(kind, 1.0)
        ok = median <= target
        verdicts.append((kind, ok, f"median {median:.2f}× ≤ {target}×"))
    print(f"\n- median {median:.2f}×; {'PASS' if ok else 'FAIL'}: {verdicts[-1][2]}\n")
res = {r["command"]: r["median"] for r in json.load(open(json_all))["results"]}
ratio = res["mixtape"] / res["sqlite3"]
print(f"### `search --json` of every item vs sqlite3 `json_object` (one line per item, library order)\n")
print("| mixtape | sqlite3 | mixtape / sqlite3 | target |")
print("|---|---|---|---|")
print(f"| {res['mixtape']*1000:.0f} ms | {res['sqlite3']*1000:.0f} ms | {ratio:.2f}× | {'PASS' if ratio <= 1.5 else 'FAIL'}: ≤ 1.5× |")
print(f"\n### Peak memory, {items.strip()} items\n")
print("| command | peak RSS |")
print("|---|---|")
print(f"| `mixtape search --json` | {int(mem_json)/1024:.0f} MB |")
print(f"| `mixtape search year:1990..1999` | {int(mem_filter)/1024:.0f} MB |")
print(f"| `sqlite3` json_object of every item | {int(mem_sqlite)/1024:.0f} MB |")
print()
for kind, ok, text in verdicts:
    print(f"- {kind}: {'PASS' if ok else 'FAIL'}: {text}")
PY
