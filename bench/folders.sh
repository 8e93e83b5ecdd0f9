#!/usr/bin/env bash
# The folder half of `make bench`: `mixtape index DIR` on a generated tree of 20,000 small
# tagged MP3s (400 album folders of 50 tracks, a .nfo beside every fifth, an album.nfo in
# every folder), first index and no-change re-index, side by side in hyperfine.
#
# Environment: MIXTAPE_BIN (else built here), BENCH_FILES (default 20000), BENCH_RUNS (10).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# The release flags `make build` uses (static runtime on Linux): one binary, one set of numbers.
read -r -a RELEASE_FLAGS <<<"$(bash scripts/release-flags.sh)"
OUT=bench/out
FILES=${BENCH_FILES:-20000}
RUNS=${BENCH_RUNS:-10}
die() { echo "bench: $*" >&2; exit 1; }
command -v sox >/dev/null && command -v lame >/dev/null || die "sox and lame are needed: scripts/install-deps.sh"
[ -n "${MIXTAPE_BIN:-}" ] || swift build "${RELEASE_FLAGS[@]}" --product mixtape >&2
MIXTAPE=${MIXTAPE_BIN:-$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/mixtape}
TREE=$OUT/folders-$FILES
if [ ! -f "$TREE/.complete" ]; then
	rm -rf "$TREE"
	mkdir -p "$TREE"
	sox -n -r 8000 -c 1 -b 16 "$OUT/tone.wav" synth 0.5 sine 440
	lame --quiet --tt "Template" --ta "Bench Artist" --tl "Bench Album" --ty 2001 --tn 1/50 --tg Rock \
		"$OUT/tone.wav" "$OUT/tone.mp3"
	python3 - "$TREE" "$FILES" "$OUT/tone.mp3" <<'PY'
import os, shutil, sys
tree, files, template = sys.argv[1], int(sys.argv[2]), sys.argv[3]
per = 50
for n in range(files):
    album = f"{tree}/Artist {n // (per * 8):03d}/Album {n // per:04d}"
    if n % per == 0:
        os.makedirs(album, exist_ok=True)
        with open(f"{album}/album.nfo", "w") as f:
            f.write(f"<album><title>Album {n // per}</title><albumartist>Artist {n // (per * 8)}</albumartist></album>")
    name = f"{album}/{n % per + 1:02d} Track {n}.mp3"
    shutil.copyfile(template, name)
    if n % 5 == 0:
        with open(name[:-4] + ".nfo", "w") as f:
            f.write(f"<song><title>Track {n} (nfo)</title><year>{1960 + n % 60}</year></song>")
PY
	touch "$TREE/.complete"
fi
INDEX=$OUT/folders.sqlite
rm -f "$INDEX" "$INDEX"-wal "$INDEX"-shm
echo "## Folders: \`mixtape index DIR\`, $FILES tagged MP3s in $((FILES / 50)) folders, $(nproc) cores"
echo
hyperfine --style none --export-markdown "$OUT/folders-first.md" --runs 3 \
	--prepare "rm -f $INDEX $INDEX-wal $INDEX-shm" -n "first index" "$MIXTAPE index --quiet --library $INDEX $TREE" >/dev/null
"$MIXTAPE" index --quiet --library "$INDEX" "$TREE"
hyperfine --style none --export-markdown "$OUT/folders-again.md" --warmup 1 --runs "$RUNS" \
	-n "no-change re-index" "$MIXTAPE index --quiet --library $INDEX $TREE" >/dev/null
cat "$OUT/folders-first.md"
tail -n +3 "$OUT/folders-again.md"
echo
echo "- items: $("$MIXTAPE" search --library "$INDEX" | wc -l)"
