#!/usr/bin/env bash
# The DJ and Rhythmbox libraries of `make bench`: a generated rekordbox, Traktor, Rhythmbox,
# VirtualDJ and Serato collection of BENCH_TRACKS tracks each (bench/gen_*.py), each indexed by
# `mixtape index` and streamed by `xmllint --stream --noout`, side by side (one hyperfine run of
# each in turn, round after round), with mixtape's peak memory. Serato's `database V2` is binary:
# xmllint streams an XML file of the same size in its place, and the time `cat` takes to read
# the database's bytes is the floor reported beside it. Targets (issues 16, 34): within 1.5× xmllint, under 150 MB. Markdown on stdout.
#
# Environment: MIXTAPE_BIN, BENCH_TRACKS (default 100000), BENCH_RUNS (default 5),
# BENCH_STRICT=1 (exit 3 when a target fails), BENCH_FORMATS (default
# "rekordbox traktor rhythmbox virtualdj serato").
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# The release flags `make build` uses (static runtime on Linux): one binary, one set of numbers.
read -r -a RELEASE_FLAGS <<<"$(bash scripts/release-flags.sh)"
OUT=bench/out/dj
TRACKS=${BENCH_TRACKS:-100000}
RUNS=${BENCH_RUNS:-5}
STRICT=${BENCH_STRICT:-0}
mkdir -p "$OUT"

die() { echo "bench: $*" >&2; exit 1; }
log() { echo "bench: $*" >&2; }
for tool in xmllint hyperfine python3; do command -v $tool >/dev/null || die "$tool is missing (make deps)"; done
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (apt-get install time)"

if [ -n "${MIXTAPE_BIN:-}" ]; then
	BIN=$MIXTAPE_BIN
else
	swift build "${RELEASE_FLAGS[@]}" >&2
	BIN="$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/mixtape"
fi

# Each format: its generator writes the collection (and, for Rhythmbox, the playlists.xml
# beside it) into a folder of its own; the file to index is named here.
declare -A FILE=([rekordbox]=rekordbox.xml [traktor]=collection.nml [rhythmbox]=rhythmdb.xml [virtualdj]=database.xml
	[serato]="_Serato_/database V2")
# VirtualDJ's generator writes one raw control character, which xmllint refuses: not here.
declare -A EXTRA=([virtualdj]=--clean)
generate() { # format -> path of the file to index
	local format=$1 dir="$OUT/$1-$TRACKS"
	local file="$dir/${FILE[$format]}"
	if [ ! -s "$file" ]; then
		log "generating $file ($TRACKS tracks)"
		mkdir -p "$dir"
		if [ "$format" = serato ]; then
			python3 bench/gen_serato.py --tracks "$TRACKS" --playlists 200 --seed 7 --out "$dir/_Serato_" >&2
		else
			python3 "bench/gen_$format.py" --tracks "$TRACKS" --playlists 200 --seed 7 ${EXTRA[$format]:-} --out "$file" >&2
		fi
	fi
	echo "$file"
}

# An XML file of exactly the size of `file` (track elements with attributes, as the DJ exports
# write them): what xmllint streams in place of a binary database.
same_sized_xml() { # file -> path of the XML
	local xml="$1.same-size.xml"
	if [ ! -s "$xml" ]; then
		python3 - "$1" "$xml" <<'PY'
import os, sys
size = os.path.getsize(sys.argv[1])
with open(sys.argv[2], "w") as out:
    head, tail = '<?xml version="1.0" encoding="UTF-8"?>\n<LIBRARY>\n', "</LIBRARY>\n"
    out.write(head)
    written, index = len(head) + len(tail), 0
    while True:
        line = ('<TRACK Id="%d" Title="Night Drive %d" Artist="The Fictional Band" Album="Deep Echo" '
                'Genre="House" Bpm="120.73" Key="Am" Length="04:58.45" '
                'Location="Users/sam/Music/The Fictional Band/Night Drive %d.mp3"/>\n') % (index, index, index)
        if written + len(line) > size:
            break
        out.write(line)
        written += len(line)
        index += 1
    out.write("<!--" + "x" * max(0, size - written - 7) + "-->")
    out.write(tail)
PY
	fi
	echo "$xml"
}

peak_mb() { # command... -> peak RSS in MB
	local tf
	tf=$(mktemp)
	/usr/bin/time -f %M -o "$tf" "$@" >/dev/null 2>&1 || { rm -f "$tf"; die "failed: $*"; }
	awk 'END { printf "%.1f", $1 / 1024 }' "$tf"
	rm -f "$tf"
}

mean_of() { # name json... -> mean seconds of that command's runs in all of them
	python3 - "$@" <<'PY'
import json, sys
times = [t for path in sys.argv[2:] for r in json.load(open(path))["results"] if r["command"] == sys.argv[1]
         for t in r["times"]]
print(sum(times) / len(times))
PY
}

FAILS=0
echo "## DJ and Rhythmbox collections: $TRACKS tracks each"
echo
echo "| format | file | xmllint --stream | mixtape index | ratio (target ≤ 1.5×) | mixtape peak memory (target < 150 MB) | items | |"
echo "|---|---|---|---|---|---|---|---|"
FLOORS=()
for format in ${BENCH_FORMATS:-rekordbox traktor rhythmbox virtualdj serato}; do
	file=$(generate "$format")
	db="$OUT/$format.sqlite"
	qfile=$(printf '%q' "$file")
	qdb=$(printf '%q' "$db")
	xml=$file
	floor=()
	if [ "$format" = serato ]; then
		xml=$(same_sized_xml "$file")
		floor=(-n floor "cat $qfile >/dev/null")
	fi
	# One run of each command per round, RUNS rounds: this machine's speed drifts within a
	# minute (xmllint alone from 0.5 to 0.9 s on one file), and all of one command's runs
	# followed by all of the other's put that drift into the ratio.
	rounds=()
	for round in $(seq "$RUNS"); do
		hyperfine --export-json "$OUT/$format.$round.json" --warmup $((round == 1)) --runs 1 --style basic \
			--prepare "rm -f $qdb*" \
			-n xmllint "xmllint --stream --noout $(printf '%q' "$xml")" \
			"${floor[@]}" \
			-n mixtape "MIXTAPE_LIBRARY=$qdb $(printf '%q' "$BIN") index --full --quiet $qfile" >&2
		rounds+=("$OUT/$format.$round.json")
	done
	if [ "$format" = serato ]; then
		FLOORS+=("$(printf 'Serato: xmllint streams a same-sized XML file in place of the binary database; reading the database'"'"'s bytes (`cat`, the floor) takes %.3f s.' "$(mean_of floor "${rounds[@]}")")")
	fi
	x=$(mean_of xmllint "${rounds[@]}")
	m=$(mean_of mixtape "${rounds[@]}")
	rm -f "$db"*
	rss=$(MIXTAPE_LIBRARY=$db peak_mb "$BIN" index --full --quiet "$file")
	items=$(MIXTAPE_LIBRARY=$db "$BIN" search '' 2>/dev/null | wc -l)
	size=$(awk -v b="$(wc -c <"$file")" 'BEGIN { printf "%.0f MB", b/1048576 }')
	ratio=$(awk -v a="$m" -v b="$x" 'BEGIN { printf "%.2f", a/b }')
	verdict=PASS
	awk -v r="$ratio" -v mem="$rss" 'BEGIN { exit !(r <= 1.5 && mem < 150) }' || { verdict=FAIL; FAILS=$((FAILS + 1)); }
	printf '| %s | %s | %.3f s | %.3f s | %s× | %s MB | %s | %s |\n' "$format" "$size" "$x" "$m" "$ratio" "$rss" "$items" "$verdict"
	rm -f "$db"*
done
echo
for line in "${FLOORS[@]}"; do echo "$line"; echo; done
echo "xmllint: $(xmllint --version 2>&1 | sed -n '1s/^xmllint: //p'); $(nproc) cores; mean of $RUNS rounds after a warmup, each round one hyperfine run of every command in turn."
[ "$STRICT" = 1 ] && [ "$FAILS" -gt 0 ] && exit 3
exit 0
