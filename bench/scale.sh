#!/usr/bin/env bash
# The scale step of `make bench`: how index, search, a filter search and the picker grow from
# 10,000 to 1,000,000 tracks, each beside its peer in the same hyperfine run. Per size:
#
#   index    a first `mixtape index` of the iTunes export into an empty index, against
#            `xmllint --stream --noout` reading the same file; peak RSS of both (/usr/bin/time);
#            then the re-read: the export touched (as iTunes rewrites it) and indexed again
#            into the filled index, against xmllint in the same hyperfine run
#   search   `mixtape search QUERY` against `fzf --filter QUERY` on the same lines in a file
#   filter   `mixtape search 'year:1990..1999'` (fzf has no fields: shown against its text search)
#   json     peak RSS of `mixtape search --json` (every item, as JSON Lines)
#   picker   `pickbench` (10 runs of 18 keys): p99 keystroke → frame with results, and open →
#            first full frame
#
# Writes bench/scale.md (the table) and bench/scale.png (the plot, drawn by bench/scale_plot.py
# with matplotlib), both kept in the repository, and prints the table.
#
# The libraries are generated once (gen_itunes.py --playlists 200 --seed 7) into
# BENCH_DATA, and reused from there or from bench/out when present: 1M tracks is ~1.8 GB.
#
# Environment:
#   BENCH_SCALE_SIZES="10000 100000"  the sizes (default 10000 100000 500000 1000000)
#   BENCH_DATA=DIR                    where libraries are kept (default ../bench-data when it
#                                     exists beside the repository, else bench/out)
#   BENCH_RUNS=N                      hyperfine runs at sizes under 500k (default 5; 2 above)
#   MIXTAPE_BIN, PICKBENCH_BIN        binaries to measure (else built here)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# The release flags `make build` uses (static runtime on Linux): one binary, one set of numbers.
read -r -a RELEASE_FLAGS <<<"$(bash scripts/release-flags.sh)"
OUT=bench/out
GEN=bench/gen_itunes.py
SIZES=${BENCH_SCALE_SIZES:-10000 100000 500000 1000000}
RUNS=${BENCH_RUNS:-5}
QUERY=${BENCH_SCALE_QUERY:-tiger road}
FILTER='year:1990..1999'
die() { echo "bench: $*" >&2; exit 1; }
log() { echo "bench: $*" >&2; }

for tool in hyperfine xmllint fzf python3; do
	command -v "$tool" >/dev/null || die "$tool is missing; run: bash scripts/install-deps.sh bench"
done
[ -x /usr/bin/time ] || die "/usr/bin/time is missing; run: bash scripts/install-deps.sh bench"
mkdir -p "$OUT"
if [ -z "${BENCH_DATA:-}" ]; then
	if [ -d ../bench-data ]; then BENCH_DATA=$(cd ../bench-data && pwd); else BENCH_DATA=$OUT; fi
fi
mkdir -p "$BENCH_DATA"

if [ -z "${MIXTAPE_BIN:-}" ] || [ -z "${PICKBENCH_BIN:-}" ]; then
	swift build "${RELEASE_FLAGS[@]}" --product mixtape >&2
	swift build "${RELEASE_FLAGS[@]}" --product pickbench >&2
fi
BIN_DIR=$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)
MIXTAPE=${MIXTAPE_BIN:-$BIN_DIR/mixtape}
PICKBENCH=${PICKBENCH_BIN:-$BIN_DIR/pickbench}

# The export of N tracks: BENCH_DATA's, else bench/out's, else generated into BENCH_DATA.
library() {
	local n=$1
	for f in "$BENCH_DATA/library-$n.xml" "$OUT/library-$n.xml"; do
		[ -s "$f" ] && { echo "$f"; return; }
	done
	[ -f "$GEN" ] || die "no library of $n tracks and no generator at $GEN"
	log "generating $BENCH_DATA/library-$n.xml ($n tracks, 200 playlists, seed 7)"
	python3 "$GEN" --tracks "$n" --playlists 200 --seed 7 --out "$BENCH_DATA/library-$n.xml.tmp" >&2
	mv "$BENCH_DATA/library-$n.xml.tmp" "$BENCH_DATA/library-$n.xml"
	echo "$BENCH_DATA/library-$n.xml"
}

# Peak RSS in MB of a command.
peak() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1 | awk '{ printf "%.0f", $1 / 1024 }'; }

# Mean seconds of each command of a hyperfine JSON export, tab-separated in order.
means() { python3 -c 'import json,sys; print("\t".join("%.4f" % r["mean"] for r in json.load(open(sys.argv[1]))["results"]))' "$1"; }

# `mixtape index` of $lib into $db beside `xmllint --stream` in one hyperfine run of $runs,
# each run after PREPARE; prints both means. NAME names the run's JSON export.
index_vs_xmllint() {
	local name=$1 prepare=$2
	hyperfine --runs "$runs" --style none --export-json "$OUT/scale-$name-$n.json" --prepare "$prepare" \
		-n mixtape "$MIXTAPE index --quiet --library $qdb $qlib" \
		-n xmllint "xmllint --stream --noout $qlib" >/dev/null
	means "$OUT/scale-$name-$n.json"
}

TSV=$OUT/scale.tsv
printf 'tracks\tindex_s\txmllint_s\tindex_mb\txmllint_mb\treread_s\treread_xmllint_s\tsearch_s\tfzf_s\tfilter_s\tfilter_mb\tjson_mb\tpick_p50_ms\tpick_p99_ms\tpick_open_ms\n' >"$TSV"
for n in $SIZES; do
	lib=$(library "$n")
	runs=$RUNS
	[ "$n" -ge 500000 ] && runs=2
	db=$OUT/scale-$n.sqlite
	qdb=$(printf '%q' "$db")
	qlib=$(printf '%q' "$lib")
	log "$n tracks: index against xmllint ($runs runs)"
	IFS=$'\t' read -r index_s xmllint_s < <(index_vs_xmllint index "rm -f $qdb $qdb-wal $qdb-shm $qdb.lock")
	rm -f "$db" "$db"-wal "$db"-shm
	index_mb=$(peak "$MIXTAPE" index --quiet --library "$db" "$lib")
	xmllint_mb=$(peak xmllint --stream --noout "$lib")
	log "$n tracks: re-read of the touched export into the filled index, against xmllint"
	IFS=$'\t' read -r reread_s reread_xmllint_s < <(index_vs_xmllint reread "touch $qlib")

	log "$n tracks: search '$QUERY' against fzf --filter, and '$FILTER'"
	"$MIXTAPE" search --library "$db" >"$OUT/scale-lines-$n.txt"
	q=$(printf '%q' "$QUERY")
	hyperfine --warmup 1 --runs "$runs" --style none --export-json "$OUT/scale-search-$n.json" \
		-n mixtape "$MIXTAPE search --library $qdb $q" \
		-n fzf "fzf --filter $q < $OUT/scale-lines-$n.txt" \
		-n filter "$MIXTAPE search --library $qdb $FILTER" >/dev/null
	IFS=$'\t' read -r search_s fzf_s filter_s < <(means "$OUT/scale-search-$n.json")
	filter_mb=$(peak "$MIXTAPE" search --library "$db" "$FILTER")
	json_mb=$(peak "$MIXTAPE" search --library "$db" --json)

	log "$n tracks: picker"
	# The index just written (600 MB at 1M) is flushed first: its write-back competed with the
	# picker's keys. Ten runs of 18 keys at every size, so p99 is the second-worst key, not the worst.
	sync
	"$PICKBENCH" "$db" 10 >"$OUT/scale-pick-$n.md"
	read -r pick_p50 pick_p99 < <(awk -F'|' '/frame with its results/ { gsub(/ ms| /, "", $3); gsub(/ ms| /, "", $4); print $3, $4 }' "$OUT/scale-pick-$n.md")
	pick_open=$(awk -F'|' '/first full frame/ { gsub(/ ms| /, "", $3); print $3 }' "$OUT/scale-pick-$n.md")
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$index_s" "$xmllint_s" "$index_mb" \
		"$xmllint_mb" "$reread_s" "$reread_xmllint_s" "$search_s" "$fzf_s" "$filter_s" "$filter_mb" "$json_mb" "$pick_p50" "$pick_p99" "$pick_open" >>"$TSV"
	rm -f "$db" "$db"-wal "$db"-shm "$db".lock "$OUT/scale-lines-$n.txt"
done

python3 bench/scale_plot.py "$TSV" bench/scale.md bench/scale.png "$QUERY" "$FILTER" "$(nproc)"
cat bench/scale.md
