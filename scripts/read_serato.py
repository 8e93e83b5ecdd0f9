#!/usr/bin/env python3
"""Independent reading of a Serato library: `_Serato_/database V2` and the crates
(`Subcrates/*.crate`) and smart crates (`SmartCrates/*.scrate`) beside it.

Prints JSON Lines with the keys of docs/json.md as docs/sources.md maps them, written from the
format and the real files, not from Mixtape's Swift reader: the end-to-end tests compare
`mixtape search --json` and `mixtape playlists --json` against this, field by field.

    read_serato.py DATABASE               item records (as `search --json` prints them)
    read_serato.py --playlists DATABASE   playlist records (as `playlists --json` prints them,
                                          without `source` and `path`)
    read_serato.py --crate FILE           the entries' paths of one crate, one per line

Standard library only. The format: records of a 4-byte ASCII tag, a 4-byte big-endian length
and that many bytes; `t`/`p` tags hold UTF-16 big-endian text, `u` tags 32-bit big-endian
numbers, `o` tags more records. The database starts with `vrsn` ("2.0/Serato Scratch LIVE
Database") and holds one `otrk` per track; a crate starts with `vrsn` ("1.0/Serato ScratchLive
Crate" or "... Smart Crate") and holds one `otrk` per entry with its path in `ptrk`.

The mapping (docs/sources.md, "Serato", says the same):
- A track without pfil is skipped; a pfil whose key was seen is skipped (the first is kept).
- key: pfil without leading "/", in Unicode NFC. id: "serato:" + 16 upper-case hex digits of
  64-bit FNV-1a over the key's UTF-8 bytes followed by a 0xFF byte.
- root: from the folder holding _Serato_, up while the parent is on the same st_dev; a root
  directly below "/" is "/". location: root + "/" + pfil without leading "/".
- kind: "video" for an extension in mp4 m4v mkv webm mov avi vob mpg mpeg wmv flv, else music.
- Texts empty or only spaces/tabs are absent; the last of a repeated field counts.
- title tsng, artist tart, album talb, genre tgen, comments tcom, composer tcmp, grouping tgrp,
  label tlbl, remixer trmx, musical_key tkey.
- bpm: tbpm (digits and one dot) > 0, rounded half up. duration_ms: tlen "M:SS.CC" or
  "H:M:SS.CC", seconds below 60, > 0, in ms rounded half up. bit_rate: tbit "N[.N]kbps" half
  up. sample_rate: tsmp "N[.N]k" x 1000 half up, "22.1k" = 22050, "11.0k"/"11k" = 11025.
- year: ttyr of 1-4 digits, or 4 digits followed by - or /; 0 is absent.
- size ufsb, track_number utkn, disc_number udsc: 32-bit, 0 absent.
- date_added: uadd (Unix seconds, 0 absent), else tadd (digits); date_modified: utme.
- Playlists: crates (sorted by their %%-separated name parts, part by part in UTF-8 byte
  order), then smart crates likewise; a folder prefix without a crate of its own is a folder
  playlist. Entries whose key names a track are items, the others count in missing.
  ids: "serato-playlist:" + FNV-1a over role, kind, path each + 0xFF (role "playlist" or
  "folder"; kind "crate" or "smart"; path the name parts joined by "%%").
"""
import json
import math
import os
import struct
import sys
import unicodedata
from datetime import datetime, timezone

VIDEO = {"mp4", "m4v", "mkv", "webm", "mov", "avi", "vob", "mpg", "mpeg", "wmv", "flv"}


def fnv1a(*parts):
    value = 0xCBF29CE484222325
    for part in parts:
        for byte in part.encode("utf-8") + b"\xff":
            value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016X" % value


def records(data, start=0, end=None):
    end = len(data) if end is None else end
    offset = start
    while offset < end:
        if end - offset < 8:
            raise ValueError("header cut at %d" % offset)
        tag = data[offset:offset + 4].decode("latin-1")
        (length,) = struct.unpack(">I", data[offset + 4:offset + 8])
        if offset + 8 + length > end:
            raise ValueError("%s at %d runs past its end" % (tag, offset))
        yield tag, data[offset + 8:offset + 8 + length]
        offset += 8 + length


def text(body):
    if len(body) % 2:
        raise ValueError("odd text")
    return body.decode("utf-16-be", "replace")


def number(body):
    if len(body) != 4:
        raise ValueError("number of %d bytes" % len(body))
    return struct.unpack(">I", body)[0]


def key(path):
    return unicodedata.normalize("NFC", path.lstrip("/"))


def root_of(database):
    folder = os.path.dirname(os.path.dirname(os.path.abspath(database)))
    try:
        device = os.stat(folder).st_dev
    except OSError:
        return "/"
    while folder != "/":
        up = os.path.dirname(folder)
        try:
            if os.stat(up).st_dev != device:
                break
        except OSError:
            break
        folder = up
    return "/" if os.path.dirname(folder) == "/" else folder


def decimal(value):
    if not value or value == "." or value.count(".") > 1 or any(c not in "0123456789." for c in value):
        return None
    return float(value)


def half_up(number):
    return int(math.floor(number + 0.5))


def nonblank(value):
    return None if value is None or value.strip(" \t") == "" else value


def bpm(value):
    number_ = decimal(value)
    if number_ is None or number_ <= 0:
        return None
    result = half_up(number_)
    return result if result > 0 else None


def duration(value):
    if value is None:
        return None
    parts = value.split(":")
    if len(parts) not in (2, 3):
        return None
    seconds = decimal(parts[-1])
    if seconds is None or seconds >= 60:
        return None
    total, scale = seconds, 60.0
    for part in reversed(parts[:-1]):
        if "." in part or decimal(part) is None:
            return None
        total += decimal(part) * scale
        scale *= 60
    return half_up(total * 1000) if total > 0 else None


def bit_rate(value):
    if value is None or not value.endswith("kbps"):
        return None
    number_ = decimal(value[:-4])
    return half_up(number_) if number_ is not None and number_ > 0 else None


def sample_rate(value):
    if value is None or not value.endswith("k"):
        return None
    number_ = decimal(value[:-1])
    if number_ is None or number_ <= 0:
        return None
    return {"22.1": 22050, "11.0": 11025, "11": 11025}.get(value[:-1], half_up(number_ * 1000))


def year(value):
    if value is None:
        return None
    digits = ""
    for c in value:
        if c not in "0123456789":
            break
        digits += c
    rest = value[len(digits):]
    if not (1 <= len(digits) <= 4) or not (rest == "" or (len(digits) == 4 and rest[0] in "-/")):
        return None
    return int(digits) or None


def stamp(seconds):
    if not seconds:
        return None
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


TEXTS = {"tsng": "title", "tart": "artist", "talb": "album", "tgen": "genre", "tcom": "comments",
         "tcmp": "composer", "tgrp": "grouping", "tlbl": "label", "trmx": "remixer", "tkey": "musical_key"}
RAW = {"ttyr", "tbpm", "tlen", "tbit", "tsmp", "tadd"}
NUMBERS = {"uadd", "utme", "ufsb", "utkn", "udsc"}


def track_item(body, root, source):
    fields = {}
    for tag, value in records(body):
        if tag == "pfil":
            fields[tag] = text(value)
        elif tag in TEXTS or tag in RAW:
            fields[tag] = nonblank(text(value))
        elif tag in NUMBERS:
            fields[tag] = number(value)
    path = fields.get("pfil")
    if not path:
        return None
    relative = path.lstrip("/")
    location = "/" + relative if root == "/" else root + "/" + relative
    tail = path.rsplit(".", 1)[-1].lower() if "." in path else ""
    item = {"id": "serato:" + fnv1a(key(path)), "location": location, "source": source,
            "kind": "video" if tail in VIDEO and "/" not in tail else "music"}
    for tag, name in TEXTS.items():
        item[name] = fields.get(tag)
    item["year"] = year(fields.get("ttyr"))
    item["bpm"] = bpm(fields.get("tbpm"))
    item["duration_ms"] = duration(fields.get("tlen"))
    item["bit_rate"] = bit_rate(fields.get("tbit"))
    item["sample_rate"] = sample_rate(fields.get("tsmp"))
    item["size"] = fields.get("ufsb") or None
    item["track_number"] = fields.get("utkn") or None
    item["disc_number"] = fields.get("udsc") or None
    added = fields.get("uadd")
    if not added and fields.get("tadd") and fields["tadd"].isdigit() and int(fields["tadd"]) < 1 << 32:
        added = int(fields["tadd"])
    item["date_added"] = stamp(added)
    item["date_modified"] = stamp(fields.get("utme"))
    return {k: v for k, v in item.items() if v is not None}


def read(database, root=None):
    """The items; `root` stands in for the drive root (the relocation corpus reads a database
    that it lays out elsewhere)."""
    source = os.path.abspath(database)
    data = open(database, "rb").read()
    root = root_of(database) if root is None else root
    items, seen = [], set()
    for index, (tag, body) in enumerate(records(data)):
        if index == 0:
            if tag != "vrsn" or "Serato Scratch LIVE Database" not in text(body):
                raise ValueError("not a Serato database")
            continue
        if tag != "otrk":
            continue
        item = track_item(body, root, source)
        if item is None or item["id"] in seen:
            continue
        seen.add(item["id"])
        items.append(item)
    return items


def crate_entries(path):
    data = open(path, "rb").read()
    entries = []
    for index, (tag, body) in enumerate(records(data)):
        if index == 0:
            if tag != "vrsn" or "Crate" not in text(body):
                raise ValueError("not a Serato crate")
            continue
        if tag == "otrk":
            found = None
            for field, value in records(body):
                if field == "ptrk":
                    found = text(value)
            if found:
                entries.append(found)
    return entries


def parts_of(name):
    stem = name[:name.rindex(".")] if "." in name else name
    parts = [p for p in stem.split("%%") if p]
    return parts or [stem]


def crate_files(database):
    serato = os.path.dirname(os.path.abspath(database))
    files = []
    for folder, suffix, smart in (("Subcrates", ".crate", False), ("SmartCrates", ".scrate", True)):
        directory = os.path.join(serato, folder)
        names = os.listdir(directory) if os.path.isdir(directory) else []
        found = [(parts_of(n), os.path.join(directory, n)) for n in names
                 if not n.startswith(".") and n.endswith(suffix) and len(n) > len(suffix)
                 and os.path.isfile(os.path.join(directory, n))]
        found.sort(key=lambda pair: [p.encode("utf-8", "surrogateescape") for p in pair[0]])
        files += [(parts, path, smart) for parts, path in found]
    return files


def playlists(database):
    known = {item["id"] for item in read(database)}
    result, ids, made = [], {}, set()
    for parts, path, smart in crate_files(database):
        kind = "smart" if smart else "crate"
        joined = "%%".join(parts)
        if (kind, joined) in made:
            continue
        made.add((kind, joined))
        parent = None
        for depth in range(1, len(parts)):
            prefix = "%%".join(parts[:depth])
            if (kind, prefix) in ids:
                parent = ids[(kind, prefix)]
                continue
            folder_id = "serato-playlist:" + fnv1a("folder", kind, prefix)
            result.append({"id": folder_id, "name": parts[depth - 1], "parent_id": parent, "folder": True,
                           "smart": False, "items": [], "missing": 0})
            ids[(kind, prefix)] = parent = folder_id
        playlist = {"id": "serato-playlist:" + fnv1a("playlist", kind, joined), "name": parts[-1],
                    "parent_id": parent, "folder": False, "smart": smart, "items": [], "missing": 0}
        for entry in crate_entries(path):
            entry_id = "serato:" + fnv1a(key(entry))
            if entry_id in known:
                playlist["items"].append(entry_id)
            else:
                playlist["missing"] += 1
        ids[(kind, joined)] = playlist["id"]
        result.append(playlist)
    return result


def main(argv):
    if len(argv) == 3 and argv[1] == "--crate":
        for entry in crate_entries(argv[2]):
            sys.stdout.write(entry + "\n")
        return
    records_ = playlists(argv[-1]) if "--playlists" in argv[1:-1] else read(argv[-1])
    for record in records_:
        sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(sys.argv)
