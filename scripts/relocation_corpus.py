#!/usr/bin/env python3
"""Lay out the files a library export names the way people copy music to a new machine, and
write down where each entry's file ended up: a corpus for Mixtape's relocation.

usage: relocation_corpus.py EXPORT OUTDIR --layout whole|media|messy|all [--seed N] [--force]

EXPORT is an iTunes / Music.app XML, a rekordbox XML, a Traktor NML, a Rhythmbox
rhythmdb.xml, a VirtualDJ database.xml or a Serato `_Serato_/database V2` (told apart by
content, else by extension). A Serato database is laid out in a `_Serato_` folder of its own,
with the crate folders beside it, and its entries' locations are made against the drive root of
OUTDIR (Serato's paths are relative to the drive that holds `_Serato_`). Its entries'
locations are decoded by the repository's own readers (scripts/read_itunes.py,
read_rekordbox.py, read_traktor.py, read_rhythmbox.py, read_virtualdj.py), so the keys below are the strings `mixtape search --json` prints as
`location`. Only entries whose location is a file path count (`C:/...`, `/...`, `//host/...`);
streams and entries without a location are left out.

Layouts (OUTDIR/home/Music is the "Music folder" on the new machine):
- whole: everything below the entries' common root is recreated under OUTDIR/home/Music, and a
  copy of the export sits inside it where it lay (an iTunes export beside its media folder,
  OUTDIR/home/Music/iTunes/<name>; other exports at OUTDIR/home/Music/<name>). No folder
  source: the export's own folder is searched.
- media: only the media below the deepest common directory, in OUTDIR/home/Music; the export
  in OUTDIR/exports/<name>. Folder source: OUTDIR/home/Music.
- messy: media, then, drawn from a seeded RNG: ~10% of artist folders in another letter case,
  ~10% of accented file names in the other Unicode normal form, ~3% of files moved to
  Moved/<name>, ~3% missing, ~2% present a second time in Copies/<name>, ~1% moved to both
  Moved/A/<name> and Moved/B/<name> (ambiguous). Only entries whose name and size are unique
  among all entries are moved, missing, copied or ambiguous, so no other file can answer them.
- all: each of the above in OUTDIR/<layout>/.

Files are sparse (os.truncate) with the size the export gives (Traktor: FILESIZE KiB x 1024),
else 1000 + i bytes. Entries whose locations name one file (the same string, or, outside
Rhythmbox, the same path up to letter case and Unicode normal form, as Windows and macOS see
it) share that file. OUTDIR/answers.json:

  {"export": ABS, "folders": [ABS...], "layout": L, "root": ORIGINAL ROOT, "counts": {...},
   "entries": {LOCATION: {"expect": ABS or null, "why": W}}}

where W is how Mixtape is to find the file: rule (a FROM=TO prefix rule gives the path as it
is), case / nfd (the rule's path up to letter case / Unicode normal form), moved (the only
file with that name and size), missing (no file), ambiguous (two equally good files: not to be
guessed), twice (at its rule path; a copy of the same size is elsewhere), exact (the location
is already the path here). Locations outside the common root (files the copy did not bring)
are missing, or moved / ambiguous when unclaimed files of their name and size were brought.

Deterministic: the same EXPORT, layout and seed give the same tree and answers.
Standard library only.
"""
import argparse
import collections
import json
import math
import os
import plistlib
import random
import re
import shutil
import sys
import types
import unicodedata
import xml.etree.ElementTree as ET
import xml.parsers.expat

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # importing the readers leaves no __pycache__ in scripts/

import read_itunes  # noqa: E402
import read_rhythmbox  # noqa: E402
import read_traktor  # noqa: E402
import read_serato  # noqa: E402
import read_virtualdj  # noqa: E402

# Only read_rekordbox's decode_location and integer are used here, never pyrekordbox itself:
# stand-ins take its place, whether it is installed or not. Importing it (and SQLAlchemy with
# it) took longer than building a layout of a 2,000-entry export, once per export and layout.
_pkg = types.ModuleType("pyrekordbox")
_pkg.RekordboxXml = object
_sub = types.ModuleType("pyrekordbox.rbxml")
_sub.Node = _sub.Track = object
sys.modules["pyrekordbox"], sys.modules["pyrekordbox.rbxml"] = _pkg, _sub
import read_rekordbox  # noqa: E402

LAYOUTS = ["whole", "media", "messy"]
MAX_SIZE = 1 << 40  # a size beyond 1 TiB is not believed
DRIVE = re.compile(r"^([A-Za-z]:)([/\\]|$)")
SHARE = {"case": 0.10, "nfd": 0.10, "moved": 0.03, "missing": 0.03, "twice": 0.02, "ambiguous": 0.01}


# ------------------------------------------------------------------ reading the export

def detect(path):
    with open(path, "rb") as handle:
        head = handle.read(8192)
    if head.startswith(b"vrsn") and "Serato Scratch LIVE Database".encode("utf-16-be") in head[:200]:
        return "serato"
    if b"<rhythmdb-playlists" in head:
        sys.exit("relocation_corpus: %s is Rhythmbox's playlists.xml; give its rhythmdb.xml" % path)
    for marker, kind in ((b"<plist", "itunes"), (b"<DJ_PLAYLISTS", "rekordbox"),
                         (b"<NML", "traktor"), (b"<rhythmdb", "rhythmbox"), (b"<VirtualDJ_Database", "virtualdj")):
        if marker in head:
            return kind
    name = os.path.basename(path).lower()
    if name.endswith(".nml"):
        return "traktor"
    if name.startswith("rhythmdb"):
        return "rhythmbox"
    if name.endswith(".plist"):
        return "itunes"
    sys.exit("relocation_corpus: cannot tell what kind of export %s is" % path)


def positive(value):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    value = int(value)
    return value if 0 < value < MAX_SIZE else None


def read_entries(path, kind, outdir=None):
    """(entries, music_folder): entries as (location, size or None) in file order. A Serato
    database's locations are made against the drive root of `outdir`, where its copy goes."""
    entries, music_folder = [], None
    if kind == "itunes":
        with open(path, "rb") as handle:
            library = plistlib.load(handle)
        music_folder = read_itunes.path_of(library.get("Music Folder"))
        for track in (library.get("Tracks") or {}).values():
            if isinstance(track, dict):
                entries.append((read_itunes.path_of(track.get("Location")), positive(track.get("Size"))))
    elif kind == "rekordbox":
        depth, in_collection = 0, False
        for event, element in ET.iterparse(path, events=("start", "end")):
            if event == "start":
                depth += 1
                if depth == 2 and element.tag == "COLLECTION":
                    in_collection = True
                elif depth == 3 and in_collection and element.tag == "TRACK":
                    size = read_rekordbox.integer(element.get("Size"))
                    entries.append((read_rekordbox.decode_location(element.get("Location")), positive(size)))
            else:
                if depth == 2 and element.tag == "COLLECTION":
                    in_collection = False
                if depth <= 3:
                    element.clear()
                depth -= 1
    elif kind == "traktor":
        items, _, _ = read_traktor.read(path)
        for item in items:
            entries.append((item.get("location"), positive(item.get("size"))))
    elif kind == "serato":
        os.makedirs(outdir, exist_ok=True)
        root = read_serato.root_of(os.path.join(os.path.abspath(outdir), "_Serato_", "database V2"))
        for item in read_serato.read(path, root=root):
            entries.append((item.get("location"), positive(item.get("size"))))
    elif kind == "virtualdj":
        for item in read_virtualdj.read(path):
            entries.append((item.get("location"), positive(item.get("size"))))
    else:
        source = os.path.abspath(path)
        for entry_type, fields in read_rhythmbox.read_entries(path):
            kind_name = read_rhythmbox.KINDS.get(entry_type)
            item = read_rhythmbox.item_of(kind_name, fields, source) if kind_name else None
            if item is not None:
                entries.append((item["location"], positive(item.get("size"))))
    return entries, music_folder


# ------------------------------------------------------------------ paths

def split(location):
    """(anchor, [components]) of a file path, or None for anything else (a URL, a relative
    path, a component that is . or .. or NUL or over 255 bytes)."""
    if not isinstance(location, str) or not location or "\0" in location:
        return None
    drive = DRIVE.match(location)
    if drive:
        anchor, parts = drive.group(1).upper(), re.split(r"[/\\]", location[2:])
    elif location.startswith("//"):
        host, _, rest = location[2:].partition("/")
        if not host:
            return None
        anchor, parts = "//" + host.lower(), rest.split("/")
    elif location.startswith("/"):
        anchor, parts = "", location.split("/")
    else:
        return None
    parts = [p for p in parts if p != ""]
    if not parts or any(p in (".", "..") or len(p.encode("utf-8", "surrogatepass")) > 255 for p in parts):
        return None
    return anchor, parts


def nfc(text):
    return unicodedata.normalize("NFC", text)


class Folder:
    """How names compare where the export was written: Windows and macOS see one file whatever
    its letter case and normal form; Linux (Rhythmbox) compares bytes."""

    def __init__(self, insensitive):
        self.insensitive = insensitive

    def key(self, part):
        return nfc(part).casefold() if self.insensitive else part


def fold(text):
    return nfc(text).casefold()


# ------------------------------------------------------------------ the root

def common_root(splits, folder):
    """The directory (anchor, folded parts) below which the files were copied: the longest
    common directory prefix when it is a folder; else the deepest folder holding 90% of the
    files (the Music folder, without a few downloads elsewhere); else the drive (or /) when
    90% of the files are on it; else the deepest directory holding half of them."""
    counts = collections.Counter()
    for anchor, parts in splits:
        keys = [folder.key(p) for p in parts[:-1]]
        for depth in range(0, len(keys) + 1):
            counts[(anchor, tuple(keys[:depth]))] += 1
    total = len(splits)
    if not counts:
        return None

    def deepest(share, least_depth):
        held = [k for k, n in counts.items() if n >= share * total and len(k[1]) >= least_depth]
        return max(held, key=lambda k: (len(k[1]), counts[k], k)) if held else None

    return deepest(1, 1) or deepest(0.9, 1) or deepest(0.9, 0) or deepest(0.5, 0) or \
        max(counts, key=lambda k: (counts[k], len(k[1]), k))


def under(split_path, root, folder):
    anchor, parts = split_path
    r_anchor, r_parts = root
    return anchor == r_anchor and len(parts) > len(r_parts) and \
        all(folder.key(p) == k for p, k in zip(parts, r_parts))


MEDIA_FOLDERS = {"itunes media", "itunes music", "media.localized"}


def itunes_whole_root(music_folder, splits, folder, root):
    """(root, export dir below the root) for an iTunes export: the root is the media folder's
    grandparent (the user's Music folder, which holds iTunes/ with iTunes Media/ inside it),
    the export lies in the media folder's parent. The media folder is the Music Folder key
    when at least half the files lie below it, else the deepest iTunes Media, iTunes Music or
    Media.localized folder of the common root (a library moved to another disk keeps the key)."""
    m = split(music_folder) if music_folder else None
    if m is not None:
        m_key = (m[0], tuple(folder.key(p) for p in m[1]))
        inside = sum(1 for s in splits if under(s, m_key, folder))
        if 2 * inside < len(splits):
            m = None
    if m is None and root is not None:
        media = [d for d, k in enumerate(root[1]) if fold(k) in MEDIA_FOLDERS]
        if media:
            m = (root[0], list(root[1][:media[-1] + 1]))
    if m is None:
        return None
    keep = max(1, len(m[1]) - 2)
    return (m[0], tuple(folder.key(p) for p in m[1][:keep])), m[1][keep:len(m[1]) - 1]


# ------------------------------------------------------------------ laying out

class Layout:
    def __init__(self, outdir, layout, kind, export, entries, music_folder, seed):
        self.outdir, self.layout, self.kind, self.export = outdir, layout, kind, export
        self.seed = seed
        self.folder = Folder(kind != "rhythmbox")
        self.music = os.path.join(outdir, "home", "Music")
        self.skipped = collections.Counter()
        # locations: first appearance order, one size each (the first given)
        self.locations = {}
        for index, (location, size) in enumerate(entries):
            if location is None:
                self.skipped["no location"] += 1
                continue
            if location in self.locations:
                continue
            parts = split(location)
            if parts is None:
                url = re.match(r"^[A-Za-z][A-Za-z0-9+.-]+:", location) and not DRIVE.match(location)
                self.skipped["a URL" if url else "not a file path"] += 1
                continue
            self.locations[location] = (parts, size, index)
        splits = [v[0] for v in self.locations.values()]
        self.root = common_root(splits, self.folder) if splits else None
        self.export_dir = None  # below the root, for `whole`
        if layout == "whole" and kind == "itunes":
            found = itunes_whole_root(music_folder, splits, self.folder, self.root)
            if found:
                self.root, self.export_dir = found
        self.plan()

    # -- the clean copy: location -> relative path on disk (a list of components)
    def plan(self):
        folder = self.folder
        self.rel = {}          # location -> tuple of disk components below home/Music
        self.outside = set()   # locations the copy did not bring
        spelled = {}           # folded prefix -> the spelling seen first
        files = {}             # folded full path -> disk components (one file)
        dirs = set()           # folded directory prefixes
        for location, (parts, size, index) in self.locations.items():
            if self.root is None or not under(parts, self.root, folder):
                self.outside.add(location)
                continue
            below = parts[1][len(self.root[1]):]
            keys = tuple(folder.key(p) for p in below)
            disk = []
            for depth in range(1, len(below) + 1):
                disk.append(spelled.setdefault(keys[:depth], below[depth - 1]))
            if keys in dirs or any(keys[:d] in files for d in range(1, len(keys))):
                self.skipped["a file where a folder is"] += 1
                continue
            if keys not in files:
                files[keys] = tuple(disk)
                for d in range(1, len(keys)):
                    dirs.add(keys[:d])
            self.rel[location] = files[keys]
        # one size per file: the first entry's, else 1000 + its index
        self.size = {}
        for location, disk in self.rel.items():
            if disk not in self.size:
                _, size, index = self.locations[location]
                self.size[disk] = size if size is not None else 1000 + index
        self.sharers = collections.Counter(self.rel.values())
        if self.export_dir:
            keys = tuple(folder.key(p) for p in self.export_dir)
            self.export_dir = [spelled.get(keys[:d], self.export_dir[d - 1]) for d in range(1, len(keys) + 1)]

    def build(self):
        os.makedirs(self.music, exist_ok=True)
        self.outdir_real = os.path.realpath(self.outdir)
        self.music_abs = os.path.join(self.outdir_real, "home", "Music")
        disk_of = dict(self.rel)          # location -> where its file is (None: nowhere)
        why = {}
        extra = []                        # (components, size) of files no entry's rule names
        if self.layout == "messy":
            disk_of, why, extra = self.mess(disk_of)
        # create the files
        made = set()
        created = {}                      # disk components -> size
        for location, disk in disk_of.items():
            if disk is not None and disk not in made:
                made.add(disk)
                created[disk] = self.size[self.rel[location]]
        for disk, size in extra:
            created[disk] = size
        made_dirs = set()
        for disk, size in sorted(created.items()):
            parent = os.path.join(self.music, *disk[:-1])
            if parent not in made_dirs:
                os.makedirs(parent, exist_ok=True)
                made_dirs.add(parent)
            fd = os.open(os.path.join(parent, disk[-1]), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            try:
                os.ftruncate(fd, size)
            finally:
                os.close(fd)
        # the export copy
        name = os.path.basename(self.export)
        if self.layout == "whole":
            export_dir = os.path.join(self.music, *(self.export_dir or []))
        else:
            export_dir = os.path.join(self.outdir, "exports")
        os.makedirs(export_dir, exist_ok=True)
        if self.kind == "serato":
            # In a _Serato_ folder of its own, its crates beside it, as Serato keeps them.
            export_dir = os.path.join(export_dir, "_Serato_")
            os.makedirs(export_dir, exist_ok=True)
            for folder in ("Subcrates", "SmartCrates"):
                crates = os.path.join(os.path.dirname(self.export), folder)
                if os.path.isdir(crates):
                    shutil.copytree(crates, os.path.join(export_dir, folder))
        export_copy = os.path.join(export_dir, name)
        if os.path.exists(export_copy):
            sys.exit("relocation_corpus: a media file already lies where the export goes: %s" % export_copy)
        shutil.copyfile(self.export, export_copy)
        if self.kind == "rhythmbox":
            playlists = os.path.join(os.path.dirname(self.export), "playlists.xml")
            if os.path.isfile(playlists) and not os.path.exists(os.path.join(export_dir, "playlists.xml")):
                shutil.copyfile(playlists, os.path.join(export_dir, "playlists.xml"))
        # the answers
        claimed = {d for d in disk_of.values() if d is not None}
        by_name = collections.defaultdict(list)
        for disk, size in created.items():
            if disk not in claimed:
                by_name[(fold(disk[-1]), size)].append(disk)
        # a location the copy did not bring: only an unclaimed file of its name and size can
        # answer it, and only when no other such location wants that file too
        wanted = collections.defaultdict(list)
        for location in self.outside:
            parts, size, _ = self.locations[location]
            if size is not None:
                wanted[(fold(parts[1][-1]), size)].append(location)
        entries, counts = {}, collections.Counter()
        for location, (parts, size, index) in self.locations.items():
            if location in self.outside:
                key = (fold(parts[1][-1]), size)
                candidates = by_name.get(key, []) if size is not None else []
                if len(candidates) == 1 and len(wanted[key]) == 1:
                    answer = {"expect": self.abs(candidates[0]), "why": "moved"}
                elif candidates:
                    answer = {"expect": None, "why": "ambiguous"}
                else:
                    answer = {"expect": None, "why": "missing"}
            elif location not in self.rel:
                continue  # left out (a file where a folder is)
            elif location in why:
                disk = disk_of[location]
                answer = {"expect": self.abs(disk) if disk else None, "why": why[location]}
            else:
                answer = {"expect": self.abs(disk_of[location]), "why": self.how(location, parts, disk_of[location])}
            entries[location] = answer
            counts[answer["why"]] += 1
        folders = [] if self.layout == "whole" else [self.music_abs]
        root = None
        inside = next((self.locations[l][0] for l in self.rel), None)
        if inside is not None:  # the root as the first location below it spells it
            anchor, parts = inside
            root = (anchor + "/" if anchor else "/") + "/".join(parts[:len(self.root[1])])
        answers = {"export": os.path.join(self.outdir_real, os.path.relpath(export_copy, self.outdir)),
                   "folders": folders, "layout": self.layout, "kind": self.kind,
                   "source_export": os.path.abspath(self.export), "seed": self.seed,
                   "root": root, "files": len(created),
                   "counts": dict(sorted(counts.items())), "skipped": dict(sorted(self.skipped.items())),
                   "entries": entries}
        with open(os.path.join(self.outdir, "answers.json"), "w", encoding="utf-8") as out:
            json.dump(answers, out, ensure_ascii=False, indent=1, sort_keys=False)
            out.write("\n")
        self.verify(entries)
        return answers

    def verify(self, entries):
        """Walk the tree that was made and check each answer against it, as the rules would
        find it: a wrong answer key is worse than none."""
        files = {}
        for top, _, names in os.walk(self.music_abs):
            for name in names:
                path = os.path.join(top, name)
                files[path] = os.lstat(path).st_size
        exact = set(files)
        by_nfc = collections.defaultdict(list)
        by_fold = collections.defaultdict(list)
        by_name = collections.defaultdict(list)
        for path, size in files.items():
            by_nfc[nfc(path)].append(path)
            by_fold[fold(path)].append(path)
            by_name[(fold(os.path.basename(path)), size)].append(path)
        claimed = {a["expect"] for a in entries.values() if a["expect"] is not None}
        problems = []
        for location, answer in entries.items():
            parts, size, _ = self.locations[location]
            expect, why = answer["expect"], answer["why"]
            rule = None
            if location not in self.outside:
                rule = os.path.join(self.music_abs, *parts[1][len(self.root[1]):])
            if rule is None:
                at_rule = []
            elif rule in exact:
                at_rule = [rule]
            elif by_nfc.get(nfc(rule)):
                at_rule = by_nfc[nfc(rule)]
            else:
                at_rule = by_fold.get(fold(rule), [])
            others = [p for p in by_name.get((fold(parts[1][-1]), size), []) if p not in claimed or p == expect]
            if expect is not None and expect not in exact:
                problems.append("%s: %s was not made" % (why, expect))
            elif why in ("rule", "case", "nfd", "twice", "exact") and at_rule != [expect]:
                problems.append("%s: the rule's path finds %d files" % (why, len(at_rule)))
            elif why == "moved" and (at_rule or others != [expect]):
                problems.append("moved: %d at the rule's path, %d of its name and size" % (len(at_rule), len(others)))
            elif why == "missing" and (at_rule or (size is not None and others)):
                problems.append("missing: %d at the rule's path, %d of its name and size" % (len(at_rule), len(others)))
            elif why == "ambiguous" and (at_rule or (len(others) < 2 and location not in self.outside)):
                problems.append("ambiguous: %d at the rule's path, %d of its name and size" % (len(at_rule), len(others)))
        if problems:
            for problem in problems[:10]:
                sys.stderr.write("relocation_corpus: answer key check: %s\n" % problem)
            sys.exit("relocation_corpus: %d answers do not hold in %s" % (len(problems), self.outdir))

    def abs(self, disk):
        return os.path.join(self.music_abs, *disk)

    def how(self, location, parts, disk):
        """rule / nfd / case / exact: how the rule's path meets the file."""
        path = self.abs(disk)
        if path == location:
            return "exact"
        written = parts[1][len(self.root[1]):]
        if tuple(written) == tuple(disk):
            return "rule"
        if all(nfc(a) == nfc(b) for a, b in zip(written, disk)):
            return "nfd"
        return "case"

    # -- messy: returns (location -> disk or None, location -> why, extra files)
    def mess(self, disk_of):
        rng = random.Random(self.seed)
        n = len(self.rel)
        want = {k: (max(1, round(v * n)) if n >= 20 else round(v * n)) for k, v in SHARE.items()}
        disk_of = dict(disk_of)
        why = {}
        # --- case: artist folders: the topmost folders holding at most a twentieth of the
        # files, ~10% of them, renaming at most ~10% of the files
        held = collections.Counter()
        for d in self.sharers:
            for depth in range(1, len(d)):
                held[d[:depth]] += 1
        folded_paths = collections.Counter(tuple(fold(p) for p in d) for d in self.sharers)
        twins = {d for d in self.sharers if folded_paths[tuple(fold(p) for p in d)] > 1}
        spoilt = {d[:depth] for d in twins for depth in range(1, len(d))}
        folded_dirs = collections.Counter(d[:-1] + (fold(d[-1]),) for d in held)
        small = max(1, n // 20)
        candidates = sorted(d for d, count in held.items()
                            if count <= small and (len(d) == 1 or held[d[:-1]] > small)
                            and folded_dirs[d[:-1] + (fold(d[-1]),)] == 1 and d not in spoilt)
        rng.shuffle(candidates)
        want_case = max(1, round(SHARE["case"] * len(candidates))) if len(candidates) >= 3 else 0
        budget = max(1, round(SHARE["case"] * n))
        renamed = {}  # folder (a tuple of components) -> its name in another case
        for folder in candidates:
            if len(renamed) >= want_case or budget <= 0:
                break
            options = [c for c in (folder[-1].lower(), folder[-1].upper()) if c != folder[-1]]
            if options and held[folder] <= budget:
                renamed[folder] = rng.choice(options)
                budget -= held[folder]

        def rename(disk):
            for depth in range(1, len(disk)):
                if disk[:depth] in renamed:
                    return disk[:depth - 1] + (renamed[disk[:depth]],) + disk[depth:]
            return disk

        # --- nfd: file names in the other normal form
        nfc_paths = collections.Counter(tuple(nfc(p) for p in d) for d in self.sharers)
        accented = sorted(d for d in self.sharers
                          if unicodedata.normalize("NFD", d[-1]) != nfc(d[-1])
                          and nfc_paths[tuple(nfc(p) for p in d)] == 1 and d not in twins)
        rng.shuffle(accented)
        renormed = {}
        for disk in accented[:want["nfd"]]:
            name = disk[-1]
            other = nfc(name) if name == unicodedata.normalize("NFD", name) else unicodedata.normalize("NFD", name)
            renormed[disk] = other
        for location, disk in list(disk_of.items()):
            new = rename(disk)
            if disk in renormed:
                new = new[:-1] + (renormed[disk],)
            disk_of[location] = new
        # --- moved, missing, twice, ambiguous: files one entry names, of a unique name and size
        per_name = collections.Counter((fold(d[-1]), self.size[d]) for d in self.sharers)
        for location, (parts, size, _) in self.locations.items():
            if location in self.outside and size is not None:
                per_name[(fold(parts[1][-1]), size)] += 1
        # a file of one location, left in its place so far, whose name and size no other entry
        # or file has: strong (the export gives its size: it may be moved or made ambiguous)
        # or not (missing or twice only: with no size, nothing finds it by name)
        eligible = []
        for location, disk in self.rel.items():
            if self.sharers[disk] != 1 or disk in renormed or rename(disk) != disk:
                continue
            if per_name[(fold(disk[-1]), self.size[disk])] != 1:
                continue
            eligible.append((disk, location, self.locations[location][1] is not None))
        eligible.sort()
        rng.shuffle(eligible)
        used_names = collections.defaultdict(set)  # folder -> folded names in it
        taken = {fold(d[0]) for d in self.sharers}

        def free(base):
            name, k = base, 1
            while fold(name) in taken:
                k += 1
                name = "%s %d" % (base, k)
            taken.add(fold(name))
            return name

        moved_top = copies_top = None
        extra = []
        pool = collections.deque(eligible)
        for what in ("ambiguous", "moved", "missing", "twice"):
            if want[what] == 0:
                continue
            if what in ("moved", "ambiguous") and moved_top is None:
                moved_top = free("Moved")
            if what == "twice" and copies_top is None:
                copies_top = free("Copies")
            home = {"moved": (moved_top,), "ambiguous": (moved_top, "A"), "twice": (copies_top,)}.get(what)
            done, passed = 0, []
            while pool and done < want[what]:
                disk, location, strong = pool.popleft()
                name = disk[-1]
                if what in ("moved", "ambiguous") and not strong:
                    passed.append((disk, location, strong))
                    continue
                if home is not None:
                    if fold(name) in used_names[home]:
                        passed.append((disk, location, strong))  # the name is there: another kind may take it
                        continue
                    used_names[home].add(fold(name))
                why[location] = what
                if what == "moved":
                    disk_of[location] = (moved_top, name)
                elif what == "ambiguous":
                    disk_of[location] = None
                    extra.append(((moved_top, "A", name), self.size[disk]))
                    extra.append(((moved_top, "B", name), self.size[disk]))
                elif what == "missing":
                    disk_of[location] = None
                else:  # twice: the file stays, a copy of it lies in Copies/
                    extra.append(((copies_top, name), self.size[disk]))
                done += 1
            pool.extendleft(reversed(passed))
        # a moved file's "name" could now be shared with a Moved/A name: never, names in Moved
        # and Moved/A are unique and each name+size was unique among all entries.
        return disk_of, why, extra


def make(export, outdir, layout, seed, kind, entries, music_folder, force):
    if os.path.exists(outdir) and os.listdir(outdir):
        if not force:
            sys.exit("relocation_corpus: %s is not empty (--force removes what this script makes there)" % outdir)
        for name in ("home", "exports"):
            shutil.rmtree(os.path.join(outdir, name), ignore_errors=True)
        if os.path.exists(os.path.join(outdir, "answers.json")):
            os.remove(os.path.join(outdir, "answers.json"))
    os.makedirs(outdir, exist_ok=True)
    answers = Layout(outdir, layout, kind, export, entries, music_folder, seed).build()
    counts = ", ".join("%s %d" % kv for kv in answers["counts"].items())
    skipped = sum(answers["skipped"].values())
    print("%s: %s, %d entries (%s), %d files%s; answers in %s" % (
        layout, kind, len(answers["entries"]), counts or "none", answers["files"],
        ", %d entries left out (%s)" % (skipped, ", ".join("%s %d" % kv for kv in answers["skipped"].items())) if skipped else "",
        os.path.join(outdir, "answers.json")))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("export")
    parser.add_argument("outdir")
    parser.add_argument("--layout", required=True, choices=LAYOUTS + ["all"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--force", action="store_true",
                        help="replace home/, exports/ and answers.json in OUTDIR (or its layout folders)")
    args = parser.parse_args()
    kind = detect(args.export)
    try:
        entries, music_folder = read_entries(args.export, kind, args.outdir)
    except (ET.ParseError, xml.parsers.expat.ExpatError, plistlib.InvalidFileException, ValueError) as error:
        sys.exit("relocation_corpus: %s is not a readable %s export: %s" % (args.export, kind, error))
    layouts = LAYOUTS if args.layout == "all" else [args.layout]
    for layout in layouts:
        outdir = os.path.join(args.outdir, layout) if args.layout == "all" else args.outdir
        make(args.export, outdir, layout, args.seed, kind, entries, music_folder, args.force)


if __name__ == "__main__":
    main()
