#!/usr/bin/env bash
# The playlist-file half of `make bench` (issue 15): `mixtape index DIR` on a generated music
# folder of 20,000 small tagged MP3s, 500 playlist files (m3u8, m3u, pls, xspf; 50 to 2,000
# entries each, relative paths, some naming files that are not there) and 200 album images
# (one WAV each with a cue sheet of 12 tracks beside it). Reports the first index and a
# no-change re-index (hyperfine), then `mixtape watch` on that index: the time from a saved
# playlist file (one of 1,000 entries, rewritten) to `mixtape playlists --json` showing its new
# entries, debounce taken off, over several runs.
#
# Environment: MIXTAPE_BIN (else built here), BENCH_FILES (default 20000), BENCH_PLAYLISTS
# (500), BENCH_IMAGES (200), BENCH_RUNS (hyperfine runs, 10), BENCH_WATCH_RUNS (10).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# The release flags `make build` uses (static runtime on Linux): one binary, one set of numbers.
read -r -a RELEASE_FLAGS <<<"$(bash scripts/release-flags.sh)"
OUT=$ROOT/bench/out
FILES=${BENCH_FILES:-20000}
PLAYLISTS=${BENCH_PLAYLISTS:-500}
IMAGES=${BENCH_IMAGES:-200}
RUNS=${BENCH_RUNS:-10}
WATCH_RUNS=${BENCH_WATCH_RUNS:-10}
DEBOUNCE=0.2
die() { echo "bench: $*" >&2; exit 1; }
command -v sox >/dev/null && command -v lame >/dev/null || die "sox and lame are needed: scripts/install-deps.sh"
command -v hyperfine >/dev/null || die "hyperfine is needed: scripts/install-deps.sh bench"
[ -n "${MIXTAPE_BIN:-}" ] || swift build "${RELEASE_FLAGS[@]}" --product mixtape >&2
MIXTAPE=${MIXTAPE_BIN:-$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/mixtape}
MIXTAPE=$(cd "$(dirname "$MIXTAPE")" && pwd)/$(basename "$MIXTAPE")
mkdir -p "$OUT"
TREE=$OUT/playlists-$FILES-$PLAYLISTS-$IMAGES
INDEX=$OUT/playlists.sqlite
WATCHER=
cleanup() { [ -z "$WATCHER" ] || kill -TERM "$WATCHER" 2>/dev/null || true; }
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ ! -f "$TREE/.complete" ]; then
	rm -rf "$TREE"
	mkdir -p "$TREE"
	sox -n -r 8000 -c 1 -b 16 "$OUT/pl-tone.wav" synth 0.3 sine 440
	lame --quiet --tt "Template" --ta "Bench Artist" "$OUT/pl-tone.wav" "$OUT/pl-tone.mp3"
	sox -n -r 8000 -c 1 -b 16 "$OUT/pl-image.wav" synth 24 sine 440
	python3 - "$TREE" "$FILES" "$PLAYLISTS" "$IMAGES" "$OUT/pl-tone.mp3" "$OUT/pl-image.wav" <<'PY'
import os, random, shutil, sys
tree, files, playlists, images, tone, image = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]
random.seed(15)
per = 50
paths = []
for n in range(files):
    album = f"Artist {n // (per * 8):03d}/Album {n // per:04d}"
    os.makedirs(f"{tree}/{album}", exist_ok=True)
    name = f"{album}/{n % per + 1:02d} Track {n}.mp3"
    shutil.copyfile(tone, f"{tree}/{name}")
    paths.append(name)
for n in range(images):
    folder = f"{tree}/Images/Image {n:03d}"
    os.makedirs(folder, exist_ok=True)
    shutil.copyfile(image, f"{folder}/image.wav")
    lines = [f'PERFORMER "Image Artist {n}"', f'TITLE "Image Album {n}"', 'FILE "image.wav" WAVE']
    for t in range(12):
        lines += [f"  TRACK {t + 1:02d} AUDIO", f'    TITLE "Part {t + 1}"', f"    INDEX 01 00:{t * 2:02d}:00"]
    with open(f"{folder}/image.cue", "w") as f:
        f.write("\n".join(lines) + "\n")
formats = ["m3u8"] * 3 + ["m3u", "pls", "xspf"]
for n in range(playlists):
    count = 1000 if n == 0 else random.randint(50, 2000)
    entries = [random.choice(paths) for _ in range(count)]
    entries += [f"Missing/gone {k}.mp3" for k in range(count // 50)]
    fmt = "m3u8" if n == 0 else formats[n % len(formats)]
    folder = f"{tree}/Playlists/Group {n % 20:02d}"
    os.makedirs(folder, exist_ok=True)
    rel = lambda p: "../../" + p
    with open(f"{folder}/List {n:03d}.{fmt}", "w", encoding="utf-8") as f:
        if fmt in ("m3u8", "m3u"):
            f.write("#EXTM3U\n" + "".join(f"#EXTINF:1,Bench Artist - {os.path.basename(p)[:-4]}\n{rel(p)}\n" for p in entries))
        elif fmt == "pls":
            f.write("[playlist]\n" + "".join(f"File{i + 1}={rel(p)}\n" for i, p in enumerate(entries)) + f"NumberOfEntries={len(entries)}\n")
        else:
            from urllib.parse import quote
            f.write('<?xml version="1.0" encoding="UTF-8"?>\n<playlist version="1" xmlns="http://xspf.org/ns/0/"><trackList>\n'
                    + "".join(f"<track><location>{quote(rel(p))}</location></track>\n" for p in entries) + "</trackList></playlist>\n")
PY
	touch "$TREE/.complete"
fi
ENTRIES=$(cat "$TREE"/Playlists/*/*.m3u* "$TREE"/Playlists/*/*.pls "$TREE"/Playlists/*/*.xspf | grep -c -E '^(\.\./|File[0-9]+=|<track>)' || true)
rm -f "$INDEX" "$INDEX"-wal "$INDEX"-shm
echo "## Playlist files and cue sheets in a folder: $FILES MP3s, $PLAYLISTS playlist files ($ENTRIES entries), $IMAGES cue'd images, $(nproc) cores"
echo
hyperfine --style none --export-markdown "$OUT/playlists-first.md" --runs 3 \
	--prepare "rm -f $INDEX $INDEX-wal $INDEX-shm" -n "first index" "$MIXTAPE index --quiet --library $INDEX $TREE" >/dev/null
"$MIXTAPE" index --quiet --library "$INDEX" "$TREE"
hyperfine --style none --export-markdown "$OUT/playlists-again.md" --warmup 1 --runs "$RUNS" \
	-n "no-change re-index" "$MIXTAPE index --quiet --library $INDEX $TREE" >/dev/null
cat "$OUT/playlists-first.md"
tail -n +3 "$OUT/playlists-again.md"
echo
echo "- items: $("$MIXTAPE" search --library "$INDEX" | wc -l); playlists: $("$MIXTAPE" playlists --json --library "$INDEX" | grep -c '"folder":false')"

# watch: one saved playlist file, from the write to `playlists --json` showing it.
LIST="$TREE/Playlists/Group 00/List 000.m3u8"
cp "$LIST" "$OUT/pl-list-000.orig"
"$MIXTAPE" watch --debounce "$DEBOUNCE" --library "$INDEX" "$TREE" >"$OUT/playlists-watch.log" 2>&1 &
WATCHER=$!
for _ in $(seq 1 600); do grep -q "up to date" "$OUT/playlists-watch.log" && break; sleep 0.05; done
latencies=()
for run in $(seq 1 "$WATCH_RUNS"); do
	keep=$((900 + run))
	head -n $((1 + 2 * keep)) "$OUT/pl-list-000.orig" >"$OUT/pl-list.tmp"
	start=$(date +%s.%N)
	mv "$OUT/pl-list.tmp" "$LIST"
	while :; do
		count=$("$MIXTAPE" playlists --json --library "$INDEX" | python3 -c '
import json, sys
for line in sys.stdin:
    r = json.loads(line)
    if r["name"] == "List 000": print(len(r["items"]) + r["missing"])')
		[ "$count" = "$keep" ] && break
		sleep 0.01
	done
	end=$(date +%s.%N)
	latencies+=("$(python3 -c "print(round($end - $start - $DEBOUNCE, 3))")")
done
cp "$OUT/pl-list-000.orig" "$LIST"
kill -TERM "$WATCHER"; wait "$WATCHER" || true; WATCHER=
echo
echo "watch: a saved playlist file of ~1,000 entries, write → \`playlists --json\` shows it, debounce ($DEBOUNCE s) taken off, $WATCH_RUNS runs:"
python3 -c "
import statistics, sys
v = sorted(float(x) for x in sys.argv[1:])
print(f'- median {statistics.median(v):.3f} s, min {v[0]:.3f} s, max {v[-1]:.3f} s (each includes one \`playlists --json\` poll)')
" "${latencies[@]}"
python3 - "$OUT/playlists-watch.log" <<'PY'
import re, statistics, sys
times = [float(m.group(1)) for line in open(sys.argv[1]) if "playlist file read" in line
         for m in [re.search(r" in ([0-9.]+) s$", line)] if m]
if times:
    print(f"- the watch's own batch (walk the folder, read the playlist, resolve its entries, write it): "
          f"median {statistics.median(times):.3f} s, max {max(times):.3f} s over {len(times)} batches")
PY
