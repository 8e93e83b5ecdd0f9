#!/usr/bin/env python3
"""The independent reading of a rekordbox XML collection (`<DJ_PLAYLISTS>`), for the tests.

usage: read_rekordbox.py FILE.xml

Reads FILE with pyrekordbox (its `RekordboxXml` class) and prints JSON Lines: one line per
item, then one per playlist or folder, with the keys of the JSON contract (json.md) mapped as
the rekordbox bullet of docs/guide.md says. Each line has an extra key "record": "item" or "playlist".
The end-to-end tests run it beside `mixtape index` and compare the two field by field, so it
is written from the contract, not from Mixtape's Swift code.

Mapping (a value rekordbox writes as "unknown" is left out, never invented):
- id: "rekordbox:" + 16 upper-case hex digits of a 64-bit FNV-1a hash of the decoded Location
  in Unicode NFC (the hash Mixtape's StableHash computes: the string's UTF-8 bytes, then 0xff).
  A track with no Location hashes "rekordbox-no-location", Name, Artist, Album, TotalTime.
- Name, Artist, Album, Composer, Genre, Grouping, Comments -> title, artist, album, composer,
  genre, grouping, comments; Tonality -> musical_key; Label -> label; Remixer -> remixer.
  An empty string is absent. Mix (the mix's name) has no key.
- Year, TrackNumber, DiscNumber, BitRate, SampleRate, Size: integers, 0 (rekordbox's
  "unknown") is absent. TotalTime (whole seconds) -> duration_ms, 0 absent.
  AverageBpm -> bpm rounded half up to an integer, 0.00 absent. PlayCount -> play_count.
- Rating 0..255 (stars x 51) -> rating = round(Rating / 51) x 20, so 0..100 (252 -> 100).
- DateAdded / DateModified / LastPlayed (YYYY-MM-DD) -> date_added / date_modified /
  play_date at 00:00:00 UTC.
- TrackID -> track_id (export-local).
- Location: `file://localhost/` + a percent-encoded path -> the path, percent-decoded byte-wise
  (a `%` not followed by two hex digits stays literal; `#` and `?` are part of the name, as
  rekordbox writes them raw), UTF-8, `/C:/x` -> `C:/x`. `file://localhost` followed by no `/`
  (a streaming track, `soundcloud:tracks:1`) -> what follows. Other schemes: unchanged.
- kind: "video" for a Location ending in a video extension, else "music".
- Playlists: the PLAYLISTS node tree below ROOT; folders (Type 0) and playlists. Entries by
  TrackID (KeyType 0) or by Location (KeyType 1); repeats kept; a key naming no track is left
  out and counted in `missing` (Locations compared in NFC). id: "rekordbox-playlist:" + FNV-1a over each node's name on
  the path from the top and its position among same-named siblings (as a little-endian
  int64).
"""
import datetime
import json
import os
import re
import sys
import unicodedata
import urllib.parse
import xml.etree.ElementTree as ET

from pyrekordbox import RekordboxXml
from pyrekordbox.rbxml import Node, Track

VIDEO_EXTENSIONS = {"mp4", "m4v", "mkv", "webm", "mov", "avi", "vob", "mpg", "mpeg", "wmv", "flv"}
STRINGS = {"title": "Name", "artist": "Artist", "album": "Album", "composer": "Composer",
           "genre": "Genre", "grouping": "Grouping", "comments": "Comments",
           "musical_key": "Tonality", "label": "Label", "remixer": "Remixer"}
POSITIVE = {"year": "Year", "track_number": "TrackNumber", "disc_number": "DiscNumber",
            "bit_rate": "BitRate", "sample_rate": "SampleRate", "size": "Size"}
DATES = {"date_added": "DateAdded", "date_modified": "DateModified", "play_date": "LastPlayed"}
MASK = (1 << 64) - 1


class Hash:
    """Mixtape's StableHash: 64-bit FNV-1a, a 0xff after each string."""

    def __init__(self):
        self.value = 0xCBF29CE484222325

    def bytes(self, data):
        for b in data:
            self.value = ((self.value ^ b) * 0x100000001B3) & MASK

    def string(self, text):
        self.bytes(text.encode("utf-8"))
        self.bytes(b"\xff")

    def int64(self, number):
        self.bytes((number & MASK).to_bytes(8, "little"))

    def hex(self):
        return "%016X" % self.value


def decode_location(url):
    if url is None or url == "":
        return None
    lower = url.lower()
    if lower.startswith("file://localhost"):
        rest = url[len("file://localhost"):]
        if not rest.startswith("/"):
            return rest
    elif lower.startswith("file:///"):
        rest = url[len("file://"):]
    elif lower.startswith("file://"):
        rest = "//" + url[len("file://"):]
    elif re.match(r"^[A-Za-z][A-Za-z0-9+.-]+:", url):
        return url
    else:
        rest = url
    drive = re.match(r"^/[A-Za-z]:([/\\]|$)", rest) is not None
    path = urllib.parse.unquote(rest, encoding="utf-8", errors="replace")
    return path[1:] if drive else path


def integer(text):
    """Decimal digits with an optional sign, spaces around allowed, that fit in 64 bits."""
    m = re.fullmatch(r" *([+-]?[0-9]+) *", text or "")
    if not m:
        return None
    value = int(m.group(1))
    return value if -(1 << 63) < value < (1 << 63) else None


def number(text):
    """`128.00`: digits with an optional fraction."""
    if text is None or not re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", text):
        return None
    return float(text)


def date(text):
    try:
        return datetime.datetime.strptime(text or "", "%Y-%m-%d").strftime("%Y-%m-%dT00:00:00Z") \
            if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text or "") else None
    except ValueError:
        return None


def item_id(attrs, location):
    h = Hash()
    if location is None:
        for part in ("rekordbox-no-location", attrs.get("Name", ""), attrs.get("Artist", ""),
                     attrs.get("Album", ""), attrs.get("TotalTime", "")):
            h.string(part)
    else:
        h.string(unicodedata.normalize("NFC", location))
    return "rekordbox:" + h.hex()


def item(track, source):
    attrs = dict(track._element.attrib)  # the raw strings; pyrekordbox's getters below
    location = decode_location(attrs.get("Location"))
    e = {"record": "item", "id": item_id(attrs, location), "source": source}
    for key, name in STRINGS.items():
        value = attrs.get(name)
        if value and value.strip(" \t"):  # blank is rekordbox's "no value"
            e[key] = value
    for key, name in POSITIVE.items():
        value = integer(attrs.get(name))
        if value is not None and value > 0:
            e[key] = value
    seconds = integer(attrs.get("TotalTime"))
    if seconds is not None and 0 < seconds * 1000 < (1 << 63):
        e["duration_ms"] = seconds * 1000
    bpm = number(attrs.get("AverageBpm"))
    if bpm is not None and bpm > 0 and bpm < 1e9:
        e["bpm"] = int(bpm + 0.5)
    plays = integer(attrs.get("PlayCount"))
    if plays is not None and plays >= 0:
        e["play_count"] = plays
    rating = integer(attrs.get("Rating"))
    if rating is not None and rating >= 0:
        e["rating"] = min(round(rating / 51), 5) * 20
    for key, name in DATES.items():
        value = date(attrs.get(name))
        if value:
            e[key] = value
    track_id = integer(attrs.get("TrackID"))
    if track_id is not None:
        e["track_id"] = track_id
    if location is not None:
        e["location"] = location
    extension = location.rsplit(".", 1)[-1].lower() if location and "." in location else ""
    e["kind"] = "video" if extension in VIDEO_EXTENSIONS and "/" not in extension else "music"
    return e


class TolerantXml(RekordboxXml):
    """pyrekordbox refuses a file without PLAYLISTS; rekordbox 5.6 wrote one (2 tracks, no
    playlists), which has tracks all the same."""

    def _parse(self, path):
        tree = ET.parse(str(path))
        self._root = tree.getroot()
        self._product = self._root.find(self.PRDT_TAG)
        self._collection = self._root.find(self.COLL_TAG)
        if self._collection is None:
            self._collection = ET.SubElement(self._root, self.COLL_TAG)
        self._playlists = self._root.find(self.PLST_TAG)
        self._root_node = None


def playlists(doc, by_track_id, by_location, source):
    out = []
    tops = []
    for playlists_element in doc._root.findall(doc.PLST_TAG):
        for element in playlists_element.findall(Node.TAG):
            node = Node(playlists_element, element=element)
            tops.extend(node.get_playlists() if element.attrib.get("Type") == "0" else [node])
    walk(tops, [], None, [], by_track_id, by_location, source, out)
    return out


def walk(nodes, hash_parts, parent_id, names, by_track_id, by_location, source, out):
    seen = {}
    for node in nodes:
        if node._element.tag != Node.TAG:
            continue
        name = node._element.attrib.get("Name", "")
        occurrence = seen.get(name, 0)
        seen[name] = occurrence + 1
        parts = hash_parts + [(name, occurrence)]
        h = Hash()
        for part_name, part_occurrence in parts:
            h.string(part_name)
            h.int64(part_occurrence)
        pid = "rekordbox-playlist:" + h.hex()
        path = names + [name.replace("/", "\\/")]
        is_folder = node._element.attrib.get("Type") == "0"
        record = {"record": "playlist", "id": pid, "name": name, "parent_id": parent_id,
                  "path": "/".join(path), "folder": is_folder, "smart": False, "master": False,
                  "items": [], "missing": 0, "source": source}
        out.append(record)
        if is_folder:
            walk(node.get_playlists(), parts, pid, path, by_track_id, by_location, source, out)
            continue
        by_location_keys = node._element.attrib.get("KeyType") == "1"
        for entry in node._element.findall(Track.TAG):
            key = entry.attrib.get("Key")
            if by_location_keys:
                iid = by_location.get(unicodedata.normalize("NFC", decode_location(key))) if key else None
            else:
                iid = by_track_id.get(integer(key)) if key else None
            if iid is None:
                record["missing"] += 1
            else:
                record["items"].append(iid)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    source = os.path.abspath(sys.argv[1])
    doc = TolerantXml(source)
    items = {}
    by_track_id = {}
    by_location = {}
    # The TRACK children of every COLLECTION (pyrekordbox's get_tracks() takes the first
    # COLLECTION's TRACKs at any depth; rekordbox only writes direct children of one).
    tracks = [Track(element=el) for collection in doc._root.findall(doc.COLL_TAG)
              for el in collection.findall(Track.TAG)]
    for track in tracks:
        e = item(track, source)
        items[e["id"]] = e  # a later track with the same Location wins
        if "track_id" in e:
            by_track_id[e["track_id"]] = e["id"]
        if "location" in e:
            by_location[unicodedata.normalize("NFC", e["location"])] = e["id"]
    for e in items.values():
        print(json.dumps(e, ensure_ascii=False))
    for p in playlists(doc, by_track_id, by_location, source):
        print(json.dumps(p, ensure_ascii=False))


if __name__ == "__main__":
    main()
