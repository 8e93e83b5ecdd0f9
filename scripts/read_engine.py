#!/usr/bin/env python3
"""Independent reading of an Engine DJ / Engine Prime library database (m.db).

Prints JSON Lines with the keys of docs/json.md as docs/sources.md maps them, written from the
spec, libdjinterop's notes on the format and the real databases, not from Mixtape's Swift
reader: the end-to-end tests compare `mixtape search --json` and `playlists --json` against it.

    read_engine.py --items M.DB      item records (as `search --json` prints them)
    read_engine.py --playlists M.DB  playlist records (as `playlists --json` prints them)

Standard library only (sqlite3, opened read-only). The mapping:
- Layout: a Track table with a `title` column is Engine DJ 2.x or later (fields are Track
  columns, lists are Playlist + PlaylistEntity); otherwise 1.x, fields in MetaData (text by
  type) and MetaDataInteger (numbers by type), lists in one List table when there is one, else in
  Crate / Playlist / Historylist tables.
- Items: Track rows with an id and a non-empty path. id: "engine:" + Information.uuid (first
  row, lower case) + ":" + Track.id.
- location: a path starting with "/" or holding "://" as is; a drive path ("D:\\x", "D:/x") or
  "\\\\server" with "/" for "\\"; else relative to the Engine Library folder (the folder holding
  m.db, or its parent when that folder is named Database2), "." and ".." resolved by name.
- 1.x MetaData types: 1 title, 2 artist, 3 album, 4 genre, 5 comment, 6 label (publisher),
  7 composer. MetaDataInteger types: 1 last played (play_date), 2 last modified
  (date_modified), 4 key, 5 rating. 2.x columns: title, artist, album, genre, comment, label,
  composer, remixer, key, rating, timeLastPlayed (play_date), dateAdded (date_added).
- Texts that are empty or only whitespace are absent.
- bpm: bpmAnalyzed rounded half up when 0.5 <= x < 999.5, else bpm when 1-999.
- musical_key: key number 0-23 -> C Am G Em D Bm A F#m E Dbm B Abm F# Ebm Db Bbm Ab Fm Eb Cm
  Bb Gm F Dm (libdjinterop's musical_key order); anything else absent.
- duration_ms: length (else lengthCalculated) seconds 1-864000 * 1000.
- year 1-9999; track_number: playOrder 1-9999; bit_rate: bitrate > 0; size: fileBytes > 0.
- rating: 1-100 as is; 0 and anything else absent.
- Dates: Unix seconds 1..253402300799 -> RFC 3339 UTC; a "YYYY-MM-DD HH:MM:SS" text as UTC.
- kind: "video" for a video extension, else "music".
- Lists (ids "engine-<kind>:" + uuid + ":" + list id, kind crate/playlist/history): crates,
  then playlists, then history lists, each by id. 1.x Crate tables: parent from
  CrateParentList (a crate that is its own parent is at the top), entries from CrateTrackList
  in rowid order; PlaylistTrackList by trackNumber then rowid; HistorylistTrackList by rowid.
  1.x List: type 4 crate, 1 playlist, 2 history (3 prepare is not read); ListParentList of the
  same type; ListTrackList of that type by trackNumber then rowid. 2.x: Playlist with
  parentListId (> 0, not itself); PlaylistEntity in the chain from the entity no other names by
  nextEntityId (0 ends), then any not reached in id order.
- An entry naming no track is counted in "missing". A parent that is not a list of the same
  kind is none. path: the parents' names and the name joined by "/" ("/" in a name as "\\/").
"""
import json
import os
import sqlite3
import sys
from datetime import datetime, timezone

KEYS = ["C", "Am", "G", "Em", "D", "Bm", "A", "F#m", "E", "Dbm", "B", "Abm",
        "F#", "Ebm", "Db", "Bbm", "Ab", "Fm", "Eb", "Cm", "Bb", "Gm", "F", "Dm"]
VIDEO = {"mp4", "m4v", "mkv", "webm", "mov", "avi", "vob", "mpg", "mpeg", "wmv", "flv"}
META_TEXT = {1: "title", 2: "artist", 3: "album", 4: "genre", 5: "comments", 6: "label", 7: "composer"}


def columns(db, table):
    return {row[1] for row in db.execute("SELECT * FROM pragma_table_info(?)", (table,))}


def as_int(value):
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            return None
    return None


def as_real(value):
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return None
    return None


def as_text(value):
    if value is None:
        return None
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    value = str(value)
    return value if value.strip() else None


def rfc3339(value):
    number = as_int(value)
    if number is not None:
        if 0 < number <= 253402300799:
            return datetime.fromtimestamp(number, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        return None
    if isinstance(value, str) and len(value) >= 19:
        try:
            parsed = datetime.strptime(value[:19], "%Y-%m-%d %H:%M:%S")
        except ValueError:
            return None
        return parsed.strftime("%Y-%m-%dT%H:%M:%SZ")
    return None


def library_folder(path):
    folder = os.path.dirname(os.path.abspath(path))
    return os.path.dirname(folder) if os.path.basename(folder) == "Database2" else folder


def location(path, folder):
    if path.startswith("/") or "://" in path:
        return path
    if (len(path) >= 3 and path[0].isascii() and path[0].isalpha() and path[1] == ":" and path[2] in "/\\") \
            or path.startswith("\\\\"):
        return path.replace("\\", "/")
    parts = []
    for part in (folder + "/" + path.replace("\\", "/")).split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if parts:
                parts.pop()
        else:
            parts.append(part)
    return "/" + "/".join(parts)


def kind(loc):
    name = loc.rsplit("/", 1)[-1]
    return "video" if "." in name and name.rsplit(".", 1)[1].lower() in VIDEO else "music"


def in_range(value, low, high):
    return value if value is not None and low <= value <= high else None


def uuid_of(db):
    row = db.execute("SELECT uuid FROM Information LIMIT 1").fetchone()
    return row[0].strip().lower()


def items(db, path):
    uuid = uuid_of(db)
    folder = library_folder(path)
    track_columns = columns(db, "Track")
    modern = "title" in track_columns
    meta_text, meta_int = {}, {}
    if not modern:
        for track, kind_number, text in db.execute("SELECT id, type, text FROM MetaData ORDER BY rowid DESC"):
            meta_text[(track, kind_number)] = text
        for track, kind_number, value in db.execute("SELECT id, type, value FROM MetaDataInteger ORDER BY rowid DESC"):
            meta_int[(track, kind_number)] = value
    db.row_factory = sqlite3.Row
    seen = set()
    for row in db.execute("SELECT * FROM Track"):
        row = dict(row)
        track, track_path = as_int(row.get("id")), as_text(row.get("path"))
        if track is None or not row.get("path") or track in seen:
            continue
        seen.add(track)
        loc = location(str(row["path"]), folder)
        record = {"id": "engine:%s:%d" % (uuid, track), "location": loc, "kind": kind(loc), "source": path}
        if modern:
            for key in ("title", "artist", "album", "genre", "label", "composer", "remixer"):
                record[key] = as_text(row.get(key))
            record["comments"] = as_text(row.get("comment"))
            key_number, rating = as_int(row.get("key")), as_int(row.get("rating"))
            record["play_date"] = rfc3339(row.get("timeLastPlayed"))
            record["date_added"] = rfc3339(row.get("dateAdded"))
        else:
            for number, key in META_TEXT.items():
                record[key] = as_text(meta_text.get((track, number)))
            key_number, rating = as_int(meta_int.get((track, 4))), as_int(meta_int.get((track, 5)))
            record["play_date"] = rfc3339(meta_int.get((track, 1)))
            record["date_modified"] = rfc3339(meta_int.get((track, 2)))
        record["musical_key"] = KEYS[key_number] if key_number is not None and 0 <= key_number < 24 else None
        record["rating"] = in_range(rating, 1, 100)
        analyzed, tagged = as_real(row.get("bpmAnalyzed")), as_int(row.get("bpm"))
        if analyzed is not None and 0.5 <= analyzed < 999.5:
            record["bpm"] = int(analyzed + 0.5)
        else:
            record["bpm"] = in_range(tagged, 1, 999)
        seconds = in_range(as_int(row.get("length")), 1, 864000) or in_range(as_int(row.get("lengthCalculated")), 1, 864000)
        record["duration_ms"] = seconds * 1000 if seconds else None
        record["year"] = in_range(as_int(row.get("year")), 1, 9999)
        record["track_number"] = in_range(as_int(row.get("playOrder")), 1, 9999)
        record["bit_rate"] = in_range(as_int(row.get("bitrate")), 1, 1 << 62)
        record["size"] = in_range(as_int(row.get("fileBytes")), 1, 1 << 62)
        yield {key: value for key, value in record.items() if value is not None}


def ordered_chain(entities):
    """entities: [(id, track, next)] of one list."""
    position = {}
    for index, (entity, _, _) in enumerate(entities):
        position.setdefault(entity, index)
    named = {nxt for _, _, nxt in entities if nxt}
    heads = sorted(index for index, (entity, _, _) in enumerate(entities) if entity not in named)
    heads.sort(key=lambda index: entities[index][0])
    order, visited = [], set()
    index = heads[0] if heads else None
    while index is not None and index not in visited:
        visited.add(index)
        order.append(entities[index][1])
        nxt = entities[index][2]
        index = position.get(nxt) if nxt else None
    rest = sorted((i for i in range(len(entities)) if i not in visited), key=lambda i: entities[i][0])
    return order + [entities[i][1] for i in rest]


def lists(db):
    """[(kind, id, title, parent, [track ids])] in Mixtape's order."""
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    found = []
    if "title" in columns(db, "Track"):
        chains = {}
        for list_id, entity, track, nxt in db.execute(
                "SELECT listId, id, trackId, nextEntityId FROM PlaylistEntity"):
            chains.setdefault(list_id, []).append((entity, track or 0, nxt or 0))
        for list_id, title, parent in db.execute("SELECT id, title, parentListId FROM Playlist ORDER BY id"):
            parent = parent if parent and parent > 0 and parent != list_id else None
            entries = ordered_chain(chains.get(list_id, []))
            found.append(("playlist", list_id, title or "", parent, entries))
    elif "List" in tables:
        for type_number, name in ((4, "crate"), (1, "playlist"), (2, "history")):
            parents = {}
            for child, parent in db.execute(
                    "SELECT listOriginId, listParentId FROM ListParentList WHERE listOriginType = ? AND listParentType = ?",
                    (type_number, type_number)):
                if child != parent:
                    parents.setdefault(child, parent)
            entries = {}
            for list_id, track in db.execute(
                    "SELECT listId, trackId FROM ListTrackList WHERE listType = ? ORDER BY listId, trackNumber, rowid",
                    (type_number,)):
                entries.setdefault(list_id, []).append(track or 0)
            for list_id, title in db.execute("SELECT id, title FROM List WHERE type = ? ORDER BY id", (type_number,)):
                found.append((name, list_id, title or "", parents.get(list_id), entries.get(list_id, [])))
    else:
        parents = {}
        for child, parent in db.execute("SELECT crateOriginId, crateParentId FROM CrateParentList"):
            if child != parent:
                parents.setdefault(child, parent)
        specs = [("crate", "Crate", "SELECT crateId, trackId FROM CrateTrackList ORDER BY crateId, rowid"),
                 ("playlist", "Playlist",
                  "SELECT playlistId, trackId FROM PlaylistTrackList ORDER BY playlistId, trackNumber, rowid"),
                 ("history", "Historylist",
                  "SELECT historylistId, trackId FROM HistorylistTrackList ORDER BY historylistId, rowid")]
        for name, table, sql in specs:
            entries = {}
            for list_id, track in db.execute(sql):
                entries.setdefault(list_id, []).append(track or 0)
            for list_id, title in db.execute("SELECT id, title FROM %s ORDER BY id" % table):
                parent = parents.get(list_id) if name == "crate" else None
                found.append((name, list_id, title or "", parent, entries.get(list_id, [])))
    return found


def playlists(db, path):
    uuid = uuid_of(db)
    tracks = {as_int(row[0]) for row in db.execute("SELECT id, path FROM Track") if row[1]}
    found = lists(db)
    known = {(kind_name, list_id) for kind_name, list_id, _, _, _ in found}
    by_key = {(kind_name, list_id): (title, parent) for kind_name, list_id, title, parent, _ in found}

    def list_id_text(kind_name, list_id):
        return "engine-%s:%s:%d" % (kind_name, uuid, list_id)

    def name_of(kind_name, list_id, title):
        return title if title else "Untitled %s %d" % (kind_name, list_id)

    def path_of(kind_name, list_id):
        names, seen, key = [], set(), (kind_name, list_id)
        while key in by_key and key not in seen:
            seen.add(key)
            title, parent = by_key[key]
            names.append(name_of(kind_name, key[1], title).replace("/", "\\/"))
            key = (kind_name, parent) if parent is not None else None
        return "/".join(reversed(names))

    for kind_name, list_id, title, parent, entries in found:
        parent = parent if (kind_name, parent) in known else None
        items_list = ["engine:%s:%d" % (uuid, track) for track in entries if track in tracks]
        yield {"id": list_id_text(kind_name, list_id), "name": name_of(kind_name, list_id, title),
               "parent_id": list_id_text(kind_name, parent) if parent is not None else None,
               "path": path_of(kind_name, list_id), "items": items_list,
               "missing": len(entries) - len(items_list), "source": path}


def main(argv):
    if len(argv) != 3 or argv[1] not in ("--items", "--playlists"):
        sys.stderr.write(__doc__)
        return 2
    path = os.path.abspath(argv[2])
    db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    reader = items if argv[1] == "--items" else playlists
    for record in reader(db, path):
        print(json.dumps(record, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
