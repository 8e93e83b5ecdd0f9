#!/usr/bin/env python3
"""Deterministic generator of iTunes / Music.app library exports (File > Library > Export Library).

Standard library only (plistlib writes the XML plist, as iTunes does, with Apple's DOCTYPE).
What it writes, as the real exports have it:

- the header keys (Major/Minor Version, Application Version, Date, Features, Show Content
  Ratings, Music Folder, Library Persistent ID);
- `Tracks`: a dict keyed by Track ID, each track with Name, Artist, Album Artist, Album, Genre,
  Kind, Size, Total Time, Disc/Track Number and Count, Year, Date Modified, Date Added, Bit
  Rate, Sample Rate, Play Count and Play Date UTC (some), Rating (some), Loved, Compilation,
  Persistent ID (16 hex digits), Track Type File and a percent-encoded Location: Mac
  `file:///Users/...` with decomposed (NFD) names, Windows `file://localhost/C:/Users/...`;
  names with accents, `&`, `#`, emoji, CJK and Cyrillic; a few movies and cloud-only tracks
  (no Location);
- `Playlists`: the master `Library`, folders (`Folder`) nested two deep through `Parent
  Persistent ID`, playlists in them and at the top, some with a track twice, one empty.

The same arguments always give the same bytes.

For relocation (bench/relocation.sh), two options leave the export as it is without them:
- `--files-under DIR` also creates each Location's file below DIR, a copy of the iTunes folder
  (the Music Folder's parent: `C:/Users/sam/Music/iTunes`, `/Users/sam/Music/iTunes`, or
  `/Users/sam/Music/Music`) on this machine: `DIR/iTunes Media/Music/<artist>/<album>/<file>`,
  names as the Location spells them (NFD for the Mac), each file sparse with the track's Size;
- `--local-root DIR` writes the same export (same tracks, same seed) with each Location, and the
  Music Folder, naming that file below DIR: the export a library made here would write.

usage: gen_itunes.py --tracks 5000 --seed 1 --out Library.xml [--playlists 20]
                     [--flavor itunes|music] [--platform mac|windows]
                     [--files-under DIR] [--local-root DIR]
"""
import argparse
import datetime
import os
import plistlib
import random
import unicodedata
import urllib.parse

ARTISTS = ["Beyoncé", "Sigur Rós", "Björk", "Ike & Tina Turner", "Guns N' Roses", "坂本龍一",
           "Мумий Тролль", "Ólafur Arnalds", "Daft Punk", "Amadou & Mariam", "Café Tacvba",
           "Røyksopp", "Trần Thu Hà", "The Lantern Society", "John Brown's Body", "Leila",
           "Anna von Hausswolff", "Thunder & Lightning", "DJ Shadow", "Antonín Dvořák",
           "Franz Schröder", "Bjørn Eidsvåg", "David Bowie", "Ludovico Einaudi", "Emoji Band 🎸"]
WORDS = ["Fire", "Tiger", "Road", "Blue", "Live", "Love", "Moon", "Rain", "Sun", "Star", "Paper",
         "Signal", "Dream", "Remix", "Symphony", "Allegro", "Night", "Ferry", "Harbour", "Salt",
         "Wind", "Über", "Café", "Niño", "Åsa", "#1", "Part 2", "Déjà Vu", "Señal", "Ωmega",
         "夜", "Лето", "Thunder", "Ghost", "Echo", "Gold", "River", "Glass", "Heart", "Light"]
GENRES = ["Rock", "Pop", "Electronic", "Jazz", "Classical", "Hip-Hop", "Folk", "Soundtrack",
          "Ambient", "Metal", "R&B", "Latin"]
PLAYLIST_WORDS = ["Road Trip", "Sunday Morning", "Running", "Dinner", "Focus", "Party", "Chill",
                  "Rainy Day", "Workout", "Late Night", "Classics", "Favourites"]
BASE = datetime.datetime(2008, 1, 1, tzinfo=datetime.timezone.utc)


def title(rng):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))


def hex_id(rng):
    return "%016X" % rng.getrandbits(64)


def location(platform, flavor, artist, album, name, ext):
    """The Location URL iTunes writes: percent-encoded UTF-8, NFD on the Mac."""
    parts = [artist, album, name + "." + ext]
    if platform == "mac":
        parts = [unicodedata.normalize("NFD", p) for p in parts]
        media = "Music/Music/Media.localized/Music" if flavor == "music" else "Music/iTunes/iTunes Media/Music"
        path = "/Users/sam/" + media + "/" + "/".join(p.replace("/", "_") for p in parts)
        return "file://" + urllib.parse.quote(path, safe="/")
    path = "C:/Users/sam/Music/iTunes/iTunes Media/Music/" + "/".join(p.replace("/", "_") for p in parts)
    return "file://localhost/" + urllib.parse.quote(path, safe="/:")


def tracks(rng, count, platform, flavor):
    out, albums = {}, {}
    for n in range(count):
        track_id = 1000 + 2 * n
        artist = rng.choice(ARTISTS)
        album = albums.setdefault((artist, n // 12), title(rng))
        name = title(rng)
        movie = rng.random() < 0.01
        ext = "m4v" if movie else rng.choice(["mp3", "m4a", "m4a", "flac"])
        track = {
            "Track ID": track_id,
            "Size": rng.randint(2_000_000, 12_000_000),
            "Total Time": rng.randint(60_000, 600_000),
            "Disc Number": 1, "Disc Count": 1,
            "Track Number": n % 12 + 1, "Track Count": 12,
            "Year": rng.randint(1960, 2024),
            "Date Modified": BASE + datetime.timedelta(seconds=rng.randint(0, 5 * 10**8)),
            "Date Added": BASE + datetime.timedelta(seconds=rng.randint(0, 5 * 10**8)),
            "Bit Rate": rng.choice([128, 192, 256, 320]),
            "Sample Rate": 44100,
            "Persistent ID": hex_id(rng),
            "Track Type": "File",
            "Name": name,
            "Artist": artist,
            "Album": album,
            "Genre": rng.choice(GENRES),
            "Kind": "MPEG-4 video file" if movie else "MPEG audio file" if ext == "mp3" else "AAC audio file",
        }
        if rng.random() < 0.3:
            track["Album Artist"] = artist
        if rng.random() < 0.5:
            track["Play Count"] = rng.randint(1, 200)
            track["Play Date UTC"] = BASE + datetime.timedelta(seconds=rng.randint(0, 5 * 10**8))
        if rng.random() < 0.3:
            track["Rating"] = rng.choice([20, 40, 60, 80, 100])
        if rng.random() < 0.05:
            track["Loved"] = True
        if rng.random() < 0.05:
            track["Compilation"] = True
        if movie:
            track["Movie"] = True
        if rng.random() < 0.02:
            track["Track Type"] = "Remote"  # cloud-only: no Location
        else:
            track["Location"] = location(platform, flavor, artist, album, "%02d %s" % (n % 12 + 1, name), ext)
        out[str(track_id)] = track
    return out


def playlists(rng, count, track_ids):
    result = [{"Name": "Library", "Description": "", "Master": True, "Visible": False,
               "Playlist ID": 1, "Playlist Persistent ID": hex_id(rng), "All Items": True,
               "Playlist Items": [{"Track ID": t} for t in track_ids]}]
    folders = []
    for n in range(count):
        entry = {"Name": "%s %d" % (rng.choice(PLAYLIST_WORDS), n + 1), "Description": "",
                 "Playlist ID": 2 + n, "Playlist Persistent ID": hex_id(rng), "All Items": True}
        if folders and rng.random() < 0.6:
            entry["Parent Persistent ID"] = rng.choice(folders)
        if n % 10 == 0:
            entry["Folder"] = True
            folders.append(entry["Playlist Persistent ID"])
            if len(folders) > 1 and "Parent Persistent ID" not in entry:
                entry["Parent Persistent ID"] = folders[-2]
        elif n % 10 != 5:  # one in ten playlists is empty
            items = rng.sample(track_ids, min(len(track_ids), rng.randint(1, 60)))
            if items and rng.random() < 0.2:
                items.append(items[0])  # a track twice
            entry["Playlist Items"] = [{"Track ID": t} for t in items]
        result.append(entry)
    return result


def itunes_folder(platform, flavor):
    """The folder the generated Locations' Music Folder lies in, as a decoded path + "/"."""
    if platform == "windows":
        return "C:/Users/sam/Music/iTunes/"
    return "/Users/sam/Music/Music/" if flavor == "music" else "/Users/sam/Music/iTunes/"


def below_itunes_folder(url, platform, flavor):
    """A generated Location's path below the iTunes folder."""
    prefix = "file://localhost/" if platform == "windows" else "file://"
    path = urllib.parse.unquote(url[len(prefix):], encoding="utf-8")
    folder = itunes_folder(platform, flavor)
    if not path.startswith(folder):
        raise ValueError("a Location outside the iTunes folder: %r" % url)
    return path[len(folder):]


def create_files(library_tracks, root, platform, flavor):
    """Each Location's file below root, sparse with its Size (a file two tracks share, once)."""
    made_dirs = set()
    for track in library_tracks.values():
        if "Location" not in track:
            continue
        path = os.path.join(root, below_itunes_folder(track["Location"], platform, flavor))
        parent = os.path.dirname(path)
        if parent not in made_dirs:
            os.makedirs(parent, exist_ok=True)
            made_dirs.add(parent)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            os.ftruncate(fd, track["Size"])
        finally:
            os.close(fd)


def local_url(path):
    return "file://" + urllib.parse.quote(path, safe="/")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tracks", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playlists", type=int, default=20)
    parser.add_argument("--flavor", choices=["itunes", "music"], default="itunes")
    parser.add_argument("--platform", choices=["mac", "windows"], default="mac")
    parser.add_argument("--out", required=True)
    parser.add_argument("--no-persistent-ids", action="store_true",
                        help="leave out the tracks' Persistent IDs, as iTunes 5 and 6 and converted libraries do")
    parser.add_argument("--files-under", metavar="DIR",
                        help="also create each Location's file (sparse, its Size) below DIR, a copy of the iTunes folder")
    parser.add_argument("--local-root", metavar="DIR",
                        help="write Locations naming the files below DIR (as --files-under DIR lays them out)")
    args = parser.parse_args()
    if args.flavor == "music" and args.platform == "windows":
        parser.error("Music.app exists on macOS only")
    rng = random.Random(args.seed)
    library_tracks = tracks(rng, args.tracks, args.platform, args.flavor)
    if args.no_persistent_ids:
        for track in library_tracks.values():
            del track["Persistent ID"]
    music_folder = ("file:///Users/sam/Music/Music/Media.localized/" if args.flavor == "music"
                    else "file:///Users/sam/Music/iTunes/iTunes%20Media/" if args.platform == "mac"
                    else "file://localhost/C:/Users/sam/Music/iTunes/iTunes%20Media/")
    if args.files_under:
        create_files(library_tracks, args.files_under, args.platform, args.flavor)
    if args.local_root:
        root = os.path.abspath(args.local_root)
        for track in library_tracks.values():
            if "Location" in track:
                track["Location"] = local_url(os.path.join(root, below_itunes_folder(track["Location"], args.platform, args.flavor)))
        music_folder = local_url(os.path.join(root, "Media.localized" if args.flavor == "music" else "iTunes Media") + "/")
    library = {
        "Major Version": 1, "Minor Version": 1,
        "Application Version": "1.4.5.7" if args.flavor == "music" else "12.12.10.1",
        "Date": BASE + datetime.timedelta(days=6000),
        "Features": 5, "Show Content Ratings": True,
        "Music Folder": music_folder,
        "Library Persistent ID": hex_id(rng),
        "Tracks": library_tracks,
        "Playlists": playlists(rng, args.playlists, [int(k) for k in library_tracks]),
    }
    with open(args.out, "wb") as out:
        plistlib.dump(library, out, fmt=plistlib.FMT_XML, sort_keys=False)


if __name__ == "__main__":
    main()
