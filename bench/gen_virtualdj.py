#!/usr/bin/env python3
"""Writes a VirtualDJ 8 database.xml as VirtualDJ itself writes one (Version 8.5), or with
--legacy a VirtualDJ 7 "VirtualDJ Local Database v6.xml" (Version 700).

    gen_virtualdj.py --tracks N --seed S [--legacy] [--clean] [--playlists P] [--out FILE]

Deterministic for a given seed. The shape follows the real databases in
../shared/data/real/virtualdj: a Song per track with FilePath (Windows `C:\\...`, a few Mac
`/Users/...` and forward-slash `E:/...` paths) and FileSize; VirtualDJ 8 children Tags / Infos /
Comment / Scan / Poi (BPM as seconds per beat, SongLength in seconds, Unix times), VirtualDJ 7
children Display / Infos / Comment / BPM / FAME / Automix (lengths and beats in samples at
44.1 kHz); blank-padded attributes, padded end tags, YYYYMMDD years, N/M track numbers, Stars,
both Remix and Remixer, a streaming `netsearch://` song, a raw 0x08 in one comment (XML forbids
it; VirtualDJ writes it; --clean leaves it out, for xmllint), and non-ASCII names. Every
FilePath is distinct: items == songs. --playlists is accepted and ignored (the database holds
none), so bench/djlibraries.sh calls every generator alike.
"""
import argparse
import random
import sys
from xml.sax.saxutils import quoteattr

WORDS = ["Night", "Drive", "Deep", "Sunrise", "Echo", "Velvet", "Orbit", "Pulse", "Shadow", "River",
         "Akşam", "Güneşi", "Avião", "Régine", "Café", "Señor", "Straße", "Motion", "Acid", "Groove"]
ARTISTS = ["The Fictional Band", "DJ Nobody", "Orbit & Echo", "Señor Pulse", "Velvet Tribe", "Mirror Club"]
GENRES = ["House", "Techno", "Zouk", "Urban", "Disco", "Funk", "Afro", "Variété", "Hip-Hop"]
KEYS = ["A", "Am", "A#", "A#m", "B", "Bm", "C", "C#", "C#m", "Cm", "D", "Dm", "E", "Em", "F", "F#m", "G", "Gm"]


def attrs(pairs):
    return "".join(" %s=%s" % (name, quoteattr(str(value))) for name, value in pairs if value is not None)


def path_of(rng, index, artist, title):
    name = "%s - %s %d.%s" % (artist, title, index, rng.choice(["mp3", "mp3", "m4a", "flac", "mp4"]))
    roll = rng.random()
    if roll < 0.1:
        return "/Users/sam/Music/%s/%s" % (artist, name)
    if roll < 0.2:
        return "E:/Music/%s/%s" % (artist, name)
    return "C:\\Users\\sam\\Music\\%s\\%s" % (artist, name)


def song(rng, index, legacy, clean):
    artist, title = rng.choice(ARTISTS), " ".join(rng.sample(WORDS, 2))
    path = "netsearch://va%d" % index if index == 7 else path_of(rng, index, artist, title)
    length = rng.uniform(60, 480)
    bpm = rng.uniform(70, 175)
    seen = rng.randint(1_500_000_000, 1_750_000_000)
    played = rng.random() < 0.4
    lines = [' <Song%s>' % attrs([("FilePath", path), ("FileSize", rng.randint(10**6, 2 * 10**7))])]
    tags = [("Author", artist), ("Title", title), ("Genre", rng.choice(GENRES)),
            ("Album", rng.choice([" " * 30, "Album " + rng.choice(WORDS)])), ("Year", rng.choice(["1999", "20140730", "2021"]))]
    infos = [("SongLength", int(length * 44100) if legacy else "%.6f" % length), ("FirstSeen", seen)]
    if played:
        infos += [("FirstPlay", seen + 100), ("LastPlay", seen + 1000), ("PlayCount", rng.randint(1, 40))]
    infos.append(("Bitrate", rng.choice([128, 192, 320])))
    if legacy:
        lines.append("  <Display%s />" % attrs(tags + [("Color", rng.randint(0, 2**24)), ("Tag", 1)]))
        lines.append("  <Infos%s />" % attrs(infos))
        if index == 3:
            lines.append("  <Comment>rip %s</Comment>" % (" " if clean else "\x08"))
        lines.append("  <BPM%s />" % attrs([("Bpm", int(44100 * 60 / bpm)), ("Phase", 16600)]))
        lines.append("  <FAME%s />" % attrs([("IsScanned", 510), ("Volume", 6943), ("Key", rng.choice(KEYS))]))
        lines.append('  <Automix FadeStart="24576" FadeEnd="4280320" RealStart="20480" RealEnd="4354048" />')
    else:
        tags += [("Remix", rng.choice([None, "Extended Mix"])), ("Remixer", rng.choice([None, "DJ Nobody"])),
                 ("TrackNumber", rng.choice(["1", "03/12", "0"])), ("Stars", rng.randint(0, 5)),
                 ("Bpm", "%.6f" % (60 / bpm) if rng.random() < 0.5 else None), ("Key", rng.choice(KEYS)), ("Flag", 1)]
        lines.append("  <Tags%s />" % attrs(tags))
        lines.append("  <Infos%s />" % attrs(infos))
        lines.append("  <Comment>%s</Comment>" % ("rip " + (" " if clean else "\x08") if index == 3 else "set " + rng.choice(WORDS)))
        lines.append("  <Scan%s />" % attrs([("Version", 801), ("Bpm", "%.6f" % (60 / bpm)), ("Key", rng.choice(KEYS))]))
        lines.append('  <Poi Pos="%.6f" Type="beatgrid" />' % rng.uniform(0, 2))
    lines.append(" </Song>" + " " * rng.choice([0, 0, 40]))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tracks", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--legacy", action="store_true")
    parser.add_argument("--clean", action="store_true")
    parser.add_argument("--playlists", type=int, default=0)
    parser.add_argument("--out")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = open(args.out, "w", encoding="utf-8", newline="\n") if args.out else sys.stdout
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<VirtualDJ_Database Version="%s">\n'
              % ("700" if args.legacy else "8.5"))
    for index in range(args.tracks):
        out.write(song(rng, index, args.legacy, args.clean) + "\n")
    out.write("</VirtualDJ_Database>\n")


if __name__ == "__main__":
    main()
