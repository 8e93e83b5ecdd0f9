#!/usr/bin/env python3
"""Check `mixtape search --json` against a relocation answer key (scripts/relocation_corpus.py).

usage: check_relocation.py ANSWERS.json ITEMS.jsonl [--min-found 99.5]

ITEMS.jsonl is `mixtape search --json` (every item, one JSON object a line) of an index made
with `mixtape index EXPORT [FOLDER...]`, EXPORT and FOLDERs being the answer key's `export`
and `folders`. For each item whose `sources` (or `source`) names the export and whose
`location` is a key of the answers' entries, its `path` (absent: null) is compared, byte for
byte, with the entry's `expect`:

- found: the expected path;
- wrong: a path, not the expected one (noted when the two are equal after NFC);
- guessed: a path where none is to be found (missing or ambiguous);
- missed: no path where one is expected.

And one file is one item: items with the same `path` (cue tracks, with `start_ms`, aside) are
a failure, unless every one of them is an entry of the export whose expected path it is (an
export that lists one file under two locations, or twice).

Prints a summary paragraph and up to 10 examples of each failure; exits 1 when found is below
--min-found percent of the entries with a file, or anything is wrong, guessed or two items,
else 0. Standard library only.
"""
import argparse
import collections
import json
import signal
import sys
import unicodedata

EXAMPLES = 10


def load_items(path):
    items = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            line = line.strip()
            if not line:
                continue
            try:
                item = json.loads(line)
            except ValueError as error:
                sys.exit("check_relocation: %s:%d: not JSON: %s" % (path, number, error))
            if isinstance(item, dict):
                items.append(item)
    return items


def sources_of(item):
    sources = item.get("sources")
    if isinstance(sources, list) and sources:
        return [s for s in sources if isinstance(s, str)]
    source = item.get("source")
    return [source] if isinstance(source, str) else []


def percent(part, whole):
    return 100.0 * part / whole if whole else 100.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("answers")
    parser.add_argument("items")
    parser.add_argument("--min-found", type=float, default=99.5,
                        help="least share (percent) of the entries with a file that must be found (default 99.5)")
    parser.add_argument("--counts", action="store_true",
                        help="end with a line `counts: {...}` (JSON: there, found, wrong, guessed, missed) for scripts")
    args = parser.parse_args()
    with open(args.answers, encoding="utf-8") as handle:
        answers = json.load(handle)
    export, entries = answers["export"], answers["entries"]
    items = load_items(args.items)

    counts = collections.Counter()
    by_why = collections.defaultdict(lambda: [0, 0])  # why -> [entries listed, right]
    failures = collections.defaultdict(list)
    listed = set()
    for item in items:
        location = item.get("location")
        if export not in sources_of(item) or not isinstance(location, str) or location not in entries:
            continue
        listed.add(location)
        answer = entries[location]
        expect, why = answer["expect"], answer["why"]
        path = item.get("path")
        path = path if isinstance(path, str) else None
        counts["items"] += 1
        by_why[why][0] += 1
        if expect is not None:
            counts["there"] += 1
            if path == expect:
                counts["found"] += 1
                by_why[why][1] += 1
            elif path is None:
                counts["missed"] += 1
                failures["missed"].append("%s (%s): expected %s" % (location, why, expect))
            else:
                counts["wrong"] += 1
                note = " (the same after NFC)" if unicodedata.normalize("NFC", path) == unicodedata.normalize("NFC", expect) else ""
                if note:
                    counts["wrong, same after NFC"] += 1
                failures["wrong"].append("%s (%s): %s, expected %s%s" % (location, why, path, expect, note))
        else:
            counts["nowhere"] += 1
            if path is None:
                by_why[why][1] += 1
            else:
                counts["guessed"] += 1
                failures["guessed"].append("%s (%s): %s, expected none" % (location, why, path))
    unlisted = len(entries) - len(listed)

    # one file, one item
    by_path = collections.defaultdict(list)
    for item in items:
        path = item.get("path")
        if isinstance(path, str) and "start_ms" not in item:
            by_path[path].append(item)
    shared = 0
    for path, group in sorted(by_path.items()):
        if len(group) < 2:
            continue
        expected = all(export in sources_of(i) and isinstance(i.get("location"), str)
                       and entries.get(i["location"], {}).get("expect") == path for i in group)
        if expected:
            shared += 1
            continue
        counts["two items"] += 1
        shown = ", ".join("%s at %s" % (i.get("id"), i.get("location")) for i in group[:3])
        failures["two items"].append("%s: %d items (%s%s)" % (path, len(group), shown, ", ..." if len(group) > 3 else ""))

    found_pct = percent(counts["found"], counts["there"])
    why_text = ", ".join("%s %d/%d" % (why, right, total) for why, (total, right) in sorted(by_why.items()))
    print("%s (%s layout): %d of %d entries' locations are items of %s (%d not listed); "
          "%d have a file here, %d found (%.2f%%, at least %.2f%% wanted), %d wrong%s, %d missed; "
          "%d have none, %d of them guessed; right by kind: %s; %d paths are two or more items "
          "(and %d files listed twice by the export, as expected)." % (
              args.items, answers.get("layout", "?"), len(listed), len(entries), export, unlisted,
              counts["there"], counts["found"], found_pct, args.min_found, counts["wrong"],
              " (%d the same after NFC)" % counts["wrong, same after NFC"] if counts["wrong, same after NFC"] else "",
              counts["missed"], counts["nowhere"], counts["guessed"], why_text or "none",
              counts["two items"], shared))
    for kind in ("wrong", "guessed", "missed", "two items"):
        if failures[kind]:
            print("\n%s (%d%s):" % (kind, len(failures[kind]), ", the first %d" % EXAMPLES if len(failures[kind]) > EXAMPLES else ""))
            for line in failures[kind][:EXAMPLES]:
                print("  " + line)
    if entries and not listed:
        print("\nno item lists %s among its sources: was that file indexed (`mixtape index %s`)?" % (export, export))
        return 1
    failed = found_pct < args.min_found or counts["wrong"] or counts["guessed"] or counts["two items"]
    print("\n%s" % ("FAIL" if failed else "PASS"))
    if args.counts:
        print("counts: " + json.dumps({key: counts[key] for key in ("there", "found", "wrong", "guessed", "missed")}))
    return 1 if failed else 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet under `| head`
    sys.exit(main())
