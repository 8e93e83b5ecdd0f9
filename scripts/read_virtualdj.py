#!/usr/bin/env python3
"""Independent reading of a VirtualDJ database (VirtualDJ 8's database.xml, VirtualDJ 7's
"VirtualDJ Local Database v6.xml").

Prints JSON Lines, one item per <Song>, with the keys of docs/json.md as docs/sources.md maps
them, written from the spec and the real files and not from Mixtape's Swift reader: the
end-to-end tests compare `mixtape search --json` against this, field by field.

    read_virtualdj.py FILE     item records (as `search --json` prints them)

Standard library only. The mapping (docs/sources.md, "VirtualDJ", says the same):
- Raw control characters (bytes below 0x20 but tab, LF, CR), which XML forbids and VirtualDJ
  writes, are read as spaces (Mixtape warns about each).
- Items are the <Song> children of the root; a Song without FilePath is skipped; a FilePath
  seen again is skipped (the first Song is kept).
- id: "virtualdj:" + 16 upper-case hex digits of 64-bit FNV-1a over the UTF-8 bytes of
  FilePath as written, followed by a 0xFF byte.
- location: FilePath; when it does not start with "/" every "\\" becomes "/".
- kind: "video" for a location ending in a video extension, else "music".
- Fields come from the first <Tags> (VirtualDJ 8) or <Display> (7), the first <Infos>, the
  first <Scan> (8) or <BPM> (7), the first <FAME> (7) and the first <Comment>.
- Texts that are empty or only spaces/tabs are absent. remixer: Remixer, else Remix.
- VirtualDJ 7 (root Version a whole number below 800) counts SongLength and beats in samples
  at 44100 Hz; VirtualDJ 8 in seconds.
- bpm: 60 / seconds per beat, rounded half up: Tags Bpm (or Infos BpmTag), else Scan Bpm (or
  BPM Bpm). musical_key: Tags Key, else Scan Key (or FAME Key).
- year: 4 leading digits followed by a non-digit or the end, 8 digits (YYYYMMDD), or 1-3
  digits alone; 0 is absent. TrackNumber "N" or "N/M": track_number, track_count (0 absent).
- rating: Stars 1-5 -> * 20. duration_ms: length in ms rounded half up.
- play_count, bit_rate, size: whole numbers above 0.
- date_added FirstSeen, play_date LastPlay, date_modified LastModified: Unix seconds, absent
  before 1998-01-01 or after 9999.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET
from datetime import datetime, timezone

VIDEO_EXTENSIONS = {"mp4", "m4v", "mkv", "webm", "mov", "avi", "vob", "mpg", "mpeg", "wmv", "flv"}
EARLIEST, LATEST = 883612800, 253402300799


def fnv1a(text):
    value = 0xCBF29CE484222325
    for byte in text.encode("utf-8") + b"\xff":
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016X" % value


def text(element, name):
    if element is None:
        return None
    value = element.get(name)
    if value is None or value.strip(" \t") == "":
        return None
    return value


def integer(value):
    if value is None or not re.fullmatch(r"\s*[+-]?\d+\s*", value):
        return None
    return int(value)


def decimal(value):
    if value is None:
        return None
    try:
        number = float(value.strip().replace(",", "."))
    except ValueError:
        return None
    return number if number == number and abs(number) != float("inf") else None


def half_up(number):
    import math
    return int(math.floor(number + 0.5))


def year(value):
    if value is None:
        return None
    digits = re.match(r"\d*", value).group(0)
    rest = value[len(digits):]
    if len(digits) == 4 and not (rest[:1].isdigit()):
        result = int(digits)
    elif len(digits) == 8 and rest == "":
        result = int(digits[:4])
    elif 1 <= len(digits) <= 3 and rest == "":
        result = int(digits)
    else:
        return None
    return result or None


def positive(value):
    number = integer(value)
    return number if number is not None and number > 0 else None


def time(value):
    seconds = integer(value)
    if seconds is None or seconds < EARLIEST or seconds > LATEST:
        return None
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def bpm(value, legacy):
    beat = decimal(value)
    if beat is None or beat <= 0:
        return None
    seconds = beat / 44100 if legacy else beat
    result = half_up(60 / seconds)
    return result if result > 0 else None


def song_item(song, legacy, source):
    path = song.get("FilePath")
    first = lambda *names: next((child for child in song if child.tag in names), None)
    tags, infos = first("Tags", "Display"), first("Infos")
    scan, fame, comment = first("Scan", "BPM"), first("FAME"), first("Comment")
    location = path if path.startswith("/") else path.replace("\\", "/")
    extension = location.rsplit(".", 1)[-1].lower() if "." in location else ""
    item = {"id": "virtualdj:" + fnv1a(path), "location": location, "source": source,
            "kind": "video" if extension in VIDEO_EXTENSIONS and "/" not in extension else "music"}
    for key, name in [("title", "Title"), ("artist", "Author"), ("album", "Album"), ("genre", "Genre"),
                      ("composer", "Composer"), ("label", "Label"), ("grouping", "Grouping")]:
        item[key] = text(tags, name)
    item["remixer"] = text(tags, "Remixer") or text(tags, "Remix")
    if comment is not None and (comment.text or "").strip():
        item["comments"] = comment.text
    item["year"] = year(text(tags, "Year"))
    track = (text(tags, "TrackNumber") or "").split("/", 1)
    item["track_number"] = positive(track[0].strip(" \t\n\r")) if track[0] else None
    item["track_count"] = positive(track[1].strip(" \t\n\r")) if len(track) > 1 else None
    stars = integer(text(tags, "Stars"))
    item["rating"] = stars * 20 if stars is not None and 1 <= stars <= 5 else None
    tag_beat = text(tags, "Bpm") if tags is not None and tags.get("Bpm") is not None else text(infos, "BpmTag")
    item["bpm"] = bpm(tag_beat, legacy) or bpm(text(scan, "Bpm"), legacy)
    item["musical_key"] = text(tags, "Key") or text(scan if scan is not None and scan.tag == "Scan" else fame, "Key")
    length = decimal(text(infos, "SongLength"))
    if length is not None and length > 0:
        item["duration_ms"] = half_up(length * 1000 / 44100 if legacy else length * 1000)
    item["play_count"] = positive(text(infos, "PlayCount"))
    item["bit_rate"] = positive(text(infos, "Bitrate"))
    item["size"] = positive(song.get("FileSize"))
    item["date_added"] = time(text(infos, "FirstSeen"))
    item["play_date"] = time(text(infos, "LastPlay"))
    item["date_modified"] = time(text(infos, "LastModified"))
    return {key: value for key, value in item.items() if value is not None}


def read(path):
    data = open(path, "rb").read()
    data = bytes(0x20 if byte < 0x20 and byte not in (9, 10, 13) else byte for byte in data)
    root = ET.fromstring(data)
    version = root.get("Version") or ""
    legacy = version.isdigit() and int(version) < 800
    seen, items = set(), []
    for song in root:
        if song.tag != "Song" or not song.get("FilePath") or song.get("FilePath") in seen:
            continue
        seen.add(song.get("FilePath"))
        items.append(song_item(song, legacy, path))
    return items


def main(argv):
    for item in read(argv[-1]):
        sys.stdout.write(json.dumps(item, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(sys.argv)
