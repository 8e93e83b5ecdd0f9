#!/usr/bin/env bash
# Benchmark harness behind `make bench`. Run from anywhere; it works from the repo root.
#
#   bash bench/run.sh
#
# Compares a full `mixtape index` of a generated iTunes library with the two reference
# readers (`xmllint --stream`, Python's plistlib), times the no-change re-run, measures
# peak memory, and writes a markdown report to stdout and bench/out/results.md.
#
# Environment:
#   MIXTAPE_BIN=PATH   use this binary instead of building one (scripts/release-flags.sh)
#   BENCH_TRACKS=N     library size (default 100000; the 2x memory check uses 2*N)
#   BENCH_QUICK=1      skip the 2x-size memory check
#   BENCH_RUNS=N       hyperfine runs per command (default 5)
#   BENCH_STRICT=1     exit 3 when a target FAILs (default: report only, exit 0)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# The release flags `make build` uses (static runtime on Linux): one binary, one set of numbers.
read -r -a RELEASE_FLAGS <<<"$(bash scripts/release-flags.sh)"

OUT=bench/out
GEN=bench/gen_itunes.py
TRACKS=${BENCH_TRACKS:-100000}
RUNS=${BENCH_RUNS:-5}
QUICK=${BENCH_QUICK:-0}
STRICT=${BENCH_STRICT:-0}
DB=$OUT/bench.sqlite

die() { echo "bench: $*" >&2; exit 1; }
log() { echo "bench: $*" >&2; }

case $TRACKS in '' | *[!0-9]*) die "BENCH_TRACKS must be a positive integer, got '$TRACKS'" ;; esac
[ "$TRACKS" -gt 0 ] || die "BENCH_TRACKS must be a positive integer, got '$TRACKS'"
case $RUNS in '' | *[!0-9]*) die "BENCH_RUNS must be a positive integer, got '$RUNS'" ;; esac
[ "$RUNS" -ge 2 ] || die "BENCH_RUNS must be at least 2 (hyperfine needs 2 runs for a standard deviation)"

# ------------------------------------------------------------------ prerequisites
missing=()
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
command -v hyperfine >/dev/null 2>&1 || missing+=(hyperfine)
[ -x /usr/bin/time ] || missing+=(time)
if [ ${#missing[@]} -gt 0 ]; then
	echo "bench: missing tools; install them with:" >&2
	echo "  sudo apt-get install -y ${missing[*]}" >&2
	exit 1
fi
command -v python3 >/dev/null 2>&1 || die "python3 is required (it runs the generator and the plistlib baseline)"
[ -f "$GEN" ] || die "generator not found at $ROOT/$GEN"

if command -v jq >/dev/null 2>&1; then HAVE_JQ=1; else HAVE_JQ=0; fi

mkdir -p "$OUT"

# ------------------------------------------------------------------ the binary
if [ -n "${MIXTAPE_BIN:-}" ]; then
	BIN=$MIXTAPE_BIN
	[ -x "$BIN" ] || die "MIXTAPE_BIN=$BIN is not an executable file"
	log "using MIXTAPE_BIN=$BIN (no build)"
else
	command -v swift >/dev/null 2>&1 || die "swift not found; install the Swift toolchain or set MIXTAPE_BIN"
	log "building release binary (swift build with scripts/release-flags.sh)"
	swift build "${RELEASE_FLAGS[@]}" >&2
	BIN="$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/mixtape"
	[ -x "$BIN" ] || die "build finished but $BIN does not exist"
fi

# ------------------------------------------------------------------ test data (cached)
gen_library() { # N -> path on stdout
	local n=$1 f="$OUT/library-$1.xml"
	if [ ! -s "$f" ]; then
		log "generating $f ($n tracks, 200 playlists, seed 7)"
		python3 "$GEN" --tracks "$n" --playlists 200 --seed 7 --out "$f.tmp" >&2
		mv "$f.tmp" "$f"
	else
		log "reusing cached $f"
	fi
	echo "$f"
}

LIB=$(gen_library "$TRACKS")
LIB_BYTES=$(wc -c <"$LIB" | tr -d ' ')

export MIXTAPE_LIBRARY=$DB
# shell-quoted forms for the command strings that hyperfine runs through sh
qBIN=$(printf '%q' "$BIN")
qLIB=$(printf '%q' "$LIB")
qDB=$(printf '%q' "$DB")

CMD_XMLLINT="xmllint --stream --noout $qLIB"
CMD_PLISTLIB="python3 -c 'import plistlib,sys; plistlib.load(open(sys.argv[1],\"rb\"))' $qLIB"
CMD_MIXTAPE="$qBIN index --full --quiet $qLIB"
CMD_NOCHANGE="$qBIN index --quiet"
CLEAN_DB="rm -f $qDB*"

# hyperfine writes the JSON export before the markdown one; the markdown exporter fails when a
# mean rounds to 0 ms (only seen with a stub like MIXTAPE_BIN=/bin/true). Keep going on the JSON.
run_hyperfine() { # json-file hyperfine-args...
	local json=$1
	shift
	rm -f "$json" "${json%.json}.md"
	if ! hyperfine --export-json "$json" --export-markdown "${json%.json}.md" "$@" >&2; then
		[ -s "$json" ] || die "hyperfine failed (see above)"
		log "warning: hyperfine could not write ${json%.json}.md (a command took ~0 ms); using $json"
	fi
}

# ------------------------------------------------------------------ 1. full read, side by side
log "hyperfine: full read of $LIB ($TRACKS tracks)"
run_hyperfine "$OUT/full.json" --warmup 1 --runs "$RUNS" --style basic \
	--prepare true --prepare true --prepare "$CLEAN_DB" \
	-n xmllint "$CMD_XMLLINT" \
	-n plistlib "$CMD_PLISTLIB" \
	-n mixtape "$CMD_MIXTAPE"

# ------------------------------------------------------------------ 2. no-change re-run
log "filling the index once, then timing the no-change re-run"
rm -f "$DB"*
"$BIN" index --full --quiet "$LIB" >&2
# --shell=none: this run takes milliseconds, below what hyperfine can correct for a shell
run_hyperfine "$OUT/nochange.json" --warmup 1 --runs $((RUNS * 2)) --style basic --shell=none \
	-n "mixtape (no change)" "$CMD_NOCHANGE"

# ------------------------------------------------------------------ 3. peak memory
peak_mb() { # command... -> peak RSS in MB (one decimal) on stdout
	local tf
	tf=$(mktemp)
	if ! /usr/bin/time -f %M -o "$tf" "$@" >/dev/null 2>"$tf.err"; then
		cat "$tf.err" >&2
		rm -f "$tf" "$tf.err"
		die "command failed while measuring memory: $*"
	fi
	awk 'END { printf "%.1f", $1 / 1024 }' "$tf"
	rm -f "$tf" "$tf.err"
}

log "measuring peak RSS"
RSS_XMLLINT=$(peak_mb xmllint --stream --noout "$LIB")
RSS_PLISTLIB=$(peak_mb python3 -c 'import plistlib,sys; plistlib.load(open(sys.argv[1],"rb"))' "$LIB")
rm -f "$DB"*
RSS_MIXTAPE=$(peak_mb "$BIN" index --full --quiet "$LIB")

RSS_MIXTAPE_2X=""
TRACKS_2X=$((TRACKS * 2))
if [ "$QUICK" != 1 ]; then
	LIB2=$(gen_library "$TRACKS_2X")
	LIB2_BYTES=$(wc -c <"$LIB2" | tr -d ' ')
	rm -f "$DB"*
	RSS_MIXTAPE_2X=$(peak_mb "$BIN" index --full --quiet "$LIB2")
fi
rm -f "$DB"*

# ------------------------------------------------------------------ read hyperfine JSON
# prints "mean stddev" (seconds) of the result named $2 in file $1
stat_of() {
	if [ "$HAVE_JQ" = 1 ]; then
		jq -r --arg n "$2" '.results[] | select(.command == $n) | "\(.mean) \(.stddev // 0)"' "$1"
	else
		python3 - "$1" "$2" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    if r["command"] == sys.argv[2]:
        print(r["mean"], r.get("stddev") or 0)
PY
	fi
}

read -r M_XMLLINT S_XMLLINT < <(stat_of "$OUT/full.json" xmllint)
read -r M_PLISTLIB S_PLISTLIB < <(stat_of "$OUT/full.json" plistlib)
read -r M_MIXTAPE S_MIXTAPE < <(stat_of "$OUT/full.json" mixtape)
read -r M_NOCHANGE S_NOCHANGE < <(stat_of "$OUT/nochange.json" "mixtape (no change)")

# float helpers (awk, so no bc dependency)
fmt_t() { awk -v m="$1" -v s="$2" 'BEGIN { if (m < 1) printf "%.1f ms ± %.1f ms", m*1000, s*1000; else printf "%.3f s ± %.3f s", m, s }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f×", a/b; else printf "n/a" }'; }
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; }
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }

FAILS=0
check() { # label detail test-command... -> prints a PASS/FAIL line
	local label=$1 detail=$2
	shift 2
	if "$@"; then
		echo "- PASS: $label ($detail)"
	else
		echo "- FAIL: $label ($detail)"
		FAILS=$((FAILS + 1))
	fi
}

CPU=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
[ -n "$CPU" ] || CPU=$(uname -m)
SIZE_MB=$(awk -v b="$LIB_BYTES" 'BEGIN { printf "%.1f", b/1048576 }')
XMLLINT_VER=$(xmllint --version 2>&1 | sed -n '1s/^xmllint: //p')
PY_VER=$(python3 --version 2>&1)
HF_VER=$(hyperfine --version)

# ------------------------------------------------------------------ report
report() {
	echo "## Benchmark: indexing a $TRACKS-track iTunes library"
	echo
	echo "- date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "- machine: $(nproc) CPU, $CPU, Linux $(uname -r)"
	echo "- file: \`$LIB\`, $LIB_BYTES bytes ($SIZE_MB MiB), $TRACKS tracks, 200 playlists (gen_itunes.py --seed 7)"
	echo "- mixtape: \`$BIN\`"
	if [ -n "${MIXTAPE_BIN:-}" ]; then
		echo "- note: MIXTAPE_BIN override in use; the binary was not built by this run"
	fi
	echo "- tools: $HF_VER, $XMLLINT_VER, $PY_VER; $RUNS runs after 1 warm-up"
	echo
	echo "| tool | command | mean ± σ | × xmllint | peak RSS |"
	echo "|---|---|---|---|---|"
	echo "| xmllint | \`xmllint --stream --noout FILE\` | $(fmt_t "$M_XMLLINT" "$S_XMLLINT") | 1.00× | $RSS_XMLLINT MB |"
	echo "| plistlib | \`python3 -c 'plistlib.load(...)' FILE\` | $(fmt_t "$M_PLISTLIB" "$S_PLISTLIB") | $(ratio "$M_PLISTLIB" "$M_XMLLINT") | $RSS_PLISTLIB MB |"
	echo "| mixtape | \`mixtape index --full --quiet FILE\` (fresh DB) | $(fmt_t "$M_MIXTAPE" "$S_MIXTAPE") | $(ratio "$M_MIXTAPE" "$M_XMLLINT") | $RSS_MIXTAPE MB |"
	echo "| mixtape | \`mixtape index --quiet\` (nothing changed) | $(fmt_t "$M_NOCHANGE" "$S_NOCHANGE") | $(ratio "$M_NOCHANGE" "$M_XMLLINT") | |"
	if [ -n "$RSS_MIXTAPE_2X" ]; then
		echo "| mixtape | \`mixtape index --full --quiet FILE\`, $TRACKS_2X tracks ($(awk -v b="$LIB2_BYTES" 'BEGIN { printf "%.1f", b/1048576 }') MiB) | | | $RSS_MIXTAPE_2X MB |"
	fi
	echo
	echo "Targets:"
	echo
	check "full index ≤ 1.5 × xmllint" "$(ratio "$M_MIXTAPE" "$M_XMLLINT")" \
		le "$M_MIXTAPE" "$(awk -v x="$M_XMLLINT" 'BEGIN { print 1.5 * x }')"
	check "peak RSS < 150 MB at $TRACKS tracks" "$RSS_MIXTAPE MB" lt "$RSS_MIXTAPE" 150
	if [ -n "$RSS_MIXTAPE_2X" ]; then
		check "peak RSS < 150 MB at $TRACKS_2X tracks" "$RSS_MIXTAPE_2X MB; at $TRACKS tracks: $RSS_MIXTAPE MB" \
			lt "$RSS_MIXTAPE_2X" 150
	else
		echo "- SKIP: peak RSS at $TRACKS_2X tracks (BENCH_QUICK=1)"
	fi
	check "no-change re-run < 0.1 s" "$(fmt_t "$M_NOCHANGE" "$S_NOCHANGE")" lt "$M_NOCHANGE" 0.1
	echo
	echo "Raw hyperfine results: \`$OUT/full.json\`, \`$OUT/nochange.json\` (and \`.md\`)."
}

# run in this shell (not a subshell) so FAILS is counted, then write both places
report >"$OUT/results.md.tmp"
mv "$OUT/results.md.tmp" "$OUT/results.md"
cat "$OUT/results.md"

if [ "$FAILS" -gt 0 ] && [ "$STRICT" = 1 ]; then
	log "$FAILS target(s) failed (BENCH_STRICT=1)"
	exit 3
fi
exit 0
