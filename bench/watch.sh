#!/usr/bin/env bash
# The watch half of `make bench`: `mixtape watch DIR` on a generated tree of 5,000 album
# folders (1,000 artists of 5 albums, two small tagged MP3s in every other album folder).
# Reports the inotify watches the process holds (counted in /proc/PID/fdinfo) beside the
# count it logs, its memory (VmRSS, VmHWM) after start-up and after the latency runs, the
# start-up time (launch to the "up to date" line), the latency from a change on disk to a
# `mixtape search` that finds it (a new file copied in; a file moved between two folders,
# which must keep its id), and how SIGTERM ends it.
#
# Two runs of the watcher: the first starts on a fresh index (its start-up includes the first
# index of the tree) with --debounce 0.2; the second starts on that index with the default
# 1 s debounce. Latency is polled: `mixtape search --json` every ~10 ms until it matches, so
# it is good to one poll (the search's own time plus 10 ms, reported below the tables). The
# watcher's own log lines are kept in bench/out/watch-fresh.log and bench/out/watch-again.log.
#
# Environment: MIXTAPE_BIN (else built here), BENCH_FOLDERS (album folders, default 5000),
# BENCH_RUNS (latency runs at --debounce 0.2, default 20), BENCH_DEFAULT_RUNS (at the default
# debounce, default 5).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# The release flags `make build` uses (static runtime on Linux): one binary, one set of numbers.
read -r -a RELEASE_FLAGS <<<"$(bash scripts/release-flags.sh)"
OUT=bench/out
FOLDERS=${BENCH_FOLDERS:-5000}
RUNS=${BENCH_RUNS:-20}
DEFAULT_RUNS=${BENCH_DEFAULT_RUNS:-5}
die() { echo "bench: $*" >&2; exit 1; }
command -v sox >/dev/null && command -v lame >/dev/null || die "sox and lame are needed: scripts/install-deps.sh"
[ -e /proc/self/fdinfo ] || die "needs Linux /proc (inotify watches are counted in /proc/PID/fdinfo)"
[ "$RUNS" -ge 1 ] && [ "$DEFAULT_RUNS" -ge 1 ] && [ $((RUNS + DEFAULT_RUNS)) -le 1000 ] ||
	die "BENCH_RUNS and BENCH_DEFAULT_RUNS must be at least 1, and together at most 1000"
LATENCY_FILES=$((RUNS + DEFAULT_RUNS))
[ -n "${MIXTAPE_BIN:-}" ] || swift build "${RELEASE_FLAGS[@]}" --product mixtape >&2
MIXTAPE=${MIXTAPE_BIN:-$(swift build "${RELEASE_FLAGS[@]}" --show-bin-path)/mixtape}
MIXTAPE=$(cd "$(dirname "$MIXTAPE")" && pwd)/$(basename "$MIXTAPE")
[ -x "$MIXTAPE" ] || die "no binary at $MIXTAPE"
mkdir -p "$OUT"
TREE=$ROOT/$OUT/watch-$FOLDERS
STAGING=$ROOT/$OUT/watch-staging
INDEX=$ROOT/$OUT/watch.sqlite
PIDFILE=$ROOT/$OUT/watch.pid
RUNNER=

# Whatever happens, no watcher outlives the script and no latency file stays in the cached tree.
cleanup() {
	[ -z "$RUNNER" ] || kill -TERM "$RUNNER" 2>/dev/null || true
	if [ -f "$PIDFILE" ]; then
		pid=$(cat "$PIDFILE")
		if [ -n "$pid" ] && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q "mixtape watch"; then
			kill -TERM "$pid" 2>/dev/null || true
		fi
		rm -f "$PIDFILE"
	fi
	[ -d "$TREE" ] && find "$TREE" -name 'zz Latency *.mp3' -delete 2>/dev/null || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ ! -f "$TREE/.complete" ]; then
	rm -rf "$TREE"
	mkdir -p "$TREE"
	sox -n -r 8000 -c 1 -b 16 "$OUT/watch-tone.wav" synth 0.5 sine 440
	lame --quiet --tt "Template" --ta "Bench Artist" --tl "Bench Album" --ty 2001 --tn 1/2 --tg Rock \
		"$OUT/watch-tone.wav" "$OUT/watch-tone.mp3"
	python3 - "$TREE" "$FOLDERS" "$OUT/watch-tone.mp3" <<'PY'
import os, shutil, sys
tree, folders, template = sys.argv[1], int(sys.argv[2]), sys.argv[3]
for n in range(folders):
    album = f"{tree}/Artist {n // 5:04d}/Album {n:05d}"
    os.makedirs(album)
    if n % 2 == 0:
        for track in (1, 2):
            shutil.copyfile(template, f"{album}/{track:02d} Track {n}-{track}.mp3")
PY
	touch "$TREE/.complete"
fi
cleanup

# One uniquely titled MP3 per latency run, made before anything is timed.
if [ ! -f "$STAGING/.complete-$LATENCY_FILES" ]; then
	rm -rf "$STAGING"
	mkdir -p "$STAGING"
	[ -f "$OUT/watch-tone.wav" ] || sox -n -r 8000 -c 1 -b 16 "$OUT/watch-tone.wav" synth 0.5 sine 440
	for ((n = 0; n < LATENCY_FILES; n++)); do
		num=$(printf '%03d' "$n")
		lame --quiet --tt "Latency $num" --ta "Latency Artist" --tl "Latency Album" --ty 2024 \
			"$OUT/watch-tone.wav" "$STAGING/Latency $num.mp3"
	done
	touch "$STAGING/.complete-$LATENCY_FILES"
fi
rm -f "$INDEX" "$INDEX"-wal "$INDEX"-shm "$INDEX".lock

# In the background, so that a signal to this script runs the trap at once, not when it ends.
python3 - "$MIXTAPE" "$TREE" "$STAGING" "$INDEX" "$PIDFILE" "$FOLDERS" "$RUNS" "$DEFAULT_RUNS" <<'PY' &
import glob, json, os, random, re, shutil, signal, statistics, subprocess, sys, threading, time

mixtape, tree, staging, index, pidfile = sys.argv[1:6]
folders, runs, default_runs = map(int, sys.argv[6:9])
rng = random.Random(20240611)
albums = sorted(glob.glob(f"{tree}/Artist */Album *"))
tree_folders = 1 + sum(len(dirs) for _, dirs, _ in os.walk(tree))
tree_files = sum(1 for _ in glob.iglob(f"{tree}/*/*/*.mp3"))
search_seconds = []

def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)

class Watcher:
    """One `mixtape watch` process, its stderr read line by line with the time each came."""
    def __init__(self, debounce, logfile):
        self.debounce = debounce
        self.logfile = logfile
        self.lines = []
        self.cond = threading.Condition()
        args = [mixtape, "watch", "--library", index, tree]
        if debounce is not None:
            args[2:2] = ["--debounce", str(debounce)]
        self.launched = time.monotonic()
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, text=True)
        with open(pidfile, "w") as f:
            f.write(str(self.proc.pid))
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.proc.stderr:
            with self.cond:
                self.lines.append((time.monotonic(), line.rstrip("\n")))
                with open(self.logfile, "a") as f:
                    f.write(line)
                self.cond.notify_all()
        with self.cond:
            self.cond.notify_all()

    def wait_line(self, pattern, timeout):
        """Seconds from launch to the first line matching `pattern`, and the line."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                for at, line in self.lines:
                    if re.search(pattern, line):
                        return at - self.launched, line
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise SystemExit(f"bench: no /{pattern}/ from mixtape watch; it said:\n"
                                     + "\n".join(l for _, l in self.lines))
                self.cond.wait(min(left, 0.5))

    def batch_lines(self):
        with self.cond:
            return [l for _, l in self.lines if " batch of " in l]

    def watches(self):
        """inotify watches held by the process, counted from /proc/PID/fdinfo."""
        count = 0
        for path in glob.glob(f"/proc/{self.proc.pid}/fdinfo/*"):
            try:
                with open(path) as f:
                    count += sum(1 for l in f if l.startswith("inotify wd:"))
            except OSError:
                pass
        return count

    def memory(self):
        values = {}
        with open(f"/proc/{self.proc.pid}/status") as f:
            for l in f:
                key, _, rest = l.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    values[key] = int(rest.split()[0]) / 1024  # kB to MiB
        return values

    def stop(self):
        """SIGTERM; exit code and seconds to exit (None if it outlived 2 s)."""
        sent = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        try:
            code = self.proc.wait(timeout=2)
            took = time.monotonic() - sent
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
            took = None
        os.remove(pidfile)
        return code, took

def search(title):
    """Items titled `title` exactly, found by an exact-match term."""
    started = time.monotonic()
    result = subprocess.run([mixtape, "search", "--library", index, "--json", "'" + title.replace(" ", "\\ ")],
                            stdin=subprocess.DEVNULL, capture_output=True, text=True)
    search_seconds.append(time.monotonic() - started)
    if result.returncode not in (0, 1):
        raise SystemExit(f"bench: mixtape search failed ({result.returncode}): {result.stderr.strip()}")
    items = [json.loads(l) for l in result.stdout.splitlines() if l.strip()]
    return started, [i for i in items if i.get("title") == title]

def until(title, found, timeout=30):
    """Polls search every ~10 ms until `found(items)`; returns the start of the search that
    matched and its items, or (None, None) after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        started, items = search(title)
        if found(items):
            return started, items
        time.sleep(0.01)
    return None, None

def item_path(item):
    for key in ("path", "location", "file"):
        if key in item:
            return item[key]
    raise SystemExit(f"bench: no path in search --json output: {item}")

def settle(watcher):
    # Let the batch that answered (and any trailing one) finish before the next change.
    time.sleep((watcher.debounce if watcher.debounce is not None else 1) + 0.2)

def latency_runs(watcher, numbers):
    """Copies one new file per number into a random album folder, then moves each to another;
    returns (add latencies, move latencies, moves that kept their id, failures)."""
    adds, moves, kept, failures, placed = [], [], 0, [], []
    for n in numbers:
        title = f"Latency {n:03d}"
        dest = os.path.join(rng.choice(albums), f"zz {title}.mp3")
        shutil.copyfile(os.path.join(staging, f"{title}.mp3"), dest)
        written = time.monotonic()
        at, items = until(title, lambda items: any(item_path(i) == dest for i in items))
        if at is None:
            failures.append(f"new file {title} not searchable after 30 s")
        else:
            adds.append(max(0.0, at - written))
            placed.append((title, dest, items[0]["id"]))
        settle(watcher)
    for title, source, item_id in placed:
        folder = rng.choice([a for a in albums if a != os.path.dirname(source)])
        dest = os.path.join(folder, os.path.basename(source))
        os.rename(source, dest)
        written = time.monotonic()
        at, items = until(title, lambda items: any(item_path(i) == dest for i in items))
        if at is None:
            failures.append(f"moved {title} not at its new path after 30 s")
        else:
            moves.append(max(0.0, at - written))
            if len(items) == 1 and items[0]["id"] == item_id:
                kept += 1
            else:
                failures.append(f"moved {title}: id {item_id} became {[i['id'] for i in items]}")
        settle(watcher)
    return adds, moves, kept, failures

def pct(values, p):
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, -(-len(ordered) * p // 100) - 1))]

def phase(debounce, numbers, label, logfile):
    if os.path.exists(logfile):
        os.remove(logfile)
    log(f"{label}: starting mixtape watch" + (f" --debounce {debounce}" if debounce is not None else ""))
    watcher = Watcher(debounce, logfile)
    try:
        watching_at, watching_line = watcher.wait_line(r" watching ", 600)
        ready_at, ready_line = watcher.wait_line(r" up to date: ", 600)
        logged = re.search(r"\(([\d,]+) folders?\)", watching_line)
        start = dict(label=label, watching=watching_at, ready=ready_at, watches=watcher.watches(),
                     logged=int(logged.group(1).replace(",", "")) if logged else None,
                     ready_line=ready_line.split(" ", 1)[1], memory=watcher.memory())
        log(f"{label}: up to date in {ready_at:.2f} s; {len(numbers)} new files, then as many moves")
        adds, moves, kept, failures = latency_runs(watcher, numbers)
        after = dict(memory=watcher.memory(), watches=watcher.watches())
        batches = watcher.batch_lines()
    except BaseException:
        watcher.proc.kill()
        raise
    code, took = watcher.stop()
    stopped = any(l.endswith(" stopped") for _, l in watcher.lines)
    applied = [float(m.group(1)) for l in batches if (m := re.search(r" in ([\d.]+) s$", l))]
    return dict(start=start, after=after, adds=adds, moves=moves, kept=kept, failures=failures,
                code=code, took=took, stopped=stopped, debounce=debounce if debounce is not None else 1.0,
                batches=len(batches), batch_lines=batches, applied=applied, runs=len(numbers))

first = phase(0.2, range(0, runs), "fresh index, --debounce 0.2", index[:-len(".sqlite")] + "-fresh.log")
second = phase(None, range(runs, runs + default_runs), "index exists, default --debounce 1",
               index[:-len(".sqlite")] + "-again.log")

def mib(value):
    return f"{value:.1f} MiB"

def seconds(value):
    return f"{value:.3f}"

print(f"## Watch: `mixtape watch DIR`, {folders:,} album folders ({tree_folders:,} folders, "
      f"{tree_files:,} tagged MP3s), {os.cpu_count()} cores")
print()
print("| Start-up | to \"watching\" [s] | to \"up to date\" [s] | inotify watches (/proc) | "
      "watches logged | folders in tree | VmRSS | VmHWM |")
print("|:---|---:|---:|---:|---:|---:|---:|---:|")
for p in (first, second):
    s = p["start"]
    print(f"| {s['label']} | {seconds(s['watching'])} | {seconds(s['ready'])} | {s['watches']:,} | "
          f"{format(s['logged'], ',') if s['logged'] is not None else '?'} | {tree_folders:,} | "
          f"{mib(s['memory']['VmRSS'])} | {mib(s['memory']['VmHWM'])} |")
print()
print("| Change to searchable | debounce | runs | p50 [s] | p90 [s] | max [s] |")
print("|:---|---:|---:|---:|---:|---:|")
for p in (first, second):
    for name, values in (("new file copied in", p["adds"]),
                         (f"file moved to another folder (id kept {p['kept']}/{p['runs']})", p["moves"])):
        if values:
            print(f"| {name} | {p['debounce']:g} s | {len(values)} | {seconds(pct(values, 50))} | "
                  f"{seconds(pct(values, 90))} | {seconds(max(values))} |")
        else:
            print(f"| {name} | {p['debounce']:g} s | 0 | – | – | – |")
print()
print("| Watcher | VmRSS after start-up | VmHWM after start-up | VmRSS after latency runs | "
      "VmHWM after latency runs | watches after | SIGTERM |")
print("|:---|---:|---:|---:|---:|---:|:---|")
for p in (first, second):
    before, after = p["start"]["memory"], p["after"]["memory"]
    stop = (f"exit {p['code']} in {p['took']:.3f} s" if p["took"] is not None
            else "still running after 2 s (killed)")
    print(f"| {p['start']['label']} | {mib(before['VmRSS'])} | {mib(before['VmHWM'])} | "
          f"{mib(after['VmRSS'])} | {mib(after['VmHWM'])} | {p['after']['watches']:,} | {stop} |")
print()
print(f"- first catch-up: {first['start']['ready_line']}")
for p in (first, second):
    if p["batch_lines"]:
        print(f"- {p['start']['label']}, first batch after start-up: {p['batch_lines'][0].split(' ', 1)[1]}")
for p in (first, second):
    if p["applied"]:
        print(f"- {p['start']['label']}: {p['batches']} batches logged, applied in "
              f"{seconds(statistics.median(p['applied']))} s median, {seconds(max(p['applied']))} s max")
print(f"- poll resolution: `mixtape search --json` took {statistics.median(search_seconds) * 1000:.0f} ms "
      f"median ({len(search_seconds):,} searches), then 10 ms of sleep; latency is measured to the start "
      "of the first search that found the change")
failures = first["failures"] + second["failures"]
for p in (first, second):
    if p["code"] != 0 or p["took"] is None:
        failures.append(f"{p['start']['label']}: SIGTERM gave exit {p['code']}"
                        + ("" if p["took"] is not None else " only after SIGKILL"))
    if not p["stopped"]:
        failures.append(f"{p['start']['label']}: no \"stopped\" line on SIGTERM")
    if p["start"]["watches"] != p["start"]["logged"] or p["start"]["watches"] != tree_folders:
        failures.append(f"{p['start']['label']}: {p['start']['watches']} watches in /proc, "
                        f"{p['start']['logged']} logged, {tree_folders} folders in the tree")
for failure in failures:
    print(f"- FAIL: {failure}")
PY
RUNNER=$!
wait "$RUNNER"
RUNNER=
