#!/usr/bin/env python3
"""Writes a Strawberry (or, with --clementine, a Clementine) database of generated songs and
playlists, for benchmarks and for the end-to-end test that compares mixtape with the Python
reading (scripts/read_strawberry.py) on many varied rows.

    gen_strawberry.py --tracks N [--seed S] [--clementine] [--playlists P] --out FILE

The songs vary every way the reader must handle: tags present, blank or missing; -1 and 0 for
"not set"; ratings 0..1 as REAL; nanosecond lengths; cue tracks sharing a file; non-ASCII and
percent-encoded names; streams; unavailable songs; Clementine's filename as a blob. Playlists
hold collection entries (with repeats), entries from outside the collection and entries naming
songs that are gone, some in folders (ui_path). Standard library only.
"""
import argparse
import random
import sqlite3
import urllib.parse

STRAWBERRY = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version VALUES (21);
CREATE TABLE songs (title TEXT, album TEXT, artist TEXT, albumartist TEXT, track INTEGER NOT NULL DEFAULT -1,
  disc INTEGER NOT NULL DEFAULT -1, year INTEGER NOT NULL DEFAULT -1, genre TEXT, composer TEXT, grouping TEXT,
  comment TEXT, beginning INTEGER NOT NULL DEFAULT 0, length INTEGER NOT NULL DEFAULT 0,
  bitrate INTEGER NOT NULL DEFAULT -1, samplerate INTEGER NOT NULL DEFAULT -1, source INTEGER NOT NULL DEFAULT 0,
  url TEXT NOT NULL, filesize INTEGER NOT NULL DEFAULT -1, mtime INTEGER NOT NULL DEFAULT -1,
  ctime INTEGER NOT NULL DEFAULT -1, unavailable INTEGER DEFAULT 0, playcount INTEGER NOT NULL DEFAULT 0,
  skipcount INTEGER NOT NULL DEFAULT 0, lastplayed INTEGER NOT NULL DEFAULT -1,
  compilation_effective INTEGER NOT NULL DEFAULT 0, cue_path TEXT, rating INTEGER DEFAULT -1, bpm REAL,
  initial_key TEXT);
CREATE TABLE playlists (name TEXT NOT NULL, last_played INTEGER NOT NULL DEFAULT -1,
  ui_order INTEGER NOT NULL DEFAULT 0, special_type TEXT, ui_path TEXT, is_favorite INTEGER NOT NULL DEFAULT 0,
  dynamic_playlist_type INTEGER, dynamic_playlist_backend TEXT, dynamic_playlist_data BLOB);
CREATE TABLE playlist_items (playlist INTEGER NOT NULL, type INTEGER NOT NULL DEFAULT 0, collection_id INTEGER,
  playlist_url TEXT, title TEXT, artist TEXT, beginning INTEGER, length INTEGER, url TEXT NOT NULL DEFAULT '',
  cue_path TEXT);
"""

CLEMENTINE = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version VALUES (51);
CREATE TABLE songs (title TEXT, album TEXT, artist TEXT, albumartist TEXT, composer TEXT, track INTEGER,
  disc INTEGER, bpm REAL, year INTEGER, genre TEXT, comment TEXT, compilation INTEGER, length INTEGER,
  bitrate INTEGER, samplerate INTEGER, directory INTEGER NOT NULL, filename TEXT NOT NULL, mtime INTEGER NOT NULL,
  ctime INTEGER NOT NULL, filesize INTEGER NOT NULL, playcount INTEGER NOT NULL DEFAULT 0, lastplayed INTEGER,
  rating INTEGER, effective_compilation NOT NULL DEFAULT 0, skipcount INTEGER NOT NULL DEFAULT 0,
  beginning INTEGER NOT NULL DEFAULT 0, cue_path TEXT, unavailable INTEGER DEFAULT 0, grouping TEXT);
CREATE TABLE playlists (name TEXT NOT NULL, last_played INTEGER NOT NULL DEFAULT -1,
  ui_order INTEGER NOT NULL DEFAULT 0, dynamic_playlist_type TEXT, dynamic_playlist_data BLOB,
  dynamic_playlist_backend TEXT DEFAULT "songs", special_type TEXT, ui_path TEXT, is_favorite INTEGER NOT NULL DEFAULT 0);
CREATE TABLE playlist_items (playlist INTEGER NOT NULL, type TEXT NOT NULL, library_id INTEGER, url TEXT,
  title TEXT, artist TEXT, album TEXT, length INTEGER, radio_service TEXT, beginning INTEGER, cue_path TEXT,
  filename TEXT);
"""

WORDS = ["Night", "Drive", "Zoé", "Cámara", "Lenta", "東京", "Ünïcödé", "Rock & Roll", "50% Off", "#1 Hit",
         "Señor", "Ashes", "[Live]", "(Remix)", "Blue", "Ωmega", "d'Amour", "Straße"]


def phrase(rng, count=2):
    return " ".join(rng.choice(WORDS) for _ in range(count))


def maybe(rng, value, blank=0.15, missing=0.1):
    roll = rng.random()
    if roll < missing:
        return None
    if roll < missing + blank:
        return rng.choice(["", "  "])
    return value


def url_of(path):
    return "file://" + urllib.parse.quote(path, safe="/")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tracks", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playlists", type=int, default=12)
    parser.add_argument("--clementine", action="store_true")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    db = sqlite3.connect(args.out)
    db.executescript(CLEMENTINE if args.clementine else STRAWBERRY)
    rows = []
    cue_file = None
    for number in range(args.tracks):
        artist = phrase(rng)
        path = "/home/u/Music/%s/%s/%03d %s.%s" % (artist, phrase(rng), number, phrase(rng, 3),
                                                   rng.choice(["flac", "mp3", "ogg", "m4a"]))
        location = url_of(path)
        beginning, cue_path, length = 0, None, rng.choice([-1, 0, rng.randint(1, 900) * 1_000_000_000 + rng.randint(0, 999_999_999)])
        if rng.random() < 0.05:
            location = "http://radio.example/%d" % number
        elif rng.random() < 0.08:
            if cue_file is None or rng.random() < 0.3:
                cue_file = (url_of("/home/u/Music/cue/%d.flac" % number), 0)
            location, start = cue_file
            cue_path, beginning = "/home/u/Music/cue/%s.cue" % number, start
            length = rng.randint(60, 400) * 1_000_000_000
            cue_file = (location, start + length)
        elif rng.random() < 0.01:
            location = rng.choice(["", "  "])
        rating = rng.choice([-1, -1, 0, 0.2, 0.4, 0.6000000238418579, 0.8, 1.0, 1.5])
        song = {
            "title": maybe(rng, phrase(rng, 3)), "album": maybe(rng, phrase(rng)), "artist": maybe(rng, artist),
            "albumartist": maybe(rng, artist), "composer": maybe(rng, phrase(rng)), "genre": maybe(rng, rng.choice(["Rock", "Jazz", "World"])),
            "comment": maybe(rng, phrase(rng, 4)), "grouping": maybe(rng, "Group"),
            "track": rng.choice([-1, 0, rng.randint(1, 30)]), "disc": rng.choice([-1, 0, 1, 2]),
            "year": rng.choice([-1, 0, rng.randint(1950, 2025), 123456]), "length": length,
            "bitrate": rng.choice([-1, 0, 128, 320, 1035]), "samplerate": rng.choice([-1, 44100, 48000]),
            "filesize": rng.choice([-1, rng.randint(1, 90_000_000)]),
            "mtime": rng.choice([-1, 0, rng.randint(1_000_000_000, 1_760_000_000)]),
            "ctime": rng.choice([-1, rng.randint(1_000_000_000, 1_760_000_000)]),
            "unavailable": rng.choice([0, 0, 0, 1]), "playcount": rng.choice([0, 0, rng.randint(1, 500)]),
            "skipcount": rng.choice([0, rng.randint(1, 50)]),
            "lastplayed": rng.choice([-1, 0, rng.randint(1_000_000_000, 1_760_000_000)]),
            "compilation": rng.choice([0, 0, 1]), "cue_path": cue_path, "beginning": beginning, "rating": rating,
            "bpm": rng.choice([None, -1.0, 0.0, 127.5, 128.49, 174.0]),
        }
        if args.clementine:
            filename = location.encode() if rng.random() < 0.7 else location
            rows.append((song["title"], song["album"], song["artist"], song["albumartist"], song["composer"],
                         song["track"], song["disc"], song["bpm"], song["year"], song["genre"], song["comment"],
                         song["compilation"], song["length"], song["bitrate"], song["samplerate"], 1, filename,
                         song["mtime"], song["ctime"], song["filesize"], song["playcount"], song["lastplayed"],
                         song["rating"], song["compilation"], song["skipcount"], song["beginning"], song["cue_path"],
                         song["unavailable"], song["grouping"]))
        else:
            rows.append((song["title"], song["album"], song["artist"], song["albumartist"], song["track"], song["disc"],
                         song["year"], song["genre"], song["composer"], song["grouping"], song["comment"],
                         song["beginning"], song["length"], song["bitrate"], song["samplerate"], 2, location,
                         song["filesize"], song["mtime"], song["ctime"], song["unavailable"], song["playcount"],
                         song["skipcount"], song["lastplayed"], song["compilation"], song["cue_path"], song["rating"],
                         song["bpm"], rng.choice([None, "", "Am", "8A"])))
    columns = 29
    db.executemany("INSERT INTO songs VALUES (%s)" % ", ".join("?" * columns), rows)
    for number in range(args.playlists):
        folder = rng.choice([None, "", "Mixes", "Mixes/2024", "Old"])
        dynamic = b"\x00\x01" if rng.random() < 0.15 else None
        db.execute("INSERT INTO playlists (name, ui_order, ui_path, dynamic_playlist_data) VALUES (?, ?, ?, ?)",
                   ("Playlist %d %s" % (number, phrase(rng)), rng.choice([-1, number, number]), folder, dynamic))
        playlist = number + 1
        for _ in range(rng.randint(0, 60)):
            roll = rng.random()
            song = rng.randint(1, max(args.tracks, 1))
            if roll < 0.75:
                if args.clementine:
                    db.execute("INSERT INTO playlist_items (playlist, type, library_id) VALUES (?, 'Library', ?)", (playlist, song))
                else:
                    db.execute("INSERT INTO playlist_items (playlist, type, collection_id) VALUES (?, 2, ?)", (playlist, song))
            elif roll < 0.85:
                gone = args.tracks + rng.randint(1, 100)
                if args.clementine:
                    db.execute("INSERT INTO playlist_items (playlist, type, library_id) VALUES (?, 'Library', ?)", (playlist, gone))
                else:
                    db.execute("INSERT INTO playlist_items (playlist, type, collection_id) VALUES (?, 2, ?)", (playlist, gone))
            else:
                where = url_of("/elsewhere/%s.mp3" % phrase(rng)) if rng.random() < 0.7 else "http://stream.example/%d" % rng.randint(1, 9)
                title, length = maybe(rng, phrase(rng)), rng.randint(1, 600) * 1_000_000_000
                if args.clementine:
                    db.execute("INSERT INTO playlist_items (playlist, type, filename, url, title, length) VALUES (?, 'File', ?, NULL, ?, ?)",
                               (playlist, where.encode(), title, length))
                else:
                    db.execute("INSERT INTO playlist_items (playlist, type, url, title, length) VALUES (?, 1, ?, ?, ?)",
                               (playlist, where, title, length))
    db.commit()
    db.close()


if __name__ == "__main__":
    main()
