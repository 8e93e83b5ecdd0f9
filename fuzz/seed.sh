#!/usr/bin/env bash
# Builds the seed corpora of every fuzz target under fuzz/out/corpus/<target>/ (git-ignored).
# Seeds come from what this checkout has: samples/, the hand-written fuzz/seeds/ and
# fuzz/regressions/, and, when ../shared is beside the package, libraries made by its generator
# and the queries of its spec. Nothing is copied from ../shared/data/real, which must never end
# up in a corpus (a corpus is something people share).
#
# Usage: fuzz/seed.sh [TARGET...]   (default: every target). Re-running is cheap and keeps what
# libFuzzer has added to the corpora.
set -euo pipefail
cd "$(dirname "$0")/.."

TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(plist xmp nfo infojson keys query playlists cue traktor rekordbox rhythmbox virtualdj serato foobar2000 mpd termtext relocation)
OUT=fuzz/out/corpus
SHARED=../shared

# Copies files into a corpus under a prefix, so they cannot clash with libFuzzer's hash names.
add() {
    local target=$1 prefix=$2; shift 2
    local file
    for file in "$@"; do
        [ -f "$file" ] || continue
        cp "$file" "$OUT/$target/$prefix-$(basename "$file")"
    done
}

seed_plist() {
    add plist sample samples/*.xml
    add plist malformed samples/malformed/*.xml
    local generator=$SHARED/tools/gen_itunes_library.py
    if [ -f "$generator" ] && command -v python3 >/dev/null; then
        local seed variant
        for seed in 1 2 3; do
            for variant in "itunes mac auto" "music mac auto" "itunes windows auto" "itunes mac named"; do
                set -- $variant
                python3 "$generator" --tracks 20 --playlists 4 --seed "$seed" --flavor "$1" --platform "$2" \
                    --escape "$3" --out "$OUT/plist/gen-$seed-$1-$2-$3.xml"
            done
        done
    else
        echo "seed.sh: $generator not found; plist seeds are the samples only" >&2
    fi
}

# Small databases from bench/gen_rhythmbox.py, each followed by a NUL and its playlists.xml
# (FuzzRhythmbox reads the bytes after the first NUL as the playlists file).
seed_rhythmbox() {
    command -v python3 >/dev/null || { echo "seed.sh: python3 missing; rhythmbox seeds are the hand-written ones" >&2; return 0; }
    local seed tmp
    tmp=$(mktemp -d)
    for seed in 1 2 3; do
        python3 bench/gen_rhythmbox.py --tracks 12 --playlists 6 --seed "$seed" --out "$tmp/rhythmdb.xml"
        { cat "$tmp/rhythmdb.xml"; printf '\0'; cat "$tmp/playlists.xml"; } > "$OUT/rhythmbox/gen-$seed.bin"
    done
    rm -rf "$tmp"
}

# Small libraries from bench/gen_serato.py: the database V2, then each crate after a
# `SERATO//` (FuzzSerato cuts the input there; every second crate is read as a smart crate).
seed_serato() {
    command -v python3 >/dev/null || { echo "seed.sh: python3 missing; serato seeds are the hand-written ones" >&2; return 0; }
    local seed tmp crate
    tmp=$(mktemp -d)
    for seed in 1 2 3; do
        python3 bench/gen_serato.py --tracks 8 --playlists 3 --seed "$seed" --out "$tmp/$seed" 2>/dev/null
        {
            cat "$tmp/$seed/database V2"
            for crate in "$tmp/$seed"/Subcrates/*.crate "$tmp/$seed"/SmartCrates/*.scrate; do
                printf 'SERATO//'
                cat "$crate"
            done
        } > "$OUT/serato/gen-$seed.bin"
    done
    rm -rf "$tmp"
}

seed_traktor() {
    local seed
    for seed in 1 2 3; do
        python3 bench/gen_traktor.py --tracks 12 --playlists 4 --seed "$seed" --out "$OUT/traktor/gen-$seed.nml"
    done
}

# Small collections from bench/gen_rekordbox.py (both platforms, a 7.x one), beside the
# hand-written seeds; nothing from ../shared/data/real.
seed_rekordbox() {
    if command -v python3 >/dev/null; then
        local seed
        for seed in 1 2 3; do
            python3 bench/gen_rekordbox.py --tracks 12 --playlists 5 --seed "$seed" --out "$OUT/rekordbox/gen-$seed-mac.xml"
            python3 bench/gen_rekordbox.py --tracks 12 --playlists 5 --seed "$seed" --platform windows --version 7.2.6 \
                --out "$OUT/rekordbox/gen-$seed-windows.xml"
        done
    fi
}

seed_query() {
    local queries=$SHARED/spec/queries.txt number=0 line
    [ -f "$queries" ] || { echo "seed.sh: $queries not found" >&2; return 0; }
    while IFS= read -r line; do
        case "$line" in "#"*|"") continue ;; esac
        number=$((number + 1))
        printf '%s' "$line" > "$OUT/query/spec-$number.txt"
    done < "$queries"
}

# One file per key sequence a terminal sends, behind the schedule byte FuzzKeys reads first:
# 00 splits the reads without timeouts between them, 01 with some.
seed_keys() {
    local number=0 sequence
    for sequence in '\e' '\e[A' '\e[1;5A' '\eOA' '\e[3~' '\e[5;5~' '\e[15~' '\e[24;2~' '\e[Z' '\e[1;3Z' \
        '\e[116;6u' '\e[27;5;116~' '\e[97;3u' '\e\e[A' '\ea' '\e\ea' '\e[' '\eO' '\e[1;' '\e[200~pa\r\nste\e[201~' \
        '\e[<0;10;5M' '\e[?1;2c' '\e[12;40R' '\e[I' '\e[O' '\xc3\xa9' '\xf0\x9f\x98\x80' 'e\xcc\x81' '\x01\x7f\x08\r\t\x00'; do
        number=$((number + 1))
        printf '\x00'"$sequence" > "$OUT/keys/seq-$number-plain.bin"
        printf '\x01'"$sequence" > "$OUT/keys/seq-$number-timeout.bin"
    done
}

for target in "${TARGETS[@]}"; do
    mkdir -p "$OUT/$target"
    add "$target" seed fuzz/seeds/"$target"/*
    add "$target" regression fuzz/regressions/"$target"/*
    case $target in
        plist) seed_plist ;;
        traktor) seed_traktor ;;
        rekordbox) seed_rekordbox ;;
        query) seed_query ;;
        keys) seed_keys ;;
        rhythmbox) seed_rhythmbox ;;
        serato) seed_serato ;;
    esac
    echo "seed.sh: $target: $(find "$OUT/$target" -type f | wc -l) inputs in $OUT/$target"
done
