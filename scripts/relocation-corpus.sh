#!/usr/bin/env bash
# Relocation against real library exports laid out the way people copy music (issue 32's
# corpus): for each export given, scripts/relocation_corpus.py builds the layouts asked for
# (whole, media, messy), `mixtape index` indexes each into a fresh index, and
# scripts/check_relocation.py compares every entry's `path` with where its file was put.
# Prints one line per export and layout, then the totals. Exits 1 if any entry was placed at a
# wrong file, any missing or ambiguous one was given a file, any file is two items, or fewer
# than MIN_FOUND percent (default 99.5) of all the entries whose file is there were found: an
# export of one entry with neither size nor a shared folder (nothing to tell its file by but
# its name) may miss it, the corpus as a whole may not.
#
# usage: scripts/relocation-corpus.sh [--layouts whole,media,messy] EXPORT...
# Environment: MIXTAPE_BIN (the binary to test; default .build/debug/mixtape), WORK (a scratch
# folder, default a new temporary one, removed at the end).
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LAYOUTS=whole,media,messy
if [ "${1:-}" = --layouts ]; then LAYOUTS=$2; shift 2; fi
[ $# -gt 0 ] || { echo "usage: $0 [--layouts whole,media,messy] EXPORT..." >&2; exit 2; }
BIN=${MIXTAPE_BIN:-$ROOT/.build/debug/mixtape}
[ -x "$BIN" ] || { echo "relocation-corpus: $BIN is not built (swift build)" >&2; exit 2; }
WORK=${WORK:-$(mktemp -d)}
trap 'rm -rf "$WORK"' EXIT
failed=0 checks=0 there=0 found=0 wrong=0 guessed=0
for export in "$@"; do
	name=$(basename "$export")
	for layout in ${LAYOUTS//,/ }; do
		out=$WORK/$name/$layout
		if ! python3 "$ROOT/scripts/relocation_corpus.py" "$export" "$out" --layout "$layout" >"$WORK/corpus.log" 2>&1; then
			echo "$name $layout: the corpus could not be built: $(tail -1 "$WORK/corpus.log")"
			failed=1
			continue
		fi
		read -r source folders < <(python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); print(a["export"].replace(" ", "\\ "), " ".join(f.replace(" ", "\\ ") for f in a["folders"]))' "$out/answers.json")
		eval "set -- $source $folders"
		export MIXTAPE_LIBRARY=$out/index.sqlite
		if ! "$BIN" index --quiet "$@" >/dev/null 2>"$WORK/index.log"; then
			echo "$name $layout: index failed: $(tail -1 "$WORK/index.log")"
			failed=1
			continue
		fi
		"$BIN" search --json >"$out/items.jsonl" 2>/dev/null
		checks=$((checks + 1))
		if python3 "$ROOT/scripts/check_relocation.py" --min-found 0 --counts "$out/answers.json" "$out/items.jsonl" >"$WORK/check.log"; then
			verdict=ok
		else
			verdict=FAILED
			failed=1
		fi
		counts=$(sed -n 's/^counts: //p' "$WORK/check.log")
		read -r t f w g < <(python3 -c 'import json,sys; c=json.loads(sys.argv[1] or "{}"); print(c.get("there",0), c.get("found",0), c.get("wrong",0), c.get("guessed",0))' "$counts")
		echo "$name $layout: $verdict: $f of $t found, $w wrong, $g guessed"
		[ $verdict = ok ] || sed -n '2,40p' "$WORK/check.log" | grep -v '^counts: ' | sed 's/^/    /'
		there=$((there + t)) found=$((found + f)) wrong=$((wrong + w)) guessed=$((guessed + g))
		rm -rf "$out"
	done
done
percent=$(awk -v f="$found" -v t="$there" 'BEGIN { printf "%.2f", (t > 0) ? 100 * f / t : 100 }')
echo "total: $checks checks; $found of $there entries whose file is there found ($percent%); $wrong wrong; $guessed guessed"
awk -v p="$percent" -v m="${MIN_FOUND:-99.5}" 'BEGIN { exit !(p >= m) }' || failed=1
exit $failed
