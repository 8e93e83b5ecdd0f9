#!/usr/bin/env bash
# Relocation in `make bench`: a Windows iTunes export (C:/Users/sam/Music/iTunes/...) whose
# files sit in a copy of its iTunes folder here, the export inside that copy, indexed afresh,
# against the same export with every Location already naming the file here (what relocation
# costs on top of an index). Reports both times, the ratio (target ≤ 1.5×), the export's found /
# missing / ambiguous counts from `mixtape sources --json` (target ≥ 99.9% of the tracks with a
# file found) and both indexes' peak memory (target: the relocating one under 150 MB; at
# 500,000 entries, within 10% of the exact one). Markdown on stdout.
#
# With BENCH_RELOCATION_HUGE=1, also 500,000 entries against a 500,000-file folder, the export
# outside it and the folder indexed as a source too (`mixtape index EXPORT FOLDER`), against
# the exact-path export with the same folder.
#
# Environment: MIXTAPE_BIN (else built here), BENCH_RELOCATION_TRACKS (default 100000),
# BENCH_RUNS (default 3), BENCH_RELOCATION_HUGE=1 (default off), BENCH_RELOCATION_HUGE_TRACKS
# (default 500000), BENCH_HUGE_RUNS (default 1), BENCH_STRICT=1 (exit 3 when a target fails).
# Generated trees (sparse files: no disk space beyond their inodes) are kept in
# bench/out/relocation/ and reused.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# The release flags `make build` uses (static runtime on Linux): one binary, one set of numbers.
read -r -a RELEASE_FLAGS <<<"$(bash scripts/release-flags.sh)"
OUT=$ROOT/bench/out/relocation
GEN=bench/gen_itunes.py
TRACKS=${BENCH_RELOCATION_TRACKS:-100000}
HUGE=${BENCH_RELOCATION_HUGE:-0}
HUGE_TRACKS=${BENCH_RELOCATION_HUGE_TRACKS:-500000}
RUNS=${BENCH_RUNS:-3}
HUGE_RUNS=${BENCH_HUGE_RUNS:-1}
STRICT=${BENCH_STRICT:-0}
mkdir -p "$OUT"

die() { echo "bench: $*" >&2; exit 1; }
log() { echo "bench: $*" >&2; }
for n in "$TRACKS" "$HUGE_TRACKS" "$RUNS" "$HUGE_RUNS"; do
	case $n in '' | *[!0-9]* | 0) die "track and run counts must be positive integers, got '$n'" ;; esac
done
for tool in hyperfine python3; do command -v $tool >/dev/null || die "$tool is missing (make deps)"; done
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (apt-get install time)"

if [ -n "${MIXTAPE_BIN:-}" ]; then
	BIN=$MIXTAPE_BIN
	[ -x "$BIN" ] || die "MIXTAPE_BIN=$BIN is not an executable file"
else
	swift build "${RELEASE_FLAGS[@]}" --product mixtape >&2
	BIN="$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/mixtape"
fi

# generate N inside|outside: a Windows export of N tracks (seed 7, 200 playlists), each file
# (sparse, its Size) in DIR/iTunes, a copy of the iTunes folder; the export inside that copy
# (where iTunes keeps it) or outside it (DIR/export/); and the exact-path export DIR/local.xml.
# Sets WIN, LOCAL, TREE, FILES (tracks with a file).
generate() {
	local n=$1 where=$2 dir="$OUT/itunes-$1-$2"
	TREE=$dir/iTunes
	LOCAL=$dir/local.xml
	if [ "$where" = inside ]; then WIN="$TREE/iTunes Library.xml"; else WIN="$dir/export/iTunes Library.xml"; fi
	if [ ! -f "$dir/.complete" ]; then
		log "generating $dir ($n tracks and their files)"
		rm -rf "$dir"
		mkdir -p "$TREE" "$(dirname "$WIN")"
		python3 "$GEN" --tracks "$n" --playlists 200 --seed 7 --platform windows --files-under "$TREE" --out "$WIN"
		python3 "$GEN" --tracks "$n" --playlists 200 --seed 7 --platform windows --local-root "$TREE" --out "$LOCAL"
		find "$TREE/iTunes Media" -type f | wc -l | tr -d ' ' >"$dir/files"
		touch "$dir/.complete"
	fi
	FILES=$(cat "$dir/files")
}

peak_mb() { # command... -> peak RSS in MB
	local tf
	tf=$(mktemp)
	/usr/bin/time -f %M -o "$tf" "$@" >/dev/null 2>&1 || { rm -f "$tf"; die "failed: $*"; }
	awk 'END { printf "%.1f", $1 / 1024 }' "$tf"
	rm -f "$tf"
}

mean_of() { # json name -> mean seconds
	python3 - "$1" "$2" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    if r["command"] == sys.argv[2]:
        print(r["mean"])
PY
}

counts_of() { # db export -> "found missing ambiguous" of the export in `sources --json` (n/a when absent)
	MIXTAPE_LIBRARY=$1 "$BIN" sources --json | python3 -c '
import json, sys
export = sys.argv[1]
for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    record = json.loads(line)
    if record.get("path") == export or record.get("kind") == "itunes":
        print(*(record.get(k, "n/a") for k in ("found", "missing", "ambiguous")))
        break
else:
    print("n/a n/a n/a")
' "$2"
}

FAILS=0
ROWS=()
# measure LABEL RUNS EXTRA-ARG...: index $WIN and $LOCAL (each with the extra arguments, a
# folder source) into fresh indexes, side by side; then the relocating index's memory and counts.
measure() {
	local label=$1 runs=$2 huge=$3
	shift 3
	local db="$OUT/index.sqlite" qbin qdb qwin qlocal extra="" arg
	qbin=$(printf '%q' "$BIN")
	qdb=$(printf '%q' "$db")
	qwin=$(printf '%q' "$WIN")
	qlocal=$(printf '%q' "$LOCAL")
	for arg in "$@"; do extra+=" $(printf '%q' "$arg")"; done
	log "hyperfine: $label"
	hyperfine --export-json "$OUT/times.json" --warmup 1 --runs "$runs" --style basic \
		--prepare "rm -f $qdb $qdb-wal $qdb-shm" \
		-n exact "MIXTAPE_LIBRARY=$qdb $qbin index --quiet $qlocal$extra" \
		-n relocated "MIXTAPE_LIBRARY=$qdb $qbin index --quiet $qwin$extra" >&2
	local exact relocated rss rss_exact found missing ambiguous
	exact=$(mean_of "$OUT/times.json" exact)
	relocated=$(mean_of "$OUT/times.json" relocated)
	rm -f "$db" "$db-wal" "$db-shm"
	rss_exact=$(MIXTAPE_LIBRARY=$db peak_mb "$BIN" index --quiet "$LOCAL" "$@")
	rm -f "$db" "$db-wal" "$db-shm"
	rss=$(MIXTAPE_LIBRARY=$db peak_mb "$BIN" index --quiet "$WIN" "$@")
	read -r found missing ambiguous < <(counts_of "$db" "$WIN")
	rm -f "$db" "$db-wal" "$db-shm"
	local ratio pct verdict=PASS
	ratio=$(awk -v a="$relocated" -v b="$exact" 'BEGIN { printf "%.2f", a / b }')
	# Of the entries that name a file (every file is there: the generator made each one);
	# entries, not files, since duplicate tracks name one file twice.
	local entries
	entries=$(awk -v f="$found" -v m="$missing" -v a="$ambiguous" 'BEGIN { if (f ~ /^[0-9]+$/) print f + m + a; else print "n/a" }')
	pct=$(awk -v f="$found" -v n="$entries" 'BEGIN { if (f ~ /^[0-9]+$/ && n > 0) printf "%.2f", 100 * f / n; else print "n/a" }')
	# Memory: under 150 MB at 100,000 tracks; at 500,000 (where indexing the folder source
	# itself takes more) relocation must keep it flat: within 10% of the exact-path run.
	awk -v r="$ratio" -v p="$pct" -v m="$rss" -v e="$rss_exact" -v huge="$huge" \
		'BEGIN { exit !(r <= 1.5 && p != "n/a" && p >= 99.9 && (huge ? m <= 1.1 * e : m < 150)) }' ||
		{ verdict=FAIL; FAILS=$((FAILS + 1)); }
	ROWS+=("$(printf '| %s | %s | %.3f s | %.3f s | %s× | %s of %s (%s%%) | %s | %s | %s MB (exact %s MB) | %s |' \
		"$label" "$FILES" "$exact" "$relocated" "$ratio" "$found" "$entries" "$pct" "$missing" "$ambiguous" "$rss" "$rss_exact" "$verdict")")
}

generate "$TRACKS" inside
measure "$TRACKS-track Windows export inside a copy of its iTunes folder" "$RUNS" 0
if [ "$HUGE" = 1 ]; then
	generate "$HUGE_TRACKS" outside
	measure "$HUGE_TRACKS-track Windows export and its $FILES-file folder as a source" "$HUGE_RUNS" 1 "$TREE"
fi

echo "## Relocation: a Windows iTunes export indexed here (\`bench/relocation.sh\`)"
echo
echo "Exact: the same export with every Location naming the file here (\`gen_itunes.py --local-root\`)."
echo "Relocated: the Windows export (\`C:/Users/sam/Music/iTunes/...\`, \`--files-under\`), its files found by relocation."
echo
echo "| case | files | exact | relocated | ratio (target ≤ 1.5×) | entries found (target ≥ 99.9%) | missing | ambiguous | peak memory, relocated (target < 150 MB; at 500,000 within 10% of exact) | |"
echo "|---|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${ROWS[@]}"
echo
[ "$HUGE" = 1 ] || echo "The $HUGE_TRACKS-entry case against a folder source runs with BENCH_RELOCATION_HUGE=1."
echo "$(nproc) cores; hyperfine mean of $RUNS runs after a warm-up (fresh index each run)$([ "$HUGE" = 1 ] && echo ", $HUGE_RUNS at $HUGE_TRACKS")."
[ "$STRICT" = 1 ] && [ "$FAILS" -gt 0 ] && exit 3
exit 0
