#!/usr/bin/env python3
"""Writes a Serato library as Serato writes one: `database V2` and crates in `Subcrates/`
(and one smart crate in `SmartCrates/`), in the folder given (a `_Serato_` folder).

    gen_serato.py --tracks N --seed S [--playlists P] --out SERATO_DIR
    gen_serato.py --from-crates FOLDER --out SERATO_DIR     (tracks: the paths the crates name)
    gen_serato.py --tracks N --seed S --reorder --retitle I --out SERATO_DIR

Deterministic for a given seed. The shape follows the real databases in
../shared/data/real/serato: `vrsn` "2.0/Serato Scratch LIVE Database", then one `otrk` per
track with Serato's fields in its order (ttyp, pfil, tsng, tart, talb, tgen, tlen, tsiz, tbit,
tsmp, tbpm, tcom, tcmp, tgrp, tlbl, trmx, ttyr, tadd, tkey, uadd, ufsb, utkn, udsc, utme, the
b... flags, sbav), UTF-16 big-endian text, paths relative to the drive root (`Users/sam/Music/...`),
a few non-ASCII names, some tracks without album or key, `0.00` BPM (not analysed) and `0` years.
Every path is distinct: items == tracks. --playlists P writes P crates (every tenth a subcrate
`Parent%%Child`, as Serato names them) of up to 50 entries and one smart crate; --reorder
writes the tracks in reverse order and --retitle I gives track I another title (a re-export).
--from-crates writes a database (no crates) listing every distinct path the `.crate` files in
FOLDER name, so that real crates without their database can be indexed.
"""
import argparse
import os
import random
import struct
import sys

WORDS = ["Night", "Drive", "Deep", "Sunrise", "Echo", "Velvet", "Orbit", "Pulse", "Shadow", "River",
         "Akşam", "Güneşi", "Avião", "Régine", "Café", "Señor", "Straße", "Motion", "Acid", "Groove"]
ARTISTS = ["The Fictional Band", "DJ Nobody", "Orbit & Echo", "Señor Pulse", "Velvet Tribe", "Mirror Club"]
GENRES = ["House", "Techno", "Turntablism", "Hip-Hop", "Disco", "Funk", "Afro", "Variété"]
KEYS = ["Am", "Ebm", "G#m", "C", "F#m", "Bb", "Em", "Dm", "Gm", "8A", "11B"]


def record(tag, body):
    return tag.encode("ascii") + struct.pack(">I", len(body)) + body


def text(tag, value):
    return record(tag, value.encode("utf-16-be"))


def u32(tag, value):
    return record(tag, struct.pack(">I", value))


def flag(tag, value):
    return record(tag, bytes([value]))


def version(kind):
    return text("vrsn", kind)


def track(rng, index, path, retitle=False):
    artist = rng.choice(ARTISTS)
    title = " ".join(rng.sample(WORDS, 2)) + (" (re-export)" if retitle else "")
    seconds = rng.randint(60, 600) + rng.randint(0, 99) / 100
    added = 1_400_000_000 + index * 37
    fields = [text("ttyp", path.rsplit(".", 1)[-1]), text("pfil", path), text("tsng", title), text("tart", artist)]
    if rng.random() < 0.8:
        fields.append(text("talb", " ".join(rng.sample(WORDS, 3))))
    fields.append(text("tgen", rng.choice(GENRES)))
    fields.append(text("tlen", "%02d:%05.2f" % (seconds // 60, seconds % 60)))
    size = rng.randint(2_000_000, 20_000_000)
    fields += [text("tsiz", "%.1fMB" % (size / 1048576)), text("tbit", rng.choice(["320.0kbps", "256.0kbps", "1411.2kbps"])),
               text("tsmp", rng.choice(["44.1k", "48.0k"]))]
    fields.append(text("tbpm", "0.00" if rng.random() < 0.05 else "%.2f" % rng.uniform(70, 175)))
    if rng.random() < 0.3:
        fields.append(text("tcom", "www.example.com"))
    if rng.random() < 0.2:
        fields.append(text("tcmp", "A. Writer/B. Writer"))
    if rng.random() < 0.2:
        fields.append(text("tgrp", "For Promotional Use Only"))
    if rng.random() < 0.2:
        fields.append(text("tlbl", "Imaginary Records"))
    fields.append(text("ttyr", "0" if rng.random() < 0.05 else str(rng.randint(1970, 2024))))
    fields.append(text("tadd", str(added)))
    if rng.random() < 0.85:
        fields.append(text("tkey", rng.choice(KEYS)))
    fields += [u32("uadd", added), u32("ufsb", size), u32("utkn", rng.randint(1, 14)), u32("udsc", 1),
               u32("utme", added - 1000)]
    for name in ("bhrt", "bmis", "bply", "blop", "bitu", "bovc", "bcrt", "biro", "bwlb", "bwll", "buns", "bbgl", "bkrk"):
        fields.append(flag(name, 1 if name in ("bhrt", "bovc") else 0))
    fields += [u32("ulbl", 0xFFFFFF), record("sbav", b"\x02\x01")]
    return record("otrk", b"".join(fields))


def crate_paths(path):
    data = open(path, "rb").read()
    offset, paths = 0, []
    while offset + 8 <= len(data):
        tag = data[offset:offset + 4]
        (length,) = struct.unpack(">I", data[offset + 4:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if tag == b"otrk":
            inner = 0
            while inner + 8 <= len(body):
                (n,) = struct.unpack(">I", body[inner + 4:inner + 8])
                if body[inner:inner + 4] == b"ptrk":
                    paths.append(body[inner + 8:inner + 8 + n].decode("utf-16-be", "replace"))
                inner += 8 + n
        offset += 8 + length
    return paths


def crate(name_kind, paths, smart=False):
    parts = [version(name_kind)]
    if smart:
        parts += [record("rart", flag("brut", 0)), record("rlut", flag("brut", 1)),
                  record("rurt", text("trft", "cond_con_str") + u32("urkt", 6) + text("trpt", "House"))]
    parts.append(record("osrt", text("tvcn", "#") + flag("brev", 0)))
    for column in ("song", "artist", "bpm", "key"):
        parts.append(record("ovct", text("tvcn", column) + text("tvcw", "0")))
    for path in paths:
        parts.append(record("otrk", text("ptrk", path)))
    return b"".join(parts)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tracks", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playlists", type=int, default=0)
    parser.add_argument("--reorder", action="store_true")
    parser.add_argument("--retitle", type=int, default=None)
    parser.add_argument("--from-crates")
    parser.add_argument("--out", required=True, help="the _Serato_ folder to write into")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    if args.from_crates:
        seen, paths = set(), []
        for name in sorted(os.listdir(args.from_crates)):
            full = os.path.join(args.from_crates, name)
            if name.endswith(".crate") and os.path.isfile(full):
                for path in crate_paths(full):
                    if path not in seen:
                        seen.add(path)
                        paths.append(path)
    else:
        paths = []
        for index in range(args.tracks):
            artist = rng.choice(ARTISTS)
            paths.append("Users/sam/Music/%s/%s %d.%s" % (artist, rng.choice(WORDS), index,
                                                         rng.choice(["mp3", "mp3", "m4a", "flac", "mp4"])))
    order = list(range(len(paths)))
    if args.reorder:
        order.reverse()
    with open(os.path.join(args.out, "database V2"), "wb") as out:
        out.write(version("2.0/Serato Scratch LIVE Database"))
        for index in order:
            # Each track's values come from its own seed: a reordered export holds the same tracks.
            out.write(track(random.Random(args.seed * 1_000_003 + index), index, paths[index], index == args.retitle))
    if args.playlists:
        folder = os.path.join(args.out, "Subcrates")
        os.makedirs(folder, exist_ok=True)
        for number in range(args.playlists):
            name = "Crate %d" % number if number % 10 else "Parent %d%%%%Child" % number
            picked = [paths[rng.randrange(len(paths))] for _ in range(rng.randint(0, 50))] if paths else []
            with open(os.path.join(folder, name + ".crate"), "wb") as out:
                out.write(crate("1.0/Serato ScratchLive Crate", picked))
        smart = os.path.join(args.out, "SmartCrates")
        os.makedirs(smart, exist_ok=True)
        with open(os.path.join(smart, "House.scrate"), "wb") as out:
            out.write(crate("1.0/Serato ScratchLive Smart Crate", paths[:20], smart=True))
    sys.stderr.write("gen_serato: %d tracks in %s\n" % (len(paths), os.path.join(args.out, "database V2")))


if __name__ == "__main__":
    main()
