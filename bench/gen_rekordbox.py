#!/usr/bin/env python3
"""Deterministic generator of rekordbox XML collections (File > Export Collection in xml format).

Standard library only. Writes what rekordbox 6.x/7.x writes, as seen in the real exports of
../shared/data/real/rekordbox (deviationist 6.7.7, conrad-scherb 6.6.1, interfluve-wav 7.2.8
on macOS; fabianmuehlberger 7.2.6 on Windows):

- `<?xml version="1.0" encoding="UTF-8"?>`, an empty line, `<DJ_PLAYLISTS Version="1.0.0">`,
  `<PRODUCT Name="rekordbox" Version="..." Company="AlphaTheta"/>`, two-space indentation,
  CRLF line ends on the Mac (LF on Windows);
- `<COLLECTION Entries="n">` of `<TRACK>` elements whose attributes come in rekordbox's order
  (TrackID Name Artist Composer Album Grouping Genre Kind Size TotalTime DiscNumber
  TrackNumber Year AverageBpm DateAdded BitRate SampleRate Comments PlayCount Rating Location
  Remixer Tonality Label Mix, and Colour on some 7.x tracks), wrapped as rekordbox wraps them
  (a new line, indented to the first attribute, once a line is longer than 70 characters);
  TrackIDs random up to ~2.7e8 (rekordbox 6/7 database ids); unknown numbers written as 0 and
  unknown text as "" as rekordbox does; `TEMPO` children (one, or a dense variable grid) and
  `POSITION_MARK` hot cues (with colours) and memory cues (`Num="-1"`);
- Locations `file://localhost/Users/...` (or `file://localhost/C:/Users/...`) percent-encoded
  as rekordbox does: lower-case hex for UTF-8 bytes, space, `& ' [ ] % " |` encoded, while
  `, ( ) ! # + @ $ ; = : ?` stay raw; some names with accents, Cyrillic, CJK, emoji, a few
  videos (.mp4, .mov) and a SoundCloud track (`file://localhostsoundcloud:tracks:N`);
- `<PLAYLISTS><NODE Type="0" Name="ROOT" Count="k">` with folders (`Type="0"`, `Count`),
  playlists (`Type="1" KeyType="0" Entries="n"`) holding `<TRACK Key="TrackID"/>` in order,
  some with a track repeated, one empty, folders nested two deep, two playlists of the same
  name in one folder.

The same (--tracks, --playlists, --seed, --platform, --version) always gives the same bytes.
Output is streamed; only the TrackIDs are kept for the playlists.

usage: gen_rekordbox.py --tracks 100000 --playlists 60 --seed 1 [--out FILE] [--platform mac]
"""
import argparse
import random
import sys

ARTISTS = ["Chris Stussy, Toman", "Röyksopp", "Sigur Rós", "Björk", "Ike & Tina Turner",
           "Guns N' Roses", "坂本龍一", "Мумий Тролль", "Ólafur Arnalds", "Daft Punk",
           "Amadou & Mariam", "Café del Mar", "Ryūichi Sakamoto", "DJ Koze", "Âme",
           "Nicola Cruz", "Peggy Gou", "Dixon", "Ben Böhmer", "Kölsch", "Los Ángeles Azules",
           "Anyma", "Solomun", "Tale Of Us", "Bicep", "Fred again..", "Jamie xx", "Four Tet",
           "Caribou", "Floating Points", "Honey Dijon", "Âme [Innervisions]", "Ñu", "Zoé",
           "Jean-Michel Jarre", "Einstürzende Neubauten", "Sébastien Tellier", "Ελένη", "BLÜMCHEN"]
WORDS = ["Love", "Night", "Dance", "Deep", "Sun", "Moon", "Rêve", "Été", "Träume", "Ночь",
         "夜", "Fire", "Water", "100% Pure", "Don't Stop", "Rock & Roll", "[Edit]", "Süß",
         "Corazón", "Åsa", "Groove", "Jack", "House", "Acid", "Vibes", "Sol", "Lune", "🌙",
         "Tokyo", "Berlin", "Ibiza", "Naïve", "Coração", "Straße", "Øre", "#2", "Why?", "A+B"]
GENRES = ["House", "Deep House", "Techno", "Minimal", "Tech House", "Disco", "Breaks",
          "Drum & Bass", "Ambient", "Électro", ""]
LABELS = ["Locus", "Meta", "Innervisions", "Kompakt", "Ninja Tune", "Warp", "Ostgut Ton", ""]
KEYS = ["Am", "Gm", "F#m", "Ebm", "Ab", "C", "Fm", "2A", "7A", "8A", "11B", ""]
KINDS = [("mp3", "MP3 File", 320), ("aiff", "AIFF File", 1411), ("wav", "WAV File", 1411),
         ("m4a", "M4A File", 256), ("flac", "FLAC File", 0)]
SAFE = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/,()!#+@$;=:?*")
ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;"}
ORDER = ["TrackID", "Name", "Artist", "Composer", "Album", "Grouping", "Genre", "Kind", "Size",
         "TotalTime", "DiscNumber", "TrackNumber", "Year", "AverageBpm", "DateAdded", "BitRate",
         "SampleRate", "Comments", "PlayCount", "Rating", "Location", "Remixer", "Tonality",
         "Label", "Mix", "Colour"]


def escape(text):
    return "".join(ESCAPES.get(ch, ch) for ch in text)


def encode(path):
    """rekordbox's percent-encoding: lower-case hex, see the module comment."""
    out = []
    for byte in path.encode("utf-8"):
        out.append(chr(byte) if byte in SAFE else "%%%02x" % byte)
    return "".join(out)


def wrapped(indent, tag, attrs, close, nl):
    """`<TAG a="1" ...` with a new line once a line passes 70 characters, as rekordbox does."""
    head = indent + "<" + tag
    lines, line = [], head
    for key, value in attrs:
        if len(line) > 70 and line != head:
            lines.append(line)
            line = " " * (len(head) + 1) + '%s="%s"' % (key, escape(value))
        else:
            line += ' %s="%s"' % (key, escape(value))
    lines.append(line + close)
    return nl.join(lines) + nl


class Generator:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.nl = "\r\n" if args.platform == "mac" else "\n"
        self.root = "/Users/dj/Music/" if args.platform == "mac" else "C:/Users/dj/Music/"
        self.seven = args.version.startswith("7")
        self.paths = set()

    def title(self):
        rng = self.rng
        words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
        if rng.random() < 0.15:
            words += " (%s Remix)" % rng.choice(ARTISTS)
        if rng.random() < 0.05:
            words += " "  # rekordbox keeps trailing spaces
        return words

    def track(self, track_id, index):
        rng = self.rng
        artist = rng.choice(ARTISTS) if rng.random() < 0.93 else ""
        album = (rng.choice(WORDS) + " EP") if rng.random() < 0.7 else ""
        name = self.title() if rng.random() < 0.995 else ""
        ext, kind, bit_rate = rng.choice(KINDS)
        if rng.random() < 0.02:
            ext, kind, bit_rate = rng.choice([("mp4", "MP4 File", 0), ("mov", "Unknown Format", 2822)])
        seconds = rng.randint(5, 720) if rng.random() < 0.995 else 0
        bpm = rng.choice([0.0, rng.uniform(70, 180)]) if rng.random() < 0.1 else rng.uniform(110, 140)
        folder = "%s/%s/" % (artist or "Unknown Artist", album or "Unknown Album")
        file_name = "%02d %s - %s.%s" % (index % 20 + 1, artist or "Unknown", name or "Untitled", ext)
        path = self.root + folder + file_name
        copy = 1
        while path in self.paths:  # two tracks never share a file: the second is "x (2).mp3"
            copy += 1
            path = "%s%s%s (%d).%s" % (self.root, folder, file_name.rsplit(".", 1)[0], copy, ext)
        self.paths.add(path)
        if rng.random() < 0.002:
            location = "file://localhostsoundcloud:tracks:%d" % (10**8 + index)
        else:
            location = "file://localhost/" + encode(path.lstrip("/"))
        remixer = rng.choice(ARTISTS) if rng.random() < 0.05 else ""
        values = {
            "TrackID": str(track_id), "Name": name, "Artist": artist,
            "Composer": rng.choice(["", "", "", "Norman Whitfield;Barrett Strong"]),
            "Album": album, "Grouping": rng.choice(["", "", "", "Purple"]),
            "Genre": rng.choice(GENRES), "Kind": kind,
            "Size": str(seconds * bit_rate * 125 + rng.randint(0, 99999) if bit_rate else rng.randint(10**6, 10**8)),
            "TotalTime": str(seconds), "DiscNumber": str(rng.choice([0, 0, 0, 1, 2])),
            "TrackNumber": str(rng.choice([0, 0, rng.randint(1, 24)])),
            "Year": str(rng.choice([0, rng.randint(1965, 2026)])), "AverageBpm": "%.2f" % bpm,
            "DateAdded": "%04d-%02d-%02d" % (rng.randint(2015, 2026), rng.randint(1, 12), rng.randint(1, 28)),
            "BitRate": str(bit_rate), "SampleRate": str(rng.choice([44100, 44100, 48000])),
            "Comments": rng.choice(["", "", "", "Tracks by www.loopmasters.com", "28127816", "Purchased at Beatport.com"]),
            "PlayCount": str(rng.choice([0, 0, 0, rng.randint(1, 40)])),
            "Rating": str(rng.choice([0] * 12 + [51, 102, 153, 204, 255])),
            "Location": location, "Remixer": remixer, "Tonality": rng.choice(KEYS),
            "Label": rng.choice(LABELS), "Mix": rng.choice([""] * 30 + ["Extended Mix"]),
        }
        if self.seven and rng.random() < 0.03:
            values["Colour"] = rng.choice(["0x660099", "0xFF007F", "0x25FDE9"])
        attrs = [(key, values[key]) for key in ORDER if key in values]
        children = self.children(bpm, seconds)
        if not children:
            return wrapped("    ", "TRACK", attrs, "/>", self.nl)
        return wrapped("    ", "TRACK", attrs, ">", self.nl) + "".join(children) + "    </TRACK>" + self.nl

    def children(self, bpm, seconds):
        rng = self.rng
        if bpm == 0 or rng.random() < 0.08:
            return []
        out = []
        grid = 1 if rng.random() < 0.9 else rng.randint(2, 60)
        start = rng.uniform(0, 0.3)
        for n in range(grid):
            out.append('      <TEMPO Inizio="%.3f" Bpm="%.2f" Metro="4/4" Battito="%d"/>%s'
                       % (start + n * 60 / bpm, bpm, n % 4 + 1, self.nl))
        for n in range(rng.choice([0, 0, 0, 2, 4, 8])):
            at = "%.3f" % rng.uniform(0, max(seconds, 1))
            if rng.random() < 0.5:
                attrs = [("Name", rng.choice(["", "", "drop", "Intro"])), ("Type", "0"), ("Start", at),
                         ("Num", str(n)), ("Red", "40"), ("Green", "226"), ("Blue", "20")]
            else:
                attrs = [("Name", ""), ("Type", "0"), ("Start", at), ("Num", "-1")]
            out.append(wrapped("      ", "POSITION_MARK", attrs, "/>", self.nl))
        return out

    def write(self, out):
        args, rng, nl = self.args, self.rng, self.nl
        out.write('<?xml version="1.0" encoding="UTF-8"?>' + nl + nl)
        out.write('<DJ_PLAYLISTS Version="1.0.0">' + nl)
        out.write('  <PRODUCT Name="rekordbox" Version="%s" Company="AlphaTheta"/>%s' % (args.version, nl))
        out.write('  <COLLECTION Entries="%d">%s' % (args.tracks, nl))
        ids = rng.sample(range(1_000_000, 270_000_000), args.tracks)
        for index, track_id in enumerate(ids):
            out.write(self.track(track_id, index))
        out.write("  </COLLECTION>" + nl)
        self.write_playlists(out, ids)
        out.write("</DJ_PLAYLISTS>" + nl)

    def playlist_tree(self, count):
        """[(name, children or None)]: a few folders (one nested), the rest playlists."""
        rng = self.rng
        top, folders = [], []
        for index in range(count):
            name = "%s %d" % (rng.choice(WORDS), index)
            if index % 9 == 1:
                node = (name, [])
                (rng.choice(folders)[1] if folders and rng.random() < 0.3 else top).append(node)
                folders.append(node)
            elif folders and rng.random() < 0.5:
                rng.choice(folders)[1].append((name, None))
            else:
                top.append((name, None))
        if folders:
            twin = "Warm up"
            folders[0][1].extend([(twin, None), (twin, None)])
        return top

    def write_playlists(self, out, ids):
        nl = self.nl
        tree = self.playlist_tree(self.args.playlists)
        out.write("  <PLAYLISTS>" + nl)
        out.write('    <NODE Type="0" Name="ROOT" Count="%d">%s' % (len(tree), nl))
        self.write_nodes(out, tree, ids, "      ", first=[True])
        out.write("    </NODE>" + nl + "  </PLAYLISTS>" + nl)

    def write_nodes(self, out, nodes, ids, indent, first):
        rng, nl = self.rng, self.nl
        for name, children in nodes:
            if children is not None:
                out.write('%s<NODE Name="%s" Type="0" Count="%d">%s' % (indent, escape(name), len(children), nl))
                self.write_nodes(out, children, ids, indent + "  ", first)
                out.write(indent + "</NODE>" + nl)
                continue
            size = 0 if first[0] else min(len(ids), rng.choice([1, 5, 12, 30, 80, 250]))
            first[0] = False
            keys = rng.sample(ids, size) if size else []
            if size > 3 and rng.random() < 0.3:
                keys.insert(rng.randrange(len(keys)), keys[0])  # a track played twice
            out.write('%s<NODE Name="%s" Type="1" KeyType="0" Entries="%d">%s' % (indent, escape(name), len(keys), nl))
            for key in keys:
                out.write('%s  <TRACK Key="%d"/>%s' % (indent, key, nl))
            out.write(indent + "</NODE>" + nl)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tracks", type=int, default=1000)
    ap.add_argument("--playlists", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="-", help="output file ('-' = stdout)")
    ap.add_argument("--platform", choices=["mac", "windows"], default="mac")
    ap.add_argument("--version", default="6.7.7", help="rekordbox version in PRODUCT (6.x or 7.x)")
    args = ap.parse_args()
    if args.tracks < 1 or args.playlists < 0:
        ap.error("--tracks must be at least 1 and --playlists at least 0")
    if args.out == "-":
        out = open(sys.stdout.fileno(), "w", encoding="utf-8", newline="", closefd=False)
    else:
        out = open(args.out, "w", encoding="utf-8", newline="")
    with out:
        Generator(args).write(out)


if __name__ == "__main__":
    main()
