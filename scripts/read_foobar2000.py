#!/usr/bin/env python3
"""Independent reading of foobar2000's playlists: a 2.x playlists-v2.0/index.txt with the
playlist-GUID.fplite files it names, or a 1.x playlists-v1.4/index.dat with its .fpl files.

Prints JSON Lines, one playlist a line in foobar2000's tab order, written from the formats as
docs/sources.md describes them ("foobar2000 playlists") and the real files, not from Mixtape's
Swift reader: the end-to-end tests compare `mixtape playlists --json` and `export-playlist`
against this, playlist by playlist and entry by entry.

    read_foobar2000.py INDEX      (INDEX: index.txt, index.dat, or the folder holding one)

Each line: {"name", "file" (the playlist's file, absolute), "identity", "locations" (as
written), "paths" (where each points, as Mixtape resolves it), "durations_ms" (1.x, null when
unknown)}. A playlist whose file is missing has no entries. Exit 65 with a message for a file
this reading cannot take. Standard library only.

Locations: foobar2000 writes `file://` + the native path (no percent-encoding). The path after
it, `\\` read as `/`: a drive path (`M:/Music/...`) or `//server/share/...` as it is, `/C:/...`
without its first slash, another `/...` path as it is; `file-relative://X` and a path with no
scheme that is not absolute are relative to the folder above the profile folder (the one
above the playlists folder); another `scheme://` is kept as written. `.` and `..` are resolved.
"""
import json
import os
import re
import struct
import sys

GUID = re.compile(r"^([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}):(.*)$", re.S)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]+://")
DRIVE = re.compile(r"^[A-Za-z]:(/|$)")
INDEX_DAT = bytes.fromhex("35475e2a601b4b4b82575c8e6126fdf6")
FPL = bytes.fromhex("003759db444d564e8034c62aba89a6b9")
PAYLOAD = bytes.fromhex("f64159f98bc86e439d3ec4678785d649")
IDENTITY_KEY = "52655132-8F57-4C56-9AEE-17525C679A5D"


class Refused(Exception):
    pass


def windows_guid(raw):
    a, b, c = struct.unpack("<IHH", raw[:8])
    tail = raw[8:].hex().upper()
    return "%08X-%04X-%04X-%s-%s" % (a, b, c, tail[:4], tail[4:])


def normalise(path):
    """`a/./b/../c` -> `a/c`, keeping the root: `/`, `C:`, `//server`."""
    if "/." not in path and "//" not in path:
        return path
    unc = path.startswith("//")
    absolute = path.startswith("/")
    parts = [p for p in path.split("/") if p]
    root, rest = [], []
    for index, part in enumerate(parts):
        if index == 0 and (DRIVE.match(part + "/") or unc):
            root.append(part)
        elif part == ".":
            continue
        elif part == "..":
            if rest:
                rest.pop()
        else:
            rest.append(part)
    body = "/".join(root + rest)
    return "//" + body if unc else ("/" + body if absolute else body)


def target(location, program):
    lower = location.lower()
    if lower.startswith("file://"):
        return native(location[len("file://"):], program)
    if lower.startswith("file-relative://"):
        return normalise(program.rstrip("/") + "/" + location[len("file-relative://"):].replace("\\", "/"))
    if SCHEME.match(location):
        return location
    return native(location, program)


def native(path, program):
    slashed = path.replace("\\", "/")
    if slashed.startswith("/"):
        if not slashed.startswith("//") and DRIVE.match(slashed[1:]):
            return normalise(slashed[1:])
        return normalise(slashed)
    if DRIVE.match(slashed):
        return normalise(slashed)
    return normalise(program.rstrip("/") + "/" + slashed)


def read_file(path):
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return None


def first_present(folder, names):
    for name in names:
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            return path
    return os.path.join(folder, names[0])


# 2.x ----------------------------------------------------------------------------------------

def read_index_txt(path):
    data = read_file(path)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Refused("%s: not UTF-8: %s" % (path, error))
    playlists, seen = [], set()
    for number, line in enumerate(text.split("\n"), 1):
        if line.endswith("\r"):
            line = line[:-1]
        if line == "":
            continue
        match = GUID.match(line)
        if not match:
            raise Refused("%s:%d: not GUID:name" % (path, number))
        guid, name = match.group(1), match.group(2)
        if guid.upper() in seen:
            continue
        seen.add(guid.upper())
        playlists.append((guid, name))
    return playlists


def read_fplite(data):
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    locations = []
    for raw in data.split(b"\n"):
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        if raw.strip(b" \t") == b"":
            continue
        locations.append(raw.decode("utf-8", errors="replace").replace("\x00", "\ufffd"))
    return locations


def read_current(path):
    folder = os.path.dirname(path)
    program = os.path.dirname(os.path.dirname(folder))
    for guid, name in read_index_txt(path):
        spellings = ["playlist-%s.fplite" % g for g in (guid, guid.upper(), guid.lower())]
        file = first_present(folder, spellings)
        data = read_file(file)
        locations = read_fplite(data) if data is not None else []
        yield {"name": name, "file": file, "identity": "foobar2000:" + guid.upper(), "locations": locations,
               "paths": [target(l, program) for l in locations], "durations_ms": [None] * len(locations)}


# 1.x ----------------------------------------------------------------------------------------

class Reader:
    def __init__(self, data, path):
        self.data, self.path, self.at = data, path, 0

    def take(self, count):
        if count < 0 or self.at + count > len(self.data):
            raise Refused("%s: byte %d: %d bytes wanted, %d left" % (self.path, self.at, count, len(self.data) - self.at))
        chunk = self.data[self.at:self.at + count]
        self.at += count
        return chunk

    def u32(self):
        return struct.unpack("<I", self.take(4))[0]


def read_index_dat(path):
    reader = Reader(read_file(path), path)
    if reader.take(16) != INDEX_DAT:
        raise Refused("%s: not a foobar2000 1.x index.dat" % path)
    count = reader.u32()
    reader.u32()  # the active playlist
    playlists = []
    for _ in range(count):
        name = reader.take(reader.u32()).decode("utf-8")
        reader.u32()  # focus
        properties = Reader(reader.take(reader.u32()), path)
        identity = None
        for _ in range(properties.u32()):
            key = windows_guid(properties.take(16))
            value = properties.take(properties.u32())
            if key == IDENTITY_KEY and len(value) == 16:
                identity = windows_guid(value)
        if properties.at != len(properties.data):
            raise Refused("%s: properties of %r do not fill their size" % (path, name))
        if reader.u32() != 1:
            raise Refused("%s: playlist %r is not in one file" % (path, name))
        file_name = reader.take(16).hex().upper() + ".fpl"
        playlists.append((name, file_name, identity))
    if reader.at != len(reader.data):
        raise Refused("%s: bytes after the last playlist" % path)
    return playlists


def read_fpl(path):
    reader = Reader(read_file(path), path)
    if reader.take(16) != FPL:
        raise Refused("%s: not a foobar2000 1.x .fpl" % path)
    reader.take(24)
    if reader.take(16) != PAYLOAD:
        raise Refused("%s: unknown header" % path)
    strings = reader.take(reader.u32())
    entries = []
    for _ in range(reader.u32()):
        flags, offset, _subsong = struct.unpack("<III", reader.take(12))
        if flags & ~0x99 or not flags & 0x80:
            raise Refused("%s: unknown flags %#x" % (path, flags))
        if offset >= len(strings) or (offset > 0 and strings[offset - 1] != 0):
            raise Refused("%s: a location that is not a string" % path)
        location = strings[offset:strings.index(b"\0", offset)].decode("utf-8")
        duration = None
        if flags & 1:
            _size, _time, seconds = struct.unpack("<QQd", reader.take(24))
            reader.take(16)
            reader.take(4 * reader.u32())
            if seconds == seconds and 0 < seconds < 1e9:
                duration = int(seconds * 1000 + 0.5)
        reader.take(8)
        entries.append((location, duration))
    if reader.at != len(reader.data):
        raise Refused("%s: bytes after the last entry" % path)
    return entries


def read_legacy(path):
    folder = os.path.dirname(path)
    program = os.path.dirname(os.path.dirname(folder))
    for name, file_name, identity in read_index_dat(path):
        file = first_present(folder, [file_name, file_name[:-4].lower() + ".fpl"])
        entries = read_fpl(file) if os.path.isfile(file) else []
        yield {"name": name, "file": file, "identity": "foobar2000:" + (identity or file_name[:-4]),
               "locations": [l for l, _ in entries], "paths": [target(l, program) for l, _ in entries],
               "durations_ms": [d for _, d in entries]}


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    path = os.path.abspath(argv[1])
    if os.path.isdir(path):
        for name in ("index.txt", "index.dat"):
            if os.path.isfile(os.path.join(path, name)):
                path = os.path.join(path, name)
                break
    try:
        with open(path, "rb") as handle:
            legacy = handle.read(16) == INDEX_DAT
        for playlist in (read_legacy(path) if legacy else read_current(path)):
            print(json.dumps(playlist, ensure_ascii=False))
    except Refused as error:
        sys.stderr.write("read_foobar2000.py: %s\n" % error)
        return 65
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
