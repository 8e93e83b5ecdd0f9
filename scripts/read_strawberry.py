#!/usr/bin/env python3
"""Independent reading of a Strawberry (strawberry.db) or Clementine (clementine.db) database.

Prints JSON Lines with the keys of docs/json.md as docs/sources.md maps them, written from the
spec and the real files and not from Mixtape's Swift reader: the end-to-end tests compare
`mixtape search --json` and `mixtape playlists --json` against this, field by field.

    read_strawberry.py --items FILE       item records (as `search --json` prints them)
    read_strawberry.py --playlists FILE   playlist records (as `playlists --json` prints them),
                                          each with an extra "entries" key: every entry in order,
                                          an item id or {"missing": location-or-null}

Standard library only (sqlite3, opened read-only). The mapping:
- Strawberry: songs(url, source); Clementine: songs(filename). The database's kind is told by
  those columns. Every row of `songs` is an item, in ROWID order; a row with a blank url /
  filename is skipped; a repeated id is skipped (the first row is kept).
- location: a URL with "://" (or starting "file:") that is a file: URL is percent-decoded
  (the host "localhost" or empty dropped; a drive letter's leading "/" dropped); any other
  scheme unchanged; a bare path as written.
- id: "strawberry:" / "clementine:" + 16 upper-case hex digits of 64-bit FNV-1a over the
  UTF-8 bytes of the location followed by 0xFF, and for a cue track (cue_path not blank or
  beginning > 0) the decimal beginning (nanoseconds) followed by 0xFF.
- texts (title, artist, album, albumartist, composer, genre, grouping, comment, initial_key)
  absent when blank (only ASCII spaces, tabs and line breaks). year 1..9999; track, disc, bitrate, samplerate, filesize, playcount,
  skipcount: above 0.
- duration_ms: length (nanoseconds; Clementine before schema 28: seconds) in ms, rounded half
  up, when above 0; a cue track has start_ms (beginning) and end_ms (start + duration).
- rating: 0..1 -> round half up of * 100; -1 (unrated) and anything outside 0..1 absent.
- bpm: above 0, rounded half up. compilation: compilation_effective / effective_compilation
  (else compilation) above 0. disabled: unavailable above 0.
- date_added ctime, date_modified mtime, play_date lastplayed: Unix seconds above 0.
- playlists: ordered by (ui_order < 0, ui_order, ROWID); id prefix + ROWID; folders from
  ui_path ("a/b"), each folder listed before the first playlist in it, id prefix + "folder:"
  + FNV-1a of its path; smart when dynamic_playlist_data is a non-empty blob. Entries in
  ROWID order: the song named by collection_id / library_id when it is an item, else the
  entry's own url / filename when it names an item, else missing (kept with its location
  when it has one).
"""
import json
import math
import sqlite3
import sys
import urllib.parse
from datetime import datetime, timezone

LATEST = 253402300799


def fnv1a(*parts):
    value = 0xCBF29CE484222325
    for part in parts:
        data = part if isinstance(part, bytes) else part.encode("utf-8", "surrogateescape")
        for byte in data + b"\xff":
            value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016X" % value


def as_text(value):
    if value is None:
        return None
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def blank(value):
    return value is None or value.strip(" \t\n\r\x0b\x0c") == ""


def text(value):
    value = as_text(value)
    return None if blank(value) else value


def number(value):
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value == value and value == int(value) else None
    try:
        return int(as_text(value).strip())
    except ValueError:
        return None


def real(value):
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    try:
        result = float(as_text(value).strip())
    except (ValueError, AttributeError):
        return None
    return result if math.isfinite(result) else None


def positive(value):
    value = number(value)
    return value if value is not None and value > 0 else None


def half_up(value):
    return int(math.floor(value + 0.5))


def when(value):
    value = number(value)
    if value is None or value <= 0 or value > LATEST:
        return None
    return datetime.fromtimestamp(value, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def location(value):
    value = as_text(value)
    if blank(value):
        return None
    if "://" not in value and not value.lower().startswith("file:"):
        return value
    if not value.lower().startswith("file:"):
        return value
    rest = value[5:]
    host = ""
    if rest.startswith("//"):
        rest = rest[2:]
        cut = min([i for i in (rest.find("/"), rest.find("?"), rest.find("#")) if i >= 0] or [len(rest)])
        host, rest = rest[:cut], rest[cut:]
    for mark in "?#":
        if mark in rest:
            rest = rest[:rest.index(mark)]
    path = urllib.parse.unquote(rest, encoding="utf-8", errors="surrogateescape")
    if len(path) >= 3 and path[0] == "/" and path[1].isalpha() and path[2] == ":":
        path = path[1:]
    if host and host.lower() != "localhost":
        path = "//" + urllib.parse.unquote(host) + path
    return path


def millis(value, seconds):
    value = number(value)
    if value is None or value <= 0:
        return None
    return value * 1000 if seconds else half_up(value / 1_000_000)


class Database:
    def __init__(self, path):
        self.path = path
        self.db = sqlite3.connect("file:%s?mode=ro" % urllib.parse.quote(path), uri=True)
        self.db.text_factory = bytes
        self.columns = {table: self.table_columns(table) for table in ("songs", "playlists", "playlist_items")}
        if "url" in self.columns["songs"] and "source" in self.columns["songs"]:
            self.scheme, self.song_file, self.entry_song, self.entry_files = "strawberry", "url", "collection_id", ["url"]
            self.compilation = ["compilation_effective", "compilation"]
        else:
            self.scheme, self.song_file, self.entry_song = "clementine", "filename", "library_id"
            self.entry_files = ["filename", "url"]
            self.compilation = ["effective_compilation", "compilation"]
        version = None
        try:
            version = number(self.db.execute("SELECT version FROM schema_version").fetchone()[0])
        except (sqlite3.Error, TypeError):
            pass
        self.seconds = self.scheme == "clementine" and version is not None and version < 28
        self.known = set()

    def table_columns(self, table):
        return [row[1].decode() if isinstance(row[1], bytes) else row[1]
                for row in self.db.execute("PRAGMA table_info(%s)" % table)]

    def identity(self, stored, beginning, cue_path):
        where = location(stored)
        if where is None:
            return None
        start = number(beginning) or 0
        if not blank(as_text(cue_path)) or start > 0:
            return self.scheme + ":" + fnv1a(where, str(max(start, 0)))
        return self.scheme + ":" + fnv1a(where)

    def items(self):
        columns = self.columns["songs"]
        rows = self.db.execute("SELECT * FROM songs ORDER BY ROWID")
        names = [d[0] for d in rows.description]
        for values in rows:
            row = dict(zip(names, values))
            get = lambda name: row.get(name)
            id = self.identity(get(self.song_file), get("beginning"), get("cue_path"))
            if id is None or id in self.known:
                continue
            self.known.add(id)
            item = {"id": id, "kind": "music", "source": self.path, "location": location(get(self.song_file))}
            for key, name in [("title", "title"), ("artist", "artist"), ("album", "album"),
                              ("album_artist", "albumartist"), ("composer", "composer"), ("genre", "genre"),
                              ("grouping", "grouping"), ("comments", "comment"), ("musical_key", "initial_key")]:
                item[key] = text(get(name))
            year = number(get("year"))
            item["year"] = year if year is not None and 0 < year <= 9999 else None
            for key, name in [("track_number", "track"), ("disc_number", "disc"), ("bit_rate", "bitrate"),
                              ("sample_rate", "samplerate"), ("size", "filesize"), ("play_count", "playcount"),
                              ("skip_count", "skipcount")]:
                item[key] = positive(get(name))
            item["duration_ms"] = millis(get("length"), self.seconds)
            start = number(get("beginning")) or 0
            if not blank(as_text(get("cue_path"))) or start > 0:
                item["start_ms"] = 0 if start <= 0 else millis(start, self.seconds)
                if item["duration_ms"] is not None:
                    item["end_ms"] = item["start_ms"] + item["duration_ms"]
            rating = real(get("rating"))
            item["rating"] = half_up(rating * 100) if rating is not None and 0 <= rating <= 1 else None
            bpm = real(get("bpm"))
            item["bpm"] = half_up(bpm) if bpm is not None and 0 < bpm < 10000 else None
            compilation = next((get(name) for name in self.compilation if name in columns), None)
            item["compilation"] = (number(compilation) or 0) > 0
            item["disabled"] = (number(get("unavailable")) or 0) > 0
            item["date_added"] = when(get("ctime"))
            item["date_modified"] = when(get("mtime"))
            item["play_date"] = when(get("lastplayed"))
            yield {key: value for key, value in item.items() if value is not None}

    def playlists(self):
        prefix = self.scheme + "-playlist:"
        columns = self.columns["playlists"]
        order = "ui_order < 0, ui_order, ROWID" if "ui_order" in columns else "ROWID"
        select = ["ROWID", "name"] + [c if c in columns else "NULL" for c in ("ui_path", "dynamic_playlist_data")]
        result, by_row, folders = [], {}, {}
        for row_id, name, ui_path, dynamic in self.db.execute("SELECT %s FROM playlists ORDER BY %s" % (", ".join(select), order)):
            parent = None
            parts = [part for part in (as_text(ui_path) or "").split("/") if part]
            for depth in range(1, len(parts) + 1):
                key = "/".join(parts[:depth])
                if key not in folders:
                    folders[key] = prefix + "folder:" + fnv1a(key)
                    result.append({"id": folders[key], "name": parts[depth - 1], "parent_id": parent, "folder": True,
                                   "smart": False, "items": [], "missing": 0, "entries": [], "source": self.path})
                parent = folders[key]
            playlist = {"id": prefix + str(row_id), "name": as_text(name) or "", "parent_id": parent, "folder": False,
                        "smart": isinstance(dynamic, bytes) and len(dynamic) > 0, "items": [], "missing": 0,
                        "entries": [], "source": self.path}
            by_row[row_id] = playlist
            result.append(playlist)
        entry_columns = self.columns["playlist_items"]
        own = [c for c in self.entry_files if c in entry_columns]
        select = "SELECT * FROM playlist_items ORDER BY ROWID"
        rows = self.db.execute(select)
        names = [d[0] for d in rows.description]
        for values in list(rows):
            entry = dict(zip(names, values))
            playlist = by_row.get(number(entry.get("playlist")))
            if playlist is None:
                continue
            found = None
            song_row = number(entry.get(self.entry_song))
            if song_row is not None:
                song = self.db.execute("SELECT %s, %s, %s FROM songs WHERE ROWID = ?" % (
                    self.song_file, "beginning" if "beginning" in self.columns["songs"] else "NULL",
                    "cue_path" if "cue_path" in self.columns["songs"] else "NULL"), (song_row,)).fetchone()
                if song is not None:
                    found = self.identity(*song)
            if found not in self.known:
                stored = next((entry[c] for c in own if not blank(as_text(entry[c]))), None)
                found = self.identity(stored, entry.get("beginning"), entry.get("cue_path"))
            if found in self.known:
                playlist["items"].append(found)
                playlist["entries"].append(found)
            else:
                playlist["missing"] += 1
                stored = next((entry[c] for c in own if not blank(as_text(entry[c]))), None)
                if location(stored) is not None:
                    playlist["entries"].append({"missing": location(stored)})
        return result


def main(argv):
    db = Database(argv[-1])
    items = list(db.items())
    records = items if "--items" in argv else db.playlists()
    for record in records:
        sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(sys.argv)
