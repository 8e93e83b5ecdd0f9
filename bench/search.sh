#!/usr/bin/env bash
# The search half of `make bench`: `mixtape search QUERY` as a whole process (start, load,
# match, rank, print) against `fzf --filter QUERY` on the same lines in a file, side by side in
# one hyperfine run per query of Tests/Fixtures/ranking-queries.txt; then the matcher alone.
# Indexes the library bench/run.sh generated (bench/out/library-$BENCH_TRACKS.xml) into an
# index of its own, bench/out/search.sqlite.
#
# Environment: MIXTAPE_BIN, MATCHBENCH_BIN (else built here), BENCH_RUNS (default 10).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# The release flags `make build` uses (static runtime on Linux): one binary, one set of numbers.
read -r -a RELEASE_FLAGS <<<"$(bash scripts/release-flags.sh)"
OUT=bench/out
QUERIES=Tests/Fixtures/ranking-queries.txt
RUNS=${BENCH_RUNS:-10}
die() { echo "bench: $*" >&2; exit 1; }
LIB=$OUT/library-${BENCH_TRACKS:-100000}.xml
[ -f "$LIB" ] || die "no $LIB; run bash bench/run.sh first (it generates the library)"
command -v fzf >/dev/null || die "fzf is missing; install it with: sudo apt-get install -y fzf"
if [ -z "${MIXTAPE_BIN:-}" ] || [ -z "${MATCHBENCH_BIN:-}" ]; then
	swift build "${RELEASE_FLAGS[@]}" --product mixtape >&2
	swift build "${RELEASE_FLAGS[@]}" --product matchbench >&2
fi
BIN_DIR=$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)
MIXTAPE=${MIXTAPE_BIN:-$BIN_DIR/mixtape}
MATCHBENCH=${MATCHBENCH_BIN:-$BIN_DIR/matchbench}
export MIXTAPE_LIBRARY=$OUT/search.sqlite
rm -f "$MIXTAPE_LIBRARY" "$MIXTAPE_LIBRARY"-wal "$MIXTAPE_LIBRARY"-shm
"$MIXTAPE" index --quiet "$LIB"
"$MIXTAPE" search >"$OUT/lines.txt"
ITEMS=$(wc -l <"$OUT/lines.txt")

rows=()
while IFS= read -r query; do
	[[ -z "$query" || "$query" == \#* ]] && continue
	q=$(printf '%q' "$query")
	json="$OUT/search-$(printf '%s' "$query" | md5sum | cut -c1-8).json"
	hyperfine --warmup 2 --runs "$RUNS" --style none --export-json "$json" \
		-n mixtape "$MIXTAPE search $q" -n fzf "fzf --filter $q < $OUT/lines.txt" >/dev/null 2>&1 ||
		die "hyperfine failed on query: $query"
	rows+=("$query"$'\t'"$json")
done <"$QUERIES"

python3 - "$ITEMS" "${rows[@]}" <<'PY'
import json, statistics, sys
items = sys.argv[1]
print(f"## Search: `mixtape search QUERY` vs `fzf --filter QUERY`, {items.strip()} items\n")
print("Whole processes, side by side in one hyperfine run per query (mean of the runs); fzf reads the same lines from a file.\n")
print("| query | mixtape | fzf | mixtape / fzf |")
print("|---|---|---|---|")
ratios = []
for row in sys.argv[2:]:
    query, path = row.split("\t")
    results = {r["command"]: r["mean"] for r in json.load(open(path))["results"]}
    ours, theirs = results["mixtape"], results["fzf"]
    ratios.append(ours / theirs)
    print(f"| `{query}` | {ours*1000:.0f} ms | {theirs*1000:.0f} ms | {ours/theirs:.2f}× |")
median = statistics.median(ratios)
print(f"\n- median ratio mixtape / fzf: **{median:.2f}×** over {len(ratios)} queries")
print(f"- {'PASS' if median <= 1.0 else 'FAIL'}: median ratio ≤ 1.0")
PY
echo
echo "## Matcher alone (no process start, no loading): \`matchbench\`"
echo
"$MATCHBENCH" "$OUT/lines.txt" "$QUERIES" 20
