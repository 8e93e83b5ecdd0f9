#!/usr/bin/env bash
# The everyday part of `make bench`, on a 100,000-track library: what the config file costs
# each command, what saved exports cost a cron `index` (nothing changed, and 5 of them
# re-rendered), how long `doctor` and a Tab completion take.
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
LIB=$OUT/everyday-100000.xml
[ -f "$LIB" ] || python3 "$GEN" --tracks 100000 --playlists 200 --seed 11 --out "$LIB"
WORK=$OUT/everyday
rm -rf "$WORK" && mkdir -p "$WORK/config/mixtape" "$WORK/empty" "$WORK/playlists"
export MIXTAPE_LIBRARY=$WORK/library.sqlite
"$MIXTAPE" index --quiet "$LIB"
cat > "$WORK/config/mixtape/config.toml" <<TOML
# A full config file: every setting used.
library = "$ROOT/$MIXTAPE_LIBRARY"
sources = ["$ROOT/$LIB"]
[export]
format = "m3u8"
missing = "keep"
map-prefix = { "/Users/sam/Music" = "/srv/music", "C:\\\\Music" = "/mnt/c" }
[watch]
debounce = 0.5
[pick]
scope = "music"
format = "xspf"
TOML
# The same cron index, with no saved export and then with five (a query each, best first).
cp "$MIXTAPE_LIBRARY" "$WORK/saved.sqlite"
for query in "year:1990..1999" "rating:>=80" "kind:podcast" "love" "added:<365d"; do
	name=$(echo "$query" | tr -c 'a-z0-9\n' '-')
	MIXTAPE_LIBRARY=$WORK/saved.sqlite "$MIXTAPE" export-playlist --quiet --query "$query" -o "$WORK/playlists/$name.m3u8" --save "$name"
done
SAVED=$(MIXTAPE_LIBRARY=$WORK/saved.sqlite "$MIXTAPE" saved list | wc -l)
ENTRIES=$(cat "$WORK"/playlists/*.m3u8 | grep -vc '^#')
BASH_SCRIPT=$WORK/mixtape.bash
"$MIXTAPE" --generate-completion-script bash > "$BASH_SCRIPT"
# Tab after `--playlist `, as bash runs it: the script calls `mixtape` from PATH.
TAB=$WORK/tab.sh
cat > "$TAB" <<SH
export PATH="$(dirname "$MIXTAPE"):\$PATH" MIXTAPE_LIBRARY="$ROOT/$MIXTAPE_LIBRARY"
source "$ROOT/$BASH_SCRIPT"
COMP_WORDS=(mixtape export-playlist --playlist ''); COMP_CWORD=3
COMP_LINE='mixtape export-playlist --playlist '; COMP_POINT=\${#COMP_LINE}; COMPREPLY=()
_mixtape mixtape '' --playlist
printf '%s\n' "\${COMPREPLY[@]}"
SH
OFFERED=$(bash --noprofile --norc "$TAB" | grep -c .)
[ "$OFFERED" -gt 100 ] || die "Tab after --playlist offered $OFFERED playlists"
# The same 10,000 tracks with and without Persistent IDs (iTunes 5 and 6, converted libraries),
# each indexed afresh: ids made from the tracks' content must cost about what read ones do.
python3 "$GEN" --tracks 10000 --seed 13 --out "$WORK/pid.xml"
python3 "$GEN" --tracks 10000 --seed 13 --no-persistent-ids --out "$WORK/nopid.xml"
hyperfine --warmup 2 --runs "$RUNS" --style none -N --export-json "$OUT/everyday-times.json" \
	--prepare "rm -f $WORK/fresh.sqlite $WORK/fresh.sqlite-wal $WORK/fresh.sqlite-shm" \
	-n "index 10,000 tracks with Persistent IDs (fresh index)" "env MIXTAPE_LIBRARY=$WORK/fresh.sqlite $MIXTAPE index --quiet $WORK/pid.xml" \
	-n "index 10,000 tracks without Persistent IDs (fresh index)" "env MIXTAPE_LIBRARY=$WORK/fresh.sqlite $MIXTAPE index --quiet $WORK/nopid.xml" \
	>/dev/null 2>&1 || die "hyperfine failed"
mv "$OUT/everyday-times.json" "$OUT/everyday-pid.json"
hyperfine --warmup 2 --runs "$RUNS" --style none -N --export-json "$OUT/everyday-times.json" \
	-n "search, no config file" "env XDG_CONFIG_HOME=$WORK/empty $MIXTAPE search --limit 1 'Harbour'" \
	-n "search, a full config file" "env XDG_CONFIG_HOME=$WORK/config $MIXTAPE search --limit 1 'Harbour'" \
	-n "index (cron, nothing changed), 0 saved exports" "$MIXTAPE index --quiet" \
	-n "index (cron, nothing changed), $SAVED saved exports" "env MIXTAPE_LIBRARY=$WORK/saved.sqlite $MIXTAPE index --quiet" \
	-n "saved run: $SAVED saved exports rendered and compared, none changed" "env MIXTAPE_LIBRARY=$WORK/saved.sqlite $MIXTAPE saved run --quiet" \
	-n "doctor" "$MIXTAPE doctor --quiet" \
	-n "Tab after --playlist (bash: $OFFERED playlists offered)" "bash --noprofile --norc $TAB" \
	>/dev/null 2>&1 || die "hyperfine failed"
python3 - "$OUT/everyday-times.json" "$ENTRIES" "$OUT/everyday-pid.json" <<'PY'
import json, sys
path, entries, pid = sys.argv[1], sys.argv[2].strip(), sys.argv[3]
print("## Everyday: config file, saved exports, doctor, completion; 100,000 tracks (`bench/everyday.sh`)\n")
print(f"Saved exports: 5 queries, {entries} entries in all.\n")
print("| command | mean ± σ | min |")
print("|---|---|---|")
ids = json.load(open(pid))["results"]
for r in ids + json.load(open(path))["results"]:
    print(f"| {r['command']} | {r['mean']*1000:.0f} ms ± {r['stddev']*1000:.0f} ms | {r['min']*1000:.0f} ms |")
print(f"\nWithout Persistent IDs / with: **{ids[1]['mean'] / ids[0]['mean']:.2f}×** (the aim: within 2×).")
PY
