#!/usr/bin/env python3
"""Writes a Traktor collection.nml as Traktor itself writes one (NML VERSION 19).

    gen_traktor.py --tracks N --playlists P --seed S [--out FILE]

Deterministic for a given seed. The shape follows the real collections in
../shared/data/real/traktor: one element per line, no indentation, explicit end tags, each
ENTRY with LOCATION / ALBUM / MODIFICATION_INFO / INFO / TEMPO / LOUDNESS / MUSICAL_KEY /
CUE_V2 children, volumes "Macintosh HD" (boot disk, /:Users/:...), an external "Music" disk
and a Windows "D:", unpadded YYYY/M/D dates, RANKING in 51 steps, a PLAYLISTS tree under
"$ROOT" with P/10 folders, P playlists with repeats, a history-like PROTOCOL list and two smart
lists (one the query language can say, one it cannot), and non-ASCII (Hebrew, Turkish,
accented Latin) names in tags, paths and playlist names.
"""
import argparse
import base64
import random
import sys

WORDS = ["Night", "Drive", "Deep", "Sunrise", "Echo", "Velvet", "Orbit", "Pulse", "Shadow", "River",
         "Akşam", "Güneşi", "Avião", "Régine", "Café", "Señor", "Ünlü", "Straße", "שמש", "לילה",
         "Motion", "Acid", "Groove", "Tribe", "Static", "Mirror", "Horizon", "Bloom", "Dust", "Signal"]
ARTISTS = ["Bicep", "Radioactive Man", "Laurent Garnier", "Midland", "Sapientia", "Mystic Poets",
           "Régine", "Barış Manço", "Ofra Haza", "עומר אדם", "Crazy P", "Jayson Brothers", "Vakula"]
GENRES = ["House", "Deep House", "Techno", "Breaks", "Disco", "Funk", "Tech House", "Variété", "Hip-Hop"]
LABELS = ["Ninja Tune", "Warp", "Lamech Records", "George V Records", "Kompakt", "Elemess"]
KEYS_OPEN = ["1d", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "10d", "11d", "12d",
             "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "10m", "11m", "12m"]


def esc(text):
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def words(rng, low, high):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(low, high)))


def date(rng, first, last):
    return "%d/%d/%d" % (rng.randint(first, last), rng.randint(1, 12), rng.randint(1, 28))


def track(rng, index):
    artist, title, album = rng.choice(ARTISTS), words(rng, 1, 4), words(rng, 1, 3)
    number = rng.randint(1, 14)
    place = rng.random()
    name = "%02d %s - %s %d.mp3" % (number, artist, title, index)
    if place < 0.6:
        volume, directory = "Macintosh HD", "/:Users/:dj/:Music/:%s/:%s/:" % (artist, album)
    elif place < 0.85:
        volume, directory = "Music", "/:Music to Spin/:%s/:" % rng.choice(GENRES)
    else:
        volume, directory = "D:", "/:dj/:Tracks/:"
    return {"artist": artist, "title": title, "album": album, "number": number,
            "volume": volume, "dir": directory, "file": name}


def entry_lines(rng, t):
    audio = base64.b64encode(rng.randbytes(rng.randint(200, 400))).decode()
    head = '<ENTRY MODIFIED_DATE="%s" MODIFIED_TIME="%d" AUDIO_ID="%s" TITLE="%s" ARTIST="%s">' % (
        date(rng, 2015, 2024), rng.randint(0, 86399), audio, esc(t["title"]), esc(t["artist"]))
    loc = '<LOCATION DIR="%s" FILE="%s" VOLUME="%s" VOLUMEID="%s"></LOCATION>' % (
        esc(t["dir"]), esc(t["file"]), esc(t["volume"]), esc(t["volume"]))
    seconds = rng.uniform(120, 600)
    info = ['BITRATE="%d"' % rng.choice([320000, 256000, 192000, 1411200, -1]),
            'GENRE="%s"' % esc(rng.choice(GENRES))]
    if rng.random() < 0.4:
        info.append('LABEL="%s"' % esc(rng.choice(LABELS)))
    if rng.random() < 0.5:
        info.append('COMMENT="%s"' % esc(words(rng, 1, 3)))
    info.append('KEY="%s"' % rng.choice(KEYS_OPEN))
    if rng.random() < 0.6:
        info.append('PLAYCOUNT="%d"' % rng.randint(1, 30))
    info += ['PLAYTIME="%d"' % round(seconds), 'PLAYTIME_FLOAT="%.6f"' % seconds]
    if rng.random() < 0.7:
        info.append('RANKING="%d"' % rng.choice([0, 51, 102, 153, 204, 255]))
    info.append('IMPORT_DATE="%s"' % date(rng, 2012, 2024))
    if rng.random() < 0.5:
        info.append('RELEASE_DATE="%d/1/1"' % rng.randint(1970, 2024))
    if rng.random() < 0.6:
        info.append('LAST_PLAYED="%s"' % date(rng, 2015, 2025))
    info += ['FLAGS="%d"' % rng.choice([12, 14, 28]), 'FILESIZE="%d"' % rng.randint(3000, 90000)]
    bpm = rng.uniform(90, 140)
    return [
        head + loc,
        '<ALBUM TRACK="%d" TITLE="%s"></ALBUM>' % (t["number"], esc(t["album"])),
        '<MODIFICATION_INFO AUTHOR_TYPE="user"></MODIFICATION_INFO>',
        "<INFO %s></INFO>" % " ".join(info),
        '<TEMPO BPM="%.6f" BPM_QUALITY="100.000000"></TEMPO>' % bpm,
        '<LOUDNESS PEAK_DB="%.6f" PERCEIVED_DB="%.6f" ANALYZED_DB="%.6f"></LOUDNESS>' % (
            rng.uniform(-3, 1), rng.uniform(-2, 3), rng.uniform(-2, 3)),
        '<MUSICAL_KEY VALUE="%d"></MUSICAL_KEY>' % rng.randint(0, 23),
        '<CUE_V2 NAME="AutoGrid" DISPL_ORDER="0" TYPE="4" START="%.6f" LEN="0.000000" REPEATS="-1" HOTCUE="0"></CUE_V2>' % rng.uniform(0, 500),
        "</ENTRY>",
    ]


def playlist_lines(rng, name, keys, count, kind="LIST"):
    uuid = "%032x" % rng.getrandbits(128)
    picks = [rng.choice(keys) for _ in range(count)]
    if picks and rng.random() < 0.5:
        picks.insert(rng.randint(0, len(picks)), rng.choice(picks))  # a repeat
    head = '<NODE TYPE="PLAYLIST" NAME="%s"><PLAYLIST ENTRIES="%d" TYPE="%s" UUID="%s">' % (
        esc(name), len(picks), kind, uuid)
    if not picks:
        return [head + "</PLAYLIST>", "</NODE>"]
    lines = []
    for key in picks:
        lines.append('<ENTRY><PRIMARYKEY TYPE="TRACK" KEY="%s"></PRIMARYKEY>' % esc(key))
        lines.append("</ENTRY>")
    lines[0] = head + lines[0]
    lines += ["</PLAYLIST>", "</NODE>"]
    return lines


def generate(tracks, playlists, seed, out):
    rng = random.Random(seed)
    out.write('<?xml version="1.0" encoding="UTF-8" standalone="no" ?>\n')
    out.write('<NML VERSION="19"><HEAD COMPANY="www.native-instruments.com" PROGRAM="Traktor"></HEAD>\n')
    out.write("<MUSICFOLDERS></MUSICFOLDERS>\n")
    out.write('<COLLECTION ENTRIES="%d">' % tracks)
    keys = []
    for index in range(tracks):
        t = track(rng, index)
        keys.append(t["volume"] + t["dir"] + t["file"])
        out.write("\n".join(entry_lines(rng, t)) + "\n")
    out.write('</COLLECTION>\n<SETS ENTRIES="0"></SETS>\n')
    folders = max(1, playlists // 10)
    top = [("folder", i) for i in range(folders)] + [("list", i) for i in range(playlists - playlists // 2)]
    out.write('<PLAYLISTS><NODE TYPE="FOLDER" NAME="$ROOT"><SUBNODES COUNT="%d">' % (len(top) + 3))
    lines = playlist_lines(rng, "HISTORY", keys, min(20, len(keys)), "PROTOCOL") if keys else []
    for kind, index in top:
        if kind == "folder":
            inner = playlists // 2 // folders
            lines.append('<NODE TYPE="FOLDER" NAME="%s %d"><SUBNODES COUNT="%d">' % (esc(words(rng, 1, 2)), index, inner))
            for sub in range(inner):
                lines += playlist_lines(rng, "%s %d.%d" % (words(rng, 1, 3), index, sub), keys, rng.randint(0, 60)) if keys else []
            lines.append("</SUBNODES>")
            lines.append("</NODE>")
        elif keys:
            lines += playlist_lines(rng, "%s %d" % (words(rng, 1, 3), index), keys, rng.randint(0, 120))
    for name, query in (("Techno", '$GENRE % &quot;Techno&quot;'), ("Played", "$PLAYED == TRUE")):
        lines.append('<NODE TYPE="SMARTLIST" NAME="%s"><SMARTLIST UUID="%032x"><SEARCH_EXPRESSION VERSION="1" QUERY="%s">'
                     '</SEARCH_EXPRESSION>' % (name, rng.getrandbits(128), query))
        lines += ["</SMARTLIST>", "</NODE>"]
    out.write("\n".join(lines) + "\n")
    out.write("</SUBNODES>\n</NODE>\n</PLAYLISTS>\n")
    out.write('<SORTING_ORDER PATH="$COLLECTION"><SORTING_DATA IDX="5" ORD="1"></SORTING_DATA>\n</SORTING_ORDER>\n')
    out.write("</NML>\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tracks", type=int, default=1000)
    parser.add_argument("--playlists", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out")
    args = parser.parse_args()
    if args.out:
        with open(args.out, "w", encoding="utf-8", newline="\n") as out:
            generate(args.tracks, args.playlists, args.seed, out)
    else:
        generate(args.tracks, args.playlists, args.seed, sys.stdout)


if __name__ == "__main__":
    main()
