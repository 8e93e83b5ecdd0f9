#!/usr/bin/env python3
"""The independent reading of an iTunes / Music.app XML export, for the tests.

usage: read_itunes.py FILE.xml

Reads FILE with Python's plistlib and prints JSON Lines: one line per item, then one per
playlist, with the keys of the JSON contract (docs/json.md) mapped as that page says. Each line
has an extra key "record": "item" or "playlist". The end-to-end tests (FidelityTests) run it
beside `mixtape index` and compare the two field by field, so it is written from the
documented mapping, not from Mixtape's Swift code.

Mapping:
- id: "itunes:" + Persistent ID in upper case. A track without one gets an id of Mixtape's own
  making (a hash of its content), which this reading does not reproduce: its line has no "id",
  and the tests find its item by "track_id". When two tracks share a Persistent ID, the later
  one is the item.
- Name, Artist, Album Artist, Album, Composer, Genre, Grouping, Comments -> title, artist,
  album_artist, album, composer, genre, grouping, comments; Persistent ID -> persistent_id.
- Year, BPM, Play Count, Skip Count, Bit Rate, Sample Rate, Size, Track Number, Track Count,
  Disc Number, Disc Count, Total Time (-> duration_ms), Rating, Track ID: integers as written.
- Compilation, Explicit, Disabled, and Loved or Favorited (-> loved): booleans, absent = false.
- Date Added, Date Modified, Play Date UTC -> date_added, date_modified, play_date as RFC 3339
  UTC ("2019-02-12T18:42:02Z").
- Location: a file: URL becomes its path: percent-decoded as a URL path ("+" stays "+"), the
  bytes read as UTF-8 (what is not UTF-8 becomes U+FFFD), "/C:/x" -> "C:/x", a host other than
  localhost kept as "//host/...". Other schemes: the URL as written. No Location: null.
- kind: the first rule that holds: Podcast -> podcast; iTunesU -> itunes-u; Movie -> movie;
  TV Show -> tv; Music Video -> music-video; Kind containing "audiobook" or "audio book" (any
  case) or Genre Audiobook(s) -> audiobook; Has Video -> video; Voice Memo -> voice-memo;
  else music.
- source: the file's absolute path.
- Playlists, in file order: id "itunes-playlist:" + Playlist Persistent ID in upper case (one
  without it is left out here: its id is Mixtape's own); name; parent_id from Parent
  Persistent ID; folder, smart (has Smart Info), master; items as "track:N" for each entry's
  Track ID that names a track (repeats kept; the tests turn them into item ids), the others
  counted in missing.
"""
import datetime
import json
import os
import plistlib
import re
import sys
import urllib.parse

TEXT_KEYS = [("title", "Name"), ("artist", "Artist"), ("album_artist", "Album Artist"),
             ("album", "Album"), ("composer", "Composer"), ("genre", "Genre"),
             ("grouping", "Grouping"), ("comments", "Comments"), ("persistent_id", "Persistent ID")]
NUMBER_KEYS = [("year", "Year"), ("bpm", "BPM"), ("play_count", "Play Count"),
               ("skip_count", "Skip Count"), ("bit_rate", "Bit Rate"), ("sample_rate", "Sample Rate"),
               ("size", "Size"), ("track_number", "Track Number"), ("track_count", "Track Count"),
               ("disc_number", "Disc Number"), ("disc_count", "Disc Count"),
               ("duration_ms", "Total Time"), ("rating", "Rating"), ("track_id", "Track ID")]
FLAG_KEYS = [("compilation", "Compilation"), ("explicit", "Explicit"), ("disabled", "Disabled")]
DATE_KEYS = [("date_added", "Date Added"), ("date_modified", "Date Modified"),
             ("play_date", "Play Date UTC")]
KIND_FLAGS = [("Podcast", "podcast"), ("iTunesU", "itunes-u"), ("Movie", "movie"),
              ("TV Show", "tv"), ("Music Video", "music-video")]


def path_of(location):
    """A Location as the path it names (or the URL, for another scheme)."""
    if not isinstance(location, str):
        return None
    if location[:5].lower() != "file:":
        return location
    split = urllib.parse.urlsplit(location)
    path = urllib.parse.unquote(split.path, encoding="utf-8", errors="replace")
    if re.match(r"^/[A-Za-z]:([/\\]|$)", path):
        path = path[1:]
    if split.netloc and split.netloc.lower() != "localhost":
        path = "//" + urllib.parse.unquote(split.netloc) + path
    return path


def kind(track):
    for flag, name in KIND_FLAGS:
        if track.get(flag):
            return name
    written = str(track.get("Kind", "")).lower()
    if "audiobook" in written or "audio book" in written or track.get("Genre") in ("Audiobook", "Audiobooks"):
        return "audiobook"
    if track.get("Has Video"):
        return "video"
    if track.get("Voice Memo"):
        return "voice-memo"
    return "music"


def date(value):
    if not isinstance(value, datetime.datetime):
        return None
    return value.strftime("%Y-%m-%dT%H:%M:%SZ")


def item(track, source):
    record = {"record": "item", "source": source}
    persistent = track.get("Persistent ID")
    if isinstance(persistent, str):
        record["id"] = "itunes:" + persistent.upper()
    for key, name in TEXT_KEYS:
        value = track.get(name)
        record[key] = value if isinstance(value, str) else None
    for key, name in NUMBER_KEYS:
        value = track.get(name)
        record[key] = int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None
    for key, name in FLAG_KEYS:
        record[key] = bool(track.get(name, False))
    record["loved"] = bool(track.get("Loved", False) or track.get("Favorited", False))
    for key, name in DATE_KEYS:
        record[key] = date(track.get(name))
    record["location"] = path_of(track.get("Location"))
    record["kind"] = kind(track)
    return record


def main():
    source = os.path.abspath(sys.argv[1])
    with open(source, "rb") as handle:
        library = plistlib.load(handle)
    tracks = library.get("Tracks") or {}
    # One item per Persistent ID, the later track winning; tracks without one each stand alone.
    items = {}
    known_track_ids = set()
    for key, track in tracks.items():
        if not isinstance(track, dict):
            continue
        record = item(track, source)
        if isinstance(track.get("Track ID"), int):
            known_track_ids.add(track["Track ID"])
        items[record.get("id") or ("track", key)] = record
    out = sys.stdout
    for record in items.values():
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
    for playlist in library.get("Playlists") or []:
        persistent = playlist.get("Playlist Persistent ID")
        if not isinstance(persistent, str):
            continue
        entries, missing = [], 0
        for entry in playlist.get("Playlist Items") or []:
            track_id = entry.get("Track ID") if isinstance(entry, dict) else None
            if track_id in known_track_ids:
                entries.append("track:%d" % track_id)
            else:
                missing += 1
        parent = playlist.get("Parent Persistent ID")
        out.write(json.dumps({
            "record": "playlist",
            "id": "itunes-playlist:" + persistent.upper(),
            "name": playlist.get("Name"),
            "parent_id": "itunes-playlist:" + parent.upper() if isinstance(parent, str) else None,
            "folder": bool(playlist.get("Folder", False)),
            "smart": "Smart Info" in playlist,
            "master": bool(playlist.get("Master", False)),
            "items": entries,
            "missing": missing,
        }, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
