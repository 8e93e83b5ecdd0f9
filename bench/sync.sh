#!/usr/bin/env bash
# Sync in `make bench`: `mixtape sync DEST`, two cases. Markdown on stdout.
#
# Transcode: 60 FLAC tracks of 3 minutes (stereo, 44.1 kHz, pink noise mixed with a sine of
# its own pitch, each tagged with its own title, track, artist and album) synced to MP3 V0
# into an empty folder, against ffmpeg alone turning the same files into MP3 V0 with one
# process per core (`xargs -P $(nproc)`, the codec and quality mixtape asks ffmpeg for).
# Reports both times, the ratio (target ≤ 1.15×) and what each wrote; DEST must hold the 60
# MP3s afterwards.
#
# Re-run: 10,000 small distinct MP3s (one short MPEG stream, each copy with its own ID3v2
# tag, in 100 album folders) indexed, selected and synced once (copied: MP3 is kept as it
# is), then `mixtape sync DEST` again with nothing changed (target < 1 s) and its peak
# memory; its --json must say every item is unchanged and nothing was copied or transcoded.
#
# Environment: MIXTAPE_BIN (else built here), BENCH_RUNS (default 3), BENCH_SYNC_FLACS
# (default 60), BENCH_SYNC_FILES (default 10000), BENCH_STRICT=1 (exit 3 when a target
# fails). The generated FLACs and MP3s are kept in bench/out/sync/ and reused; the indexes
# and the destinations are made again on every run.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# The release flags `make build` uses (static runtime on Linux): one binary, one set of numbers.
read -r -a RELEASE_FLAGS <<<"$(bash scripts/release-flags.sh)"
OUT=$ROOT/bench/out/sync
FLACS=${BENCH_SYNC_FLACS:-60}
FILES=${BENCH_SYNC_FILES:-10000}
RUNS=${BENCH_RUNS:-3}
STRICT=${BENCH_STRICT:-0}
CORES=$(nproc)
mkdir -p "$OUT"

die() { echo "bench: $*" >&2; exit 1; }
log() { echo "bench: $*" >&2; }
for n in "$FLACS" "$FILES" "$RUNS"; do
	case $n in '' | *[!0-9]* | 0) die "file and run counts must be positive integers, got '$n'" ;; esac
done
for tool in hyperfine python3 sox lame ffmpeg; do command -v $tool >/dev/null || die "$tool is missing (scripts/install-deps.sh bench)"; done
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (apt-get install time)"

if [ -n "${MIXTAPE_BIN:-}" ]; then
	BIN=$MIXTAPE_BIN
	[ -x "$BIN" ] || die "MIXTAPE_BIN=$BIN is not an executable file"
else
	swift build "${RELEASE_FLAGS[@]}" --product mixtape >&2
	BIN="$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/mixtape"
fi

# FLACS tracks of 3 minutes in $FLAC_DIR, named 01.flac, 02.flac, ... (names xargs -I takes
# as they are), 12 to an album, one sox per core; -R: the same noise every time it is made.
FLAC_DIR=$OUT/flac$FLACS
if [ ! -f "$FLAC_DIR/.complete" ]; then
	log "generating $FLAC_DIR ($FLACS FLACs of 3 minutes)"
	rm -rf "$FLAC_DIR"
	mkdir -p "$FLAC_DIR"
	seq 1 "$FLACS" | xargs -P "$CORES" -I{} sh -c '
		n=$1 dir=$2
		f=$(printf %02d "$n")
		a=$(( (n - 1) / 12 + 1 ))
		sox -R -n -r 44100 -c 2 -b 16 \
			--add-comment "TITLE=Track $f" --add-comment "ARTIST=Bench Artist $a" \
			--add-comment "ALBUM=Bench Album $a" --add-comment "TRACKNUMBER=$(( (n - 1) % 12 + 1 ))" \
			"$dir/$f.flac" synth 180 pinknoise synth 180 sine mix $(( 110 + n * 7 )) vol 0.5
	' _ {} "$FLAC_DIR" || die "sox failed"
	touch "$FLAC_DIR/.complete"
fi

# FILES MP3s in $MP3_DIR: a 1 s MPEG stream made once by lame, written FILES times behind an
# ID3v2.3 tag of its own (title, artist, album, track), 100 to an album folder.
MP3_DIR=$OUT/mp3-$FILES
if [ ! -f "$MP3_DIR/.complete" ]; then
	log "generating $MP3_DIR ($FILES tagged MP3s)"
	rm -rf "$MP3_DIR"
	mkdir -p "$MP3_DIR"
	sox -R -n -r 22050 -c 1 -b 16 "$OUT/tone.wav" synth 1 sine 440
	lame --quiet -b 64 "$OUT/tone.wav" "$OUT/tone.mp3"
	python3 - "$MP3_DIR" "$FILES" "$OUT/tone.mp3" <<'PY'
import os, sys
tree, files, template = sys.argv[1], int(sys.argv[2]), sys.argv[3]
audio = open(template, "rb").read()
if audio[:3] == b"ID3":  # keep the MPEG frames only
    size = 0
    for b in audio[6:10]:
        size = size << 7 | b
    audio = audio[10 + size:]

def frame(name, text):
    data = b"\x00" + text.encode("latin-1")
    return name.encode() + len(data).to_bytes(4, "big") + b"\x00\x00" + data

def syncsafe(n):
    return bytes((n >> s) & 0x7F for s in (21, 14, 7, 0))

per = 100
for n in range(files):
    album, artist = n // per, n // (per * 10)
    folder = f"{tree}/Artist {artist:03d}/Album {album:04d}"
    if n % per == 0:
        os.makedirs(folder, exist_ok=True)
    frames = (frame("TIT2", f"Track {n:05d}") + frame("TPE1", f"Artist {artist}")
              + frame("TALB", f"Album {album}") + frame("TRCK", f"{n % per + 1}/{per}"))
    with open(f"{folder}/{n % per + 1:03d} Track {n:05d}.mp3", "wb") as f:
        f.write(b"ID3\x03\x00\x00" + syncsafe(len(frames)) + frames + audio)
PY
	touch "$MP3_DIR/.complete"
fi

peak_mb() { # command... -> peak RSS in MB
	local tf
	tf=$(mktemp)
	/usr/bin/time -f %M -o "$tf" "$@" >/dev/null 2>&1 || { rm -f "$tf"; die "failed: $*"; }
	awk 'END { printf "%.1f", $1 / 1024 }' "$tf"
	rm -f "$tf"
}

stat_of() { # json name field -> that field of the named command (a list: its mean)
	python3 - "$1" "$2" "$3" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    if r["command"] == sys.argv[2]:
        v = r[sys.argv[3]]
        print(sum(v) / len(v) if isinstance(v, list) else v or 0)  # one run: no stddev
PY
}

json_counts() { # json file -> "chosen copied transcoded renamed deleted unchanged failed" of a sync --json
	python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
print(*(len(s[k]) if isinstance(s[k], list) else s[k] for k in ("chosen", "copied", "transcoded", "renamed", "deleted", "unchanged", "failed")))
' "$1"
}

mp3s_in() { find "$1" -name '*.mp3' -not -path '*/.mixtape-sync/*' | wc -l | tr -d ' '; }
mb_of() { du -sb --exclude=.mixtape-sync "$1" | awk '{ printf "%.1f", $1 / 1048576 }'; }
empty() { rm -rf "$1" && mkdir -p "$1"; }
fresh_index() { rm -f "$1" "$1-wal" "$1-shm"; }

FAILS=0
judge() { # VAR awk-test -> VAR=PASS or FAIL (a FAIL counted)
	if awk "BEGIN { exit !($2) }"; then printf -v "$1" PASS; else printf -v "$1" FAIL; FAILS=$((FAILS + 1)); fi
}

# ---------------------------------------------------------------- transcode
FLAC_DB=$OUT/flac.sqlite
FLAC_DEST=$OUT/dest-flac
FF_DEST=$OUT/dest-ffmpeg
fresh_index "$FLAC_DB"
"$BIN" index --quiet --library "$FLAC_DB" "$FLAC_DIR"
"$BIN" select add --quiet --library "$FLAC_DB" ''
empty "$FLAC_DEST"
empty "$FF_DEST"
qbin=$(printf '%q' "$BIN")
qdb=$(printf '%q' "$FLAC_DB")
qdest=$(printf '%q' "$FLAC_DEST")
qff=$(printf '%q' "$FF_DEST")
qflac=$(printf '%q' "$FLAC_DIR")
log "hyperfine: $FLACS FLACs to MP3 V0, mixtape sync and ffmpeg alone ($RUNS runs each)"
hyperfine --export-json "$OUT/transcode.json" --runs "$RUNS" --style basic \
	--prepare "rm -rf $qff && mkdir $qff" \
	-n "ffmpeg" "cd $qflac && ls *.flac | xargs -P $CORES -I{} ffmpeg -nostdin -loglevel error -y -i {} -map 0:a:0 -c:a libmp3lame -q:a 0 -f mp3 $qff/{}.mp3" \
	--prepare "rm -rf $qdest && mkdir $qdest" \
	-n "mixtape sync" "$qbin sync --quiet --library $qdb $qdest" >&2
SYNCED=$(mp3s_in "$FLAC_DEST")
[ "$SYNCED" = "$FLACS" ] || die "$FLAC_DEST holds $SYNCED MP3s after the sync, not $FLACS"
[ "$(mp3s_in "$FF_DEST")" = "$FLACS" ] || die "$FF_DEST holds $(mp3s_in "$FF_DEST") MP3s after ffmpeg, not $FLACS"
T_FF=$(stat_of "$OUT/transcode.json" ffmpeg mean)
S_FF=$(stat_of "$OUT/transcode.json" ffmpeg stddev)
C_FF=$(awk -v u="$(stat_of "$OUT/transcode.json" ffmpeg user)" -v s="$(stat_of "$OUT/transcode.json" ffmpeg system)" 'BEGIN { print u + s }')
T_MT=$(stat_of "$OUT/transcode.json" "mixtape sync" mean)
S_MT=$(stat_of "$OUT/transcode.json" "mixtape sync" stddev)
C_MT=$(awk -v u="$(stat_of "$OUT/transcode.json" "mixtape sync" user)" -v s="$(stat_of "$OUT/transcode.json" "mixtape sync" system)" 'BEGIN { print u + s }')
RATIO=$(awk -v a="$T_MT" -v b="$T_FF" 'BEGIN { printf "%.2f", a / b }')
judge V_TRANSCODE "$RATIO <= 1.15"
FLAC_MB=$(du -sb "$FLAC_DIR" | awk '{ printf "%.1f", $1 / 1048576 }')
FLAC_EXAMPLE=$(cd "$FLAC_DEST" && find . -name '*.mp3' -not -path './.mixtape-sync/*' | sort | head -1 | sed 's|^\./||')

# ---------------------------------------------------------------- no-change re-run
MP3_DB=$OUT/mp3.sqlite
MP3_DEST=$OUT/dest-mp3
fresh_index "$MP3_DB"
"$BIN" index --quiet --library "$MP3_DB" "$MP3_DIR"
"$BIN" select add --quiet --library "$MP3_DB" ''
empty "$MP3_DEST"
log "first sync of $FILES MP3s (copies)"
START=$(date +%s.%N)
"$BIN" sync --json --library "$MP3_DB" "$MP3_DEST" >"$OUT/first.json" || die "the first sync of $FILES MP3s failed"
T_FIRST=$(awk -v s="$START" -v e="$(date +%s.%N)" 'BEGIN { print e - s }')
read -r F_CHOSEN F_COPIED F_TRANSCODED _ _ _ F_FAILED < <(json_counts "$OUT/first.json")
[ "$F_CHOSEN" = "$FILES" ] && [ "$F_COPIED" = "$FILES" ] && [ "$F_TRANSCODED" = 0 ] && [ "$F_FAILED" = 0 ] ||
	die "the first sync chose $F_CHOSEN, copied $F_COPIED, transcoded $F_TRANSCODED, failed $F_FAILED (want $FILES copied)"
[ "$(mp3s_in "$MP3_DEST")" = "$FILES" ] || die "$MP3_DEST holds $(mp3s_in "$MP3_DEST") MP3s after the first sync, not $FILES"
qdb=$(printf '%q' "$MP3_DB")
qdest=$(printf '%q' "$MP3_DEST")
log "hyperfine: no-change re-run of $FILES"
hyperfine --export-json "$OUT/rerun.json" --warmup 1 --runs "$RUNS" --style basic \
	-n "re-run" "$qbin sync --quiet --library $qdb $qdest" >&2
T_RERUN=$(stat_of "$OUT/rerun.json" re-run mean)
S_RERUN=$(stat_of "$OUT/rerun.json" re-run stddev)
MIN_RERUN=$(stat_of "$OUT/rerun.json" re-run min)
MAX_RERUN=$(stat_of "$OUT/rerun.json" re-run max)
RSS_RERUN=$(peak_mb "$BIN" sync --quiet --library "$MP3_DB" "$MP3_DEST")
"$BIN" sync --json --library "$MP3_DB" "$MP3_DEST" >"$OUT/rerun-summary.json" || die "the re-run failed"
read -r R_CHOSEN R_COPIED R_TRANSCODED R_RENAMED R_DELETED R_UNCHANGED R_FAILED < <(json_counts "$OUT/rerun-summary.json")
[ "$R_UNCHANGED" = "$FILES" ] && [ "$R_COPIED" = 0 ] && [ "$R_TRANSCODED" = 0 ] && [ "$R_RENAMED" = 0 ] && [ "$R_DELETED" = 0 ] ||
	die "the re-run says unchanged $R_UNCHANGED, copied $R_COPIED, transcoded $R_TRANSCODED, renamed $R_RENAMED, deleted $R_DELETED (want $FILES unchanged, nothing done)"
judge V_RERUN "$T_RERUN < 1"

# ---------------------------------------------------------------- report
CPU=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || true)
[ -n "$CPU" ] || CPU=$(uname -m)
echo "## Sync: \`mixtape sync DEST\` (\`bench/sync.sh\`)"
echo
echo "- date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "- machine: $CORES CPU, $CPU, Linux $(uname -r)"
echo "- tools: $(ffmpeg -version | sed -n '1s/ Copyright.*//p'), $(hyperfine --version), $("$BIN" --version)"
[ -z "${MIXTAPE_BIN:-}" ] || echo "- note: MIXTAPE_BIN override in use; the binary was not built by this run"
echo
echo "### Transcode: $FLACS FLACs of 3 minutes ($FLAC_MB MB) to MP3 V0 into an empty folder"
echo
echo "ffmpeg alone: \`ls *.flac | xargs -P $CORES -I{} ffmpeg -nostdin -loglevel error -y -i {} -map 0:a:0 -c:a libmp3lame -q:a 0 -f mp3 OUT/{}.mp3\`."
echo "mixtape: \`mixtape sync DEST\` of the $FLACS selected items, one ffmpeg per core, the same codec and quality with the tags (e.g. \`$FLAC_EXAMPLE\`)."
echo
echo "| | mean ± σ | CPU (user + sys) | wrote | |"
echo "|---|---|---|---|---|"
printf '| ffmpeg alone, %s processes | %.2f s ± %.2f s | %.1f s | %s MP3s, %s MB | |\n' "$CORES" "$T_FF" "$S_FF" "$C_FF" "$FLACS" "$(mb_of "$FF_DEST")"
printf '| `mixtape sync DEST` | %.2f s ± %.2f s | %.1f s | %s MP3s, %s MB | %s× ffmpeg: %s (target ≤ 1.15×) |\n' "$T_MT" "$S_MT" "$C_MT" "$SYNCED" "$(mb_of "$FLAC_DEST")" "$RATIO" "$V_TRANSCODE"
echo
echo "### Re-run: $FILES synced MP3s, nothing changed"
echo
echo "| | mean ± σ | min … max | peak memory | |"
echo "|---|---|---|---|---|"
printf '| first sync (%s copies, one run) | %.2f s | | | |\n' "$F_COPIED" "$T_FIRST"
printf '| no-change re-run | %.0f ms ± %.0f ms | %.0f … %.0f ms | %s MB | %s: < 1 s |\n' \
	"$(awk -v t="$T_RERUN" 'BEGIN { print t * 1000 }')" "$(awk -v t="$S_RERUN" 'BEGIN { print t * 1000 }')" \
	"$(awk -v t="$MIN_RERUN" 'BEGIN { print t * 1000 }')" "$(awk -v t="$MAX_RERUN" 'BEGIN { print t * 1000 }')" "$RSS_RERUN" "$V_RERUN"
echo
echo "The re-run's \`--json\`: chosen $R_CHOSEN, unchanged $R_UNCHANGED, copied $R_COPIED, transcoded $R_TRANSCODED, renamed $R_RENAMED, deleted $R_DELETED, failed $R_FAILED."
echo "hyperfine mean of $RUNS runs (transcode: DEST emptied before each, no warm-up; re-run: after a warm-up)."
[ "$STRICT" = 1 ] && [ "$FAILS" -gt 0 ] && exit 3
exit 0
