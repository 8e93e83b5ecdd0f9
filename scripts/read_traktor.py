#!/usr/bin/env python3
"""Independent reading of a Traktor NML file (collection.nml, history or exported playlist).

Prints JSON Lines with the keys of docs/json.md as docs/sources.md maps them, written from the
spec and not from Mixtape's Swift reader: the end-to-end tests compare `mixtape search --json`
and `playlists --json` against this, field by field.

    read_traktor.py FILE             items, then playlists, each with "record": "item"/"playlist"
    read_traktor.py --items FILE     item records only (as `search --json` prints them)
    read_traktor.py --playlists FILE playlist records only (as `playlists --json` prints them)

Warnings go to stderr. Standard library only.

The mapping (docs/guide.md, "Traktor", says the same):
- Items are the ENTRY children of COLLECTION (SETS, Remix Sets, are not items).
- id: "traktor:" + 16 upper-case hex digits of 64-bit FNV-1a over the UTF-8 bytes of the
  PRIMARYKEY (VOLUME + DIR + FILE, the key playlists use) followed by a 0xFF byte. An ENTRY with
  no LOCATION gets "traktor:" + the same hash over "no-location", ARTIST, ALBUM TITLE, TITLE,
  ALBUM TRACK, PLAYTIME (each followed by 0xFF). A key seen twice: the later ENTRY wins.
- location: DIR's "/:" separators read as "/"; a drive volume ("C:") gives "C:/..."; a volume
  whose path starts at Users/, Library/ or Applications/, an empty volume and "Macintosh HD"
  are the boot disk ("/Users/..."); any other volume is "/Volumes/<VOLUME>/...".
- Numbers: an attribute that is not a plain decimal number is absent; empty text is absent.
- rating: RANKING 0-255 -> stars = round(RANKING / 51) -> stars * 20 (what Traktor shows).
- bit_rate: BITRATE bits/s -> kbit/s rounded; 0 or less (Traktor writes -1) is absent.
- size: FILESIZE (KiB) * 1024. duration_ms: PLAYTIME_FLOAT * 1000 rounded, else PLAYTIME * 1000.
- bpm: TEMPO BPM rounded half up; 0 or less is absent.
- musical_key: INFO KEY as written; else MUSICAL_KEY VALUE 0-23 as Traktor's musical notation.
- Dates "YYYY/M/D" are read as UTC midnight (NML has no time zone); date_modified adds
  MODIFIED_TIME seconds. year: the year of RELEASE_DATE (when above 0).
- Playlists: the "$ROOT" folder is not listed (Traktor does not show it); its children are at
  top level. FOLDER -> folder; PLAYLIST -> items by PRIMARYKEY TYPE="TRACK", repeats kept, keys
  that name no ENTRY and every non-track key (TYPE="SET", Remix Sets) counted in missing;
  SMARTLIST -> smart, its SEARCH_EXPRESSION translated into a query of docs/query.md (see
  smart_query) and its items the items that query matches, in file order (Mixtape lists them
  in library order: compare them as sets); an expression with no translation gives no items,
  query null and a warning. id: "traktor-playlist:" + UUID as
  written when the node has one, else + its path; a repeated id gets "#2", "#3", ...
"""
import json
import math
import os
import re
import signal
import sys
import unicodedata
import xml.etree.ElementTree as ET

KEYS = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B",
        "Cm", "Dbm", "Dm", "Ebm", "Em", "Fm", "F#m", "Gm", "Abm", "Am", "Bbm", "Bm"]
BOOT_TOPS = {"Users", "Library", "Applications"}
INT_RE = re.compile(r"-?[0-9]+")
DEC_RE = re.compile(r"-?[0-9]+(\.[0-9]*)?|-?\.[0-9]+")
DATE_RE = re.compile(r"([0-9]{1,4})/([0-9]{1,2})/([0-9]{1,2})")
DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def fnv(parts):
    value = 0xcbf29ce484222325
    for part in parts:
        for byte in part.encode("utf-8") + b"\xff":
            value ^= byte
            value = (value * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016X" % value


def text(value):
    return value if value else None


def integer(value):
    if value is None or not INT_RE.fullmatch(value):
        return None
    number = int(value)
    return number if -(2 ** 63) <= number < 2 ** 63 else None


def decimal(value):
    if value is None or not DEC_RE.fullmatch(value):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def half_up(number):
    result = math.floor(number + 0.5)
    return result if -(2 ** 63) <= result < 2 ** 63 else None


def day(value):
    """(year, month, day) of a valid "YYYY/M/D", else None."""
    match = DATE_RE.fullmatch(value or "")
    if not match:
        return None
    y, m, d = (int(g) for g in match.groups())
    if y < 1 or not 1 <= m <= 12:
        return None
    leap = y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    if not 1 <= d <= DAYS[m - 1] + (1 if m == 2 and leap else 0):
        return None
    return y, m, d


def timestamp(value, seconds=0):
    parsed = day(value)
    if parsed is None:
        return None
    y, m, d = parsed
    return "%04d-%02d-%02dT%02d:%02d:%02dZ" % (y, m, d, seconds // 3600, seconds // 60 % 60, seconds % 60)


def location(volume, directory, file):
    path = directory.replace("/:", "/") + file
    if not path.startswith("/"):
        path = "/" + path
    if re.fullmatch(r"[A-Za-z]:", volume):
        return volume + path
    top = path.split("/")[1] if path.count("/") > 1 else ""
    if volume == "" or volume == "Macintosh HD" or top in BOOT_TOPS:
        return path
    return "/Volumes/" + volume + path


def item_record(entry, children, source):
    loc = children.get("LOCATION")
    album = children.get("ALBUM", {})
    info = children.get("INFO", {})
    tempo = children.get("TEMPO", {})
    key = None
    if loc is not None:
        key = loc.get("VOLUME", "") + loc.get("DIR", "") + loc.get("FILE", "")
        item_id = "traktor:" + fnv([key])
    else:
        item_id = "traktor:" + fnv(["no-location", entry.get("ARTIST", ""), album.get("TITLE", ""),
                                     entry.get("TITLE", ""), album.get("TRACK", ""), info.get("PLAYTIME", "")])
    item = {"id": item_id, "kind": "music", "source": source}
    item["title"] = text(entry.get("TITLE"))
    item["artist"] = text(entry.get("ARTIST"))
    item["album"] = text(album.get("TITLE"))
    item["track_number"] = integer(album.get("TRACK"))
    item["track_count"] = integer(album.get("OF_TRACKS"))
    item["genre"] = text(info.get("GENRE"))
    item["label"] = text(info.get("LABEL"))
    item["comments"] = text(info.get("COMMENT"))
    item["remixer"] = text(info.get("REMIXER"))
    item["play_count"] = integer(info.get("PLAYCOUNT"))
    musical = text(info.get("KEY"))
    if musical is None:
        value = integer(children.get("MUSICAL_KEY", {}).get("VALUE"))
        musical = KEYS[value] if value is not None and 0 <= value < 24 else None
    item["musical_key"] = musical
    seconds = decimal(info.get("PLAYTIME_FLOAT"))
    if seconds is not None and seconds >= 0:
        item["duration_ms"] = half_up(seconds * 1000)
    else:
        whole = integer(info.get("PLAYTIME"))
        item["duration_ms"] = whole * 1000 if whole is not None and 0 <= whole < 2 ** 40 else None
    ranking = integer(info.get("RANKING"))
    item["rating"] = half_up(ranking / 51) * 20 if ranking is not None and 0 <= ranking <= 255 else None
    bits = integer(info.get("BITRATE"))
    item["bit_rate"] = (bits + 500) // 1000 if bits is not None and 0 < bits < 2 ** 62 else None
    kib = integer(info.get("FILESIZE"))
    item["size"] = kib * 1024 if kib is not None and 0 <= kib < 2 ** 50 else None
    item["date_added"] = timestamp(info.get("IMPORT_DATE"))
    item["play_date"] = timestamp(info.get("LAST_PLAYED"))
    release = day(info.get("RELEASE_DATE"))
    if release is None:
        match = DATE_RE.fullmatch(info.get("RELEASE_DATE") or "")
        release = (int(match.group(1)),) if match and int(match.group(1)) > 0 else None
    item["year"] = release[0] if release else None
    seconds_of_day = integer(entry.get("MODIFIED_TIME"))
    if seconds_of_day is None or not 0 <= seconds_of_day < 86400:
        seconds_of_day = 0
    item["date_modified"] = timestamp(entry.get("MODIFIED_DATE"), seconds_of_day)
    bpm = decimal(tempo.get("BPM"))
    item["bpm"] = half_up(bpm) if bpm is not None and bpm > 0 else None
    if loc is not None:
        item["location"] = location(loc.get("VOLUME", ""), loc.get("DIR", ""), loc.get("FILE", ""))
    return key, {k: v for k, v in item.items() if v is not None}


TEXT_FIELDS = {"TITLE": "title", "ARTIST": "artist", "ALBUM": "album", "GENRE": "genre", "COMMENT": "comments",
               "LABEL": "label", "REMIXER": "remixer", "KEY": "musical_key"}


def smart_query(expression):
    """(query, None) or (None, the condition with no translation). Translated: `%` (contains)
    on title, artist, album, genre, comment; $RATING ==, >=, > 1-5 stars; joined all by | or
    all by &."""
    conditions, joiners, current, quoted = [], set(), "", False
    for ch in expression:
        if ch == '"':
            quoted = not quoted
        if not quoted and ch in "|&":
            joiners.add(ch)
            conditions.append(current.strip(" \t\n\r"))
            current = ""
        else:
            current += ch
    conditions.append(current.strip(" \t\n\r"))
    if len(joiners) > 1:
        return None, expression
    terms = []
    for condition in conditions:
        term = smart_term(condition)
        if term is None:
            return None, condition
        terms.append(term)
    return (" | " if "|" in joiners else " ").join(terms), None


def smart_term(condition):
    parts = condition.split(" ", 2)
    if len(parts) != 3 or not parts[0].startswith("$"):
        return None
    field, operation, value = parts[0][1:], parts[1], parts[2]
    if operation == "%" and field in TEXT_FIELDS:
        if len(value) < 3 or value[0] != '"' or value[-1] != '"':
            return None
        text = value[1:-1]
        if not text or any(c in text for c in "\"\\'"):
            return None
        return TEXT_FIELDS[field] + ':"' + text + '"'
    if field == "RATING" and re.fullmatch(r"[+-]?[0-9]+", value) and 1 <= int(value) <= 5:
        if operation == "==":
            return "stars:%d" % int(value)
        if operation in (">=", ">"):
            return "stars:%s%d" % (operation, int(value))
    return None


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFD", text) if not 0x300 <= ord(c) <= 0x362).lower()


def matches(item, query):
    """Whether an item matches a query smart_query wrote (contains is case- and accent-
    insensitive; stars is rating / 20)."""
    def term(t):
        field, value = t.split(":", 1)
        if field == "stars":
            rating = item.get("rating")
            if rating is None:
                return False
            if value.startswith(">="):
                return rating / 20 >= int(value[2:])
            if value.startswith(">"):
                return rating / 20 > int(value[1:])
            return rating / 20 == int(value)
        return fold(value[1:-1]) in fold(item.get(field) or "\0")
    if " | " in query:
        return any(term(t) for t in query.split(" | "))
    return all(term(t) for t in query.split(" "))


def escape(name):
    return name.replace("/", "\\/")


def read(path):
    source = os.path.realpath(path)
    items, order, keys, warnings = {}, [], {}, []
    nodes = []          # playlists in document order: dicts with entries as (type, key)
    used_ids = {}
    stack = []          # element tags from the root
    node_stack = []     # open NODE dicts (None for $ROOT)
    entry, children = None, {}
    for event, element in ET.iterparse(path, events=("start", "end")):
        tag = element.tag
        if event == "start":
            parent = stack[-1] if stack else None
            stack.append(tag)
            if tag == "ENTRY" and parent == "COLLECTION" and len(stack) == 3:
                entry, children = element, {}
            elif entry is not None and len(stack) == 4:
                children.setdefault(tag, element.attrib)
            elif tag == "NODE" and "PLAYLISTS" in stack:
                parent_node = next((n for n in reversed(node_stack) if n is not None), None)
                name = element.get("NAME", "")
                if parent_node is None and not node_stack and name == "$ROOT":
                    node_stack.append(None)
                    continue
                kind = element.get("TYPE", "")
                node = {"name": name, "type": kind, "parent": parent_node, "entries": [], "uuid": None}
                node["path"] = (parent_node["path"] + "/" if parent_node else "") + escape(name)
                nodes.append(node)
                node_stack.append(node)
            elif tag in ("PLAYLIST", "SMARTLIST") and node_stack and node_stack[-1] is not None:
                if element.get("UUID"):
                    node_stack[-1]["uuid"] = element.get("UUID")
            elif tag == "SEARCH_EXPRESSION" and node_stack and node_stack[-1] is not None and "QUERY" in element.attrib:
                node_stack[-1]["expression"] = element.get("QUERY")
            elif tag == "PRIMARYKEY" and node_stack and node_stack[-1] is not None and "PLAYLIST" in stack:
                node_stack[-1]["entries"].append((element.get("TYPE", ""), element.get("KEY", "")))
        else:
            stack.pop()
            if tag == "ENTRY" and entry is element:
                key, item = item_record(element.attrib, children, source)
                if item["id"] in items:
                    warnings.append("two entries with key %r: the later one is kept" % (key,))
                    order.remove(item["id"])
                items[item["id"]] = item
                order.append(item["id"])
                entry = None
            elif tag == "NODE" and "PLAYLISTS" in stack and node_stack:
                node_stack.pop()
            if len(stack) > 2 and entry is None:
                element.clear()
    playlists = []
    for node in nodes:
        base = node["uuid"] if node["uuid"] else node["path"]
        count = used_ids.get(base, 0) + 1
        used_ids[base] = count
        node["id"] = "traktor-playlist:" + base + ("#%d" % count if count > 1 else "")
    for node in nodes:
        record = {"id": node["id"], "name": node["name"], "path": node["path"], "source": source,
                  "parent_id": node["parent"]["id"] if node["parent"] else None,
                  "folder": node["type"] == "FOLDER", "smart": node["type"] == "SMARTLIST",
                  "items": [], "missing": 0}
        for kind, key in node["entries"]:
            item_id = "traktor:" + fnv([key])
            if kind == "TRACK" and item_id in items:
                record["items"].append(item_id)
            else:
                record["missing"] += 1
        if node["type"] == "SMARTLIST":
            query, untranslated = smart_query(node.get("expression") or "")
            record["query"] = query
            if query is None:
                warnings.append("smart list %r: the condition %r has no translation; listed with no items" % (node["path"], untranslated))
            else:
                record["items"] = [i for i in order if matches(items[i], query)]
        playlists.append(record)
    return [items[i] for i in order], playlists, warnings


def main(argv):
    only = None
    if argv and argv[0] in ("--items", "--playlists"):
        only, argv = argv[0][2:], argv[1:]
    if len(argv) != 1:
        sys.stderr.write(__doc__)
        return 2
    items, playlists, warnings = read(argv[0])
    out = sys.stdout
    for item in items if only in (None, "items") else []:
        out.write(json.dumps(item if only else dict(item, record="item"), ensure_ascii=False) + "\n")
    for playlist in playlists if only in (None, "playlists") else []:
        out.write(json.dumps(playlist if only else dict(playlist, record="playlist"), ensure_ascii=False) + "\n")
    for warning in warnings:
        sys.stderr.write("warning: " + warning + "\n")
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet under `| head`
    sys.exit(main(sys.argv[1:]))
