#!/usr/bin/env python3
"""Deterministic generator of Rhythmbox databases: `rhythmdb.xml` and the `playlists.xml`
Rhythmbox keeps beside it, written the way Rhythmbox 3.x writes them.

usage: gen_rhythmbox.py --tracks N [--playlists P] [--seed S] [--out DIR/rhythmdb.xml]

The same arguments always give byte-identical files. The database is streamed entry by
entry, so a 100,000-track file costs little memory.

What Rhythmbox 3.x writes, and so what this writes (from the real databases in
../shared/data/real/rhythmbox/):
- `<?xml version="1.0" standalone="yes"?>`, root `<rhythmdb version="2.0">`, 2-space
  indentation, one child element per line, a final newline; no encoding declaration, every
  non-ASCII character written as a hexadecimal character reference (`&#xE9;`), `&`, `<`,
  `>` as `&amp;` `&lt;` `&gt;`, so the file is pure ASCII;
- entry children in Rhythmbox's order: title, genre, artist, album, track-number,
  track-total, disc-number, disc-total, duration, file-size, location, mountpoint, mtime,
  first-seen, last-seen, rating, play-count, last-played, bitrate, date, media-type, mb-*,
  comment, album-artist, composer, beats-per-minute, hidden; numbers that are 0 are left out
  except `date` (always written, 0 when unknown), `rating` as `%f` (`4.000000`);
- `location`: a `file://` URI percent-encoded as GLib does (upper-case hex, UTF-8 bytes;
  `!$&'()*+,;=:@` and unreserved characters kept raw);
- besides songs: internet radio stations (`iradio`, empty artist/album), `ignore` entries
  (non-media files seen while scanning, hidden), and a podcast feed with its posts;
- `playlists.xml`: the three default automatic playlists; of the P more, one in ten
  automatic with other criteria (like, equals, greater/less, year, duration, disjunctions,
  limits; one that starts-with, which has no translation), the rest static playlists of
  `<location>`s in order with repeats and a few files no longer in the database; and the
  play queue.
"""
import argparse
import datetime
import os
import random
import sys

FIRST = ["Anna", "Björk", "Zoë", "José", "Ólafur", "Sigur", "Dmitri", "Ελένη", "Мария", "美空",
         "김", "Sébastien", "Nils", "Tom", "Jane", "Ravi", "Aïcha", "Łukasz", "Chloé", "Max"]
LAST = ["Arnalds", "Rós", "González", "Müller", "Šostakovič", "ひばり", "Orchestra", "Smith",
        "Doe", "Shankar", "Nørgaard", "Brontë", "Kühn", "O'Connor", "& Friends", "Quartet"]
WORDS = ["Night", "Light", "Été", "Rain", "Fire", "Río", "Straße", "Moon", "Sky", "Heart",
         "Ghost", "Road", "Dream", "Café", "Île", "Sun", "夜", "Любовь", "Δρόμος", "Echo",
         "Blue", "Red", "Gold", "Silver", "Wave", "Stone", "River", "[Live]", "(Remix)", "#1",
         "50% Off", "Rock & Roll", "<Intro>", "100°", "Naïve", "Smörgåsbord", "Fjäril"]
GENRES = ["Rock", "Pop", "Jazz", "Electronic", "Classical", "Hip-Hop", "Folk", "Metal",
          "Ambient", "Soundtrack", "Unknown", "Chanson", "K-Pop", "Reggae", "Blues"]
MEDIA = [("audio/mpeg", ".mp3", 320), ("audio/x-flac", ".flac", 900), ("audio/x-vorbis", ".ogg", 192),
         ("audio/x-aac", ".m4a", 256), ("audio/x-alac", ".m4a", 1000), ("audio/x-opus", ".opus", 128)]
EPOCH_ORDINAL = datetime.date(1970, 1, 1).toordinal()
NOW = 1_732_000_000  # fixed, so the output never depends on the clock

# g_uri_escape_string with G_URI_RESERVED_CHARS_ALLOWED_IN_PATH: unreserved, sub-delims,
# ':', '@' and '/' stay raw.
RAW = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/")


def uri(path):
    out = []
    for byte in path.encode("utf-8"):
        out.append(chr(byte) if byte in RAW else "%%%02X" % byte)
    return "file://" + "".join(out)


def text(value):
    """Rhythmbox's XML text: markup escaped, non-ASCII as hexadecimal references."""
    out = []
    for ch in value:
        if ch == "&":
            out.append("&amp;")
        elif ch == "<":
            out.append("&lt;")
        elif ch == ">":
            out.append("&gt;")
        elif ord(ch) > 127:
            out.append("&#x%X;" % ord(ch))
        else:
            out.append(ch)
    return "".join(out)


def element(name, value):
    return "    <%s>%s</%s>\n" % (name, text(str(value)), name)


def safe(name):
    return name.replace("/", "_")


def song_entries(rng, count, home):
    """Yields (xml, location, artist) per song, album by album."""
    made = 0
    album_index = 0
    folders = set()  # Rhythmbox's key is the location: never two entries for one file
    while made < count:
        album_index += 1
        artist = "%s %s" % (rng.choice(FIRST), rng.choice(LAST))
        album = " ".join(rng.sample(WORDS, rng.randint(1, 3)))
        genre = rng.choice(GENRES)
        year = rng.randint(1955, 2024) if rng.random() < 0.75 else None
        tracks = min(rng.randint(6, 16), count - made)
        discs = 2 if tracks > 12 and rng.random() < 0.2 else 1
        mime, ext, rate = rng.choice(MEDIA)
        album_artist = artist if rng.random() < 0.6 else None
        folder = "%s/Music/%s/%s%s" % (home, safe(artist), safe(album), " (%d)" % year if year else "")
        if folder in folders:
            folder += " [%d]" % album_index
        folders.add(folder)
        titles = set()
        for number in range(1, tracks + 1):
            made += 1
            title = " ".join(rng.sample(WORDS, rng.randint(1, 4)))
            if title in titles:
                title += " (%d)" % number
            titles.add(title)
            disc = 1 if discs == 1 else (1 if number <= tracks // 2 else 2)
            seconds = rng.randint(30, 900)
            path = "%s/%02d %s%s" % (folder, number, safe(title), ext)
            location = uri(path)
            first_seen = NOW - rng.randint(0, 3000) * 86_400 - rng.randint(0, 86_399)
            plays = rng.randint(1, 60) if rng.random() < 0.35 else 0
            rating = rng.choice([1, 2, 3, 4, 5, 2.5, 3.5]) if rng.random() < 0.2 else 0
            fields = [("title", title), ("genre", genre), ("artist", artist), ("album", album),
                      ("track-number", number), ("track-total", tracks if rng.random() < 0.5 else 0),
                      ("disc-number", disc), ("disc-total", discs if disc else 0),
                      ("duration", seconds), ("file-size", seconds * rate * 125 + rng.randint(0, 9999)),
                      ("location", location),
                      ("mtime", first_seen - rng.randint(0, 10_000_000)),
                      ("first-seen", first_seen), ("last-seen", NOW - rng.randint(0, 86_400)),
                      ("rating", "%f" % rating if rating else 0), ("play-count", plays),
                      ("last-played", NOW - rng.randint(0, 900) * 86_400 if plays else 0),
                      ("bitrate", rate)]
            out = ['  <entry type="song">\n']
            out.extend(element(k, v) for k, v in fields if v)
            julian = datetime.date(year, rng.randint(1, 12) if rng.random() < 0.2 else 1, 1).toordinal() if year else 0
            out.append(element("date", julian))
            out.append(element("media-type", mime))
            if rng.random() < 0.3:
                for tag in ("mb-trackid", "mb-artistid", "mb-albumid", "mb-albumartistid"):
                    out.append(element(tag, "%08x-%04x-4%03x-8%03x-%012x" % (
                        rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(12),
                        rng.getrandbits(12), rng.getrandbits(48))))
                out.append(element("mb-artistsortname", artist))
            if rng.random() < 0.1:
                out.append(element("comment", rng.choice(["Ripped with EAC", "Vinyl rip -> 24/96",
                                                          "Première\r\nédition", "Free download"])))
            if album_artist:
                out.append(element("album-artist", album_artist))
            out.append(element("composer", rng.choice([artist, "Unknown", "Trad."])))
            if rng.random() < 0.02:
                out.append(element("beats-per-minute", "%d" % rng.randint(70, 180)))
            if rng.random() < 0.01:
                out.append(element("hidden", 1))
            out.append("  </entry>\n")
            yield "".join(out), location, artist


def other_entries(rng, home):
    """Radio stations, ignored files and a podcast feed with posts, as Rhythmbox keeps them."""
    for index in range(8):
        yield ('  <entry type="iradio">\n' + element("title", "Radio %s %d" % (rng.choice(WORDS), index))
               + element("genre", rng.choice(GENRES)) + "    <artist></artist>\n    <album></album>\n"
               + element("location", "http://stream%d.example.net/live.mp3" % index)
               + element("date", 0) + element("media-type", "application/octet-stream") + "  </entry>\n")
    for index in range(5):
        yield ('  <entry type="ignore">\n    <title></title>\n    <genre></genre>\n'
               "    <artist></artist>\n    <album></album>\n"
               + element("location", uri("%s/Music/cover %d.jpg" % (home, index)))
               + element("mtime", NOW - 86_400 * index) + element("last-seen", NOW)
               + element("date", 0) + element("media-type", "application/octet-stream")
               + element("hidden", 1) + "  </entry>\n")
    feed = "http://podcasts.example.org/feed.xml"
    yield ('  <entry type="podcast-feed">\n' + element("title", "Le Café Podcast")
           + element("genre", "Podcast") + element("artist", "Radio Été") + "    <album></album>\n"
           + element("location", feed) + element("last-seen", NOW) + element("date", 0)
           + element("media-type", "application/octet-stream") + element("status", 1)
           + element("description", "Weekly talk & music") + "  </entry>\n")
    for index in range(3):
        remote = "http://podcasts.example.org/episode-%d.mp3" % index
        local = uri("%s/Podcasts/Le Café Podcast/episode-%d.mp3" % (home, index)) if index < 2 else None
        yield ('  <entry type="podcast-post">\n' + element("title", "Épisode %d" % index)
               + element("genre", "Podcast") + element("artist", "Radio Été")
               + element("album", "Le Café Podcast") + element("duration", 1800 + index)
               + element("file-size", 28_800_000 + index) + element("location", remote)
               + (element("mountpoint", local) if local else "")
               + element("first-seen", NOW - 86_400 * (index + 1)) + element("date", 0)
               + element("media-type", "audio/mpeg") + element("status", 100 if local else 0)
               + element("description", "Episode %d" % index) + element("subtitle", feed)
               + element("post-time", NOW - 86_400 * (index + 2)) + "  </entry>\n")


DEFAULTS = [("My Top Rated", "Rating", '<greater prop="rating">4.000000</greater>'),
            ("Recently Added", "FirstSeen", '<current-time-within prop="first-seen">604800</current-time-within>'),
            ("Recently Played", "LastPlayed", '<current-time-within prop="last-played">604800</current-time-within>')]


def automatic(name, sort_key, criteria, limits="", position=180):
    head = ('  <playlist name="%s" show-browser="true" browser-position="%d" search-type="search-match" '
            'type="automatic"%s sort-key="%s" sort-direction="1">\n' % (text(name), position, limits, sort_key))
    body = ('    <conjunction>\n      <equals prop="type">song</equals>\n      <subquery>\n'
            '        <conjunction>\n' + "".join("          %s\n" % c for c in criteria)
            + "        </conjunction>\n      </subquery>\n    </conjunction>\n")
    return head + body + "  </playlist>\n"


def extra_automatic(rng, index, rank, artists):
    """The rank-th automatic playlist beyond the defaults: each kind of criteria in turn."""
    artist = text(rng.choice(artists))
    genre_a, genre_b = rng.sample(GENRES, 2)
    year = datetime.date(rng.randint(1970, 2020), 1, 1).toordinal()
    choices = [
        ("Artist %d" % index, "Artist", ['<like prop="artist-folded">%s</like>' % artist.lower()], ""),
        ("Loved %d" % index, "PlayCount", ['<greater prop="rating">%d.000000</greater>' % rng.randint(3, 5),
                                           '<greater prop="play-count">%d</greater>' % rng.randint(1, 10)], ""),
        ("Short %d" % index, "Time", ['<less prop="duration">%d</less>' % rng.randint(60, 240)],
         ' limit-count="%d"' % rng.randint(10, 100)),
        ("Genres %d" % index, "Genre", ['<equals prop="genre">%s</equals>' % genre_a, "<disjunction/>",
                                        '<equals prop="genre">%s</equals>' % genre_b], ""),
        ("Year %d" % index, "Year", ['<equals prop="date">%d</equals>' % year], ' limit-time="%d"' % (3600 * rng.randint(1, 5))),
        ("Forgotten %d" % index, "LastPlayed",
         ['<current-time-not-within prop="last-played">%d</current-time-not-within>' % (86_400 * 7 * rng.randint(4, 52)),
          '<not-like prop="genre-folded">%s</not-like>' % genre_a.lower()], ' limit-size="%d"' % rng.randint(100, 900)),
        ("Prefix %d" % index, "Title", ['<prefix prop="title-folded">%s</prefix>' % text(rng.choice(WORDS).lower())], ""),
    ]
    name, sort_key, criteria, limits = choices[rank % len(choices)]
    return automatic(name, sort_key, criteria, limits)


def static(rng, name, locations, home):
    out = ['  <playlist name="%s" show-browser="true" browser-position="180" search-type="search-match" '
           'type="static">\n' % text(name)]
    picked = rng.sample(locations, min(len(locations), rng.randint(5, 60)))
    if picked and rng.random() < 0.5:
        picked.insert(rng.randint(0, len(picked)), rng.choice(picked))  # a repeat
    if rng.random() < 0.3:
        picked.append(uri("%s/Music/Gone/%s.mp3" % (home, rng.choice(WORDS))))  # no longer there
    out.extend("    <location>%s</location>\n" % text(location) for location in picked)
    out.append("  </playlist>\n")
    return "".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tracks", type=int, default=1000)
    parser.add_argument("--playlists", type=int, default=10, help="playlists besides the defaults and the queue")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="rhythmdb.xml", help="the database; playlists.xml is written beside it")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    home = "/home/%s" % rng.choice(["pha", "vedant", "jörg", "anne-marie"])
    locations, artists = [], []
    sample_every = max(1, args.tracks // 5000)  # playlists draw from at most ~5,000 songs
    with open(args.out, "w", encoding="ascii", newline="\n") as db:
        db.write('<?xml version="1.0" standalone="yes"?>\n<rhythmdb version="2.0">\n')
        others = list(other_entries(random.Random(args.seed + 1), home))
        for index, (xml, location, artist) in enumerate(song_entries(rng, args.tracks, home)):
            if index % max(1, args.tracks // len(others) + 1) == 0 and others:
                db.write(others.pop(0))
            db.write(xml)
            if index % sample_every == 0:
                locations.append(location)
                artists.append(artist)
        for xml in others:
            db.write(xml)
        db.write("</rhythmdb>\n")
    playlists_path = os.path.join(os.path.dirname(os.path.abspath(args.out)), "playlists.xml")
    with open(playlists_path, "w", encoding="ascii", newline="\n") as out:
        out.write('<?xml version="1.0"?>\n<rhythmdb-playlists>\n')
        for name, sort_key, criterion in DEFAULTS:
            out.write(automatic(name, sort_key, [criterion], position=349))
        made = 0
        for index in range(args.playlists):
            if not locations or index % 10 == 9:  # most playlists people make by hand are static
                out.write(extra_automatic(rng, index, made, artists or ["Nobody"]))
                made += 1
            else:
                name = "%s %s %d" % (rng.choice(WORDS), rng.choice(["Mix", "Sélection", "Favoris", "集"]), index)
                out.write(static(rng, name, locations, home))
        queue = rng.sample(locations, min(3, len(locations)))
        out.write('  <playlist name="Play Queue" show-browser="false" browser-position="180" '
                  'search-type="search-match" type="queue">\n')
        out.writelines("    <location>%s</location>\n" % text(location) for location in queue)
        out.write("  </playlist>\n</rhythmdb-playlists>\n")


if __name__ == "__main__":
    sys.exit(main())
