#!/usr/bin/env bash
# `make fuzz SECONDS=N`: builds every fuzz target with libFuzzer and AddressSanitizer into
# .build-fuzz, seeds the corpora (fuzz/seed.sh), runs the targets one after another for N seconds
# each, prints a table and exits 1 if any target crashed, leaked, timed out or ran out of memory.
#
# Usage: fuzz/run.sh [SECONDS] [TARGET...]   (default: 60 seconds, every target)
#
# Reproducers go to fuzz/out/crashes/<target>/ (libFuzzer's crash-, leak-, timeout- and oom-
# files), logs to fuzz/out/logs/<target>.log; fuzz/README.md says how a reproducer becomes a
# regression test. Nothing is installed: libFuzzer and ASan ship with the Swift toolchain.
#
# The duration is an argument, not $SECONDS, which bash itself owns (seconds since start).
set -uo pipefail
cd "$(dirname "$0")/.."

DURATION=${1:-60}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(plist xmp nfo infojson keys query playlists cue traktor rekordbox rhythmbox virtualdj serato foobar2000 mpd termtext relocation)
SWIFT=${SWIFT:-swift}
SCRATCH=.build-fuzz
OUT=fuzz/out

case $DURATION in ''|*[!0-9]*) echo "run.sh: SECONDS must be a whole number, not '$DURATION'" >&2; exit 2 ;; esac

# Longest input libFuzzer may make per target: a plist seed is tens of kilobytes, a key press,
# a query or a line of output a few bytes.
max_len() {
    case $1 in
        plist|traktor|rekordbox|rhythmbox|virtualdj|serato) echo 65536 ;;
        xmp|nfo|infojson|cue|foobar2000) echo 16384 ;;
        playlists) echo 4096 ;;
        keys|query|mpd|termtext|relocation) echo 1024 ;;
    esac
}

dictionary() {
    case $1 in
        plist) echo fuzz/dicts/plist.dict ;;
        xmp|nfo|traktor|rekordbox|virtualdj) echo fuzz/dicts/xml.dict ;;
        rhythmbox) echo fuzz/dicts/rhythmbox.dict ;;
        serato) echo fuzz/dicts/serato.dict ;;
        infojson) echo fuzz/dicts/json.dict ;;
        cue) echo fuzz/dicts/cue.dict ;;
        foobar2000) echo fuzz/dicts/foobar2000.dict ;;
        keys) echo fuzz/dicts/keys.dict ;;
        playlists) echo fuzz/dicts/playlists.dict ;;
        mpd) echo fuzz/dicts/mpd.dict ;;
        termtext) echo fuzz/dicts/termtext.dict ;;
    esac
}

mkdir -p "$OUT"
for target in "${TARGETS[@]}"; do
    echo "run.sh: building fuzz-$target"
    if ! "$SWIFT" build --scratch-path "$SCRATCH" -c release --product "fuzz-$target" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING >"$OUT/build-$target.log" 2>&1; then
        tail -30 "$OUT/build-$target.log" >&2
        echo "run.sh: building fuzz-$target failed (log: $OUT/build-$target.log)" >&2
        exit 2
    fi
done
BIN=$("$SWIFT" build --scratch-path "$SCRATCH" -c release --show-bin-path)

bash fuzz/seed.sh "${TARGETS[@]}"

# Swift's own backtracer would race ASan for the crash (its memory reader trips ASan, hiding the
# real report); libFuzzer's deadly-signal handler prints the stack instead.
export SWIFT_BACKTRACE=enable=no
# ASan: leaks are reported (libFuzzer's -detect_leaks needs LeakSanitizer on); a failed
# allocation is an error rather than a null pointer the Swift runtime would trap on anyway.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0:handle_abort=1}

failed=0
rows=()
reasons=()
for target in "${TARGETS[@]}"; do
    corpus=$OUT/corpus/$target
    crashes=$OUT/crashes/$target
    log=$OUT/logs/$target.log
    mkdir -p "$corpus" "$crashes" "$OUT/logs"
    before=$(find "$crashes" -type f | wc -l)
    dict=$(dictionary "$target")
    echo "run.sh: fuzzing $target for ${DURATION}s (log: $log)"
    "$BIN/fuzz-$target" -max_total_time="$DURATION" -timeout=10 -rss_limit_mb=2048 -detect_leaks=1 \
        -max_len="$(max_len "$target")" ${dict:+-dict="$dict"} -artifact_prefix="$crashes/" \
        -print_final_stats=1 "$corpus" >"$log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    size=$(find "$corpus" -type f | wc -l)
    new=$(( $(find "$crashes" -type f | wc -l) - before ))
    result=ok
    if grep -q 'ERROR: libFuzzer: timeout' "$log"; then result=timeout
    elif grep -q 'ERROR: libFuzzer: out-of-memory' "$log"; then result=oom
    elif grep -q 'ERROR: LeakSanitizer' "$log"; then result=leak
    elif grep -q 'ERROR: AddressSanitizer' "$log"; then result=asan
    elif grep -q 'ERROR: libFuzzer: deadly signal' "$log"; then result=crash
    elif [ "$status" -ne 0 ] || [ "$new" -gt 0 ]; then result="failed ($status)"
    fi
    if [ "$result" != ok ]; then
        failed=1
        artifact=$(grep -o "Test unit written to [^ ]*" "$log" | tail -1 | sed 's/Test unit written to //')
        result="$result ${artifact:-see $log}"
        reasons+=("$target: $(grep -m1 -E 'Fatal error|ERROR: ' "$log" | cut -c1-300)")
    fi
    rows+=("$(printf '%-10s %12s %10s %8s  %s' "$target" "${runs:-?}" "${rate:-?}" "$size" "$result")")
done

echo
printf '%-10s %12s %10s %8s  %s\n' target runs runs/s corpus result
printf '%s\n' "${rows[@]}"
if [ $failed -ne 0 ]; then
    echo
    printf '%s\n' "${reasons[@]}"
    echo "run.sh: a target failed; reproducers are in $OUT/crashes/, logs in $OUT/logs/ (see fuzz/README.md)" >&2
fi
exit $failed
