#!/usr/bin/env python3
"""An independent reading of a Rhythmbox database (`rhythmdb.xml`, with the `playlists.xml`
beside it), written from the contract (docs/sources.md, docs/json.md) and not from Mixtape's
Swift code: the end-to-end tests compare what `mixtape` indexes with this, field by field.

usage: read_rhythmbox.py [--now UNIX_SECONDS] RHYTHMDB.xml

Prints JSON Lines: one record per item (`"record": "item"`, then the keys of json.md), then
one per playlist (`"record": "playlist"`). Standard library only.

Decisions (docs/guide.md and the reader say the same):
- items: entries of type `song` (kind music) and `podcast-post` (kind podcast); `iradio`
  stations, `podcast-feed`s, `ignore` and any other type are not items;
- id: `rhythmbox:` + FNV-1a 64 (Mixtape's StableHash) of the entry's decoded `location`,
  Rhythmbox's own key for an entry, so a re-export keeps it and a moved file gets a new one;
- every number Rhythmbox stores defaults to 0, which means "not set": a 0 is absent, like an
  empty string; `date` (a GLib Julian day) gives the year; Unix seconds give RFC 3339 UTC;
- `rating` 0-5 stars (possibly fractional) times 20, rounded; `hidden` 1 -> `disabled` true;
- a podcast post's `location` is its downloaded file (`mountpoint`, a file URI) when there
  is one, else the remote URL; its id still comes from `location`;
- playlists: `static` ones in order with repeats, entries that name no item counted in
  `missing`; `automatic` ones are smart, their items found here by Rhythmbox's own criteria
  (greater = at least, less = at most, as rhythmdb-tree.c evaluates them) at `--now`, sorted
  by sort-key (ties in file order, unknown values last; Mixtape breaks ties in its library
  order, so tests compare a smart playlist's items as a set) and cut by limit-count/-time/-size;
  the play `queue` is not listed (a transient list whose name changes with its length).
"""
import argparse
import datetime
import json
import math
import os
import re
import sys
import time
import urllib.parse
import xml.etree.ElementTree as ET

STRINGS = {"title": "title", "artist": "artist", "album": "album", "album_artist": "album-artist",
           "composer": "composer", "genre": "genre", "comments": "comment"}
INTEGERS = {"track_number": "track-number", "track_count": "track-total",
            "disc_number": "disc-number", "disc_count": "disc-total", "size": "file-size",
            "bit_rate": "bitrate", "play_count": "play-count"}
DATES = {"date_added": "first-seen", "date_modified": "mtime", "play_date": "last-played"}
KINDS = {"song": "music", "podcast-post": "podcast"}


def stable_hash(text):
    """Mixtape's StableHash: FNV-1a 64 over the UTF-8 bytes, then a 0xff separator."""
    value = 0xcbf29ce484222325
    for byte in text.encode("utf-8") + b"\xff":
        value ^= byte
        value = (value * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016X" % value


def decode_location(url):
    """json.md: a file: URL becomes its path, percent-decoded as UTF-8; others unchanged."""
    if url is None:
        return None
    if not url.lower().startswith("file:"):
        return url
    parts = urllib.parse.urlsplit(url)
    raw_path = parts.path
    drive = re.match(r"^/[A-Za-z]:([/\\]|$)", raw_path) is not None
    path = urllib.parse.unquote(raw_path, encoding="utf-8", errors="replace")
    if drive:
        path = path[1:]
    host = urllib.parse.unquote(parts.netloc)
    if host and host.lower() != "localhost":
        path = "//" + host + path
    return path


def number(text):
    """A Rhythmbox number as written (`4.000000`, or `4,000000` in a comma locale)."""
    if text is None:
        return None
    try:
        return float(text.strip().replace(",", "."))
    except ValueError:
        return None


def integer(text):
    """A whole number (a decimal cut to its whole part); 0 and anything else: None."""
    if text is None:
        return None
    stripped = text.strip(" \t\r\n")
    if stripped.isdigit() and stripped.isascii():
        value = int(stripped)
        return value if 0 < value <= 2**63 - 1 else None
    value = number(stripped)
    if value is None or not math.isfinite(value) or value < 1 or value >= 9.2e18:
        return None
    return int(value)


def scaled(text, factor):
    """A decimal times factor, rounded half up; None for 0."""
    value = number(text)
    if value is None or not math.isfinite(value) or value <= 0 or value * factor >= 9.2e18:
        return None
    result = math.floor(value * factor + 0.5)
    return result if result > 0 else None


def rfc3339(seconds):
    if seconds is None or seconds > 253402300799:
        return None
    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def year_of_julian(days):
    if days is None or days > 3652059:
        return None
    try:
        return datetime.date.fromordinal(days).year
    except (ValueError, OverflowError):
        return None


def read_entries(path):
    """(type, {child tag: text}) for every entry, in file order."""
    entries = []
    for _, element in ET.iterparse(path, events=("end",)):
        if element.tag != "entry":
            continue
        fields = {}
        for child in element:
            if child.text:
                fields[child.tag] = child.text
        entries.append((element.get("type"), fields))
        element.clear()
    return entries


def item_of(kind, fields, source):
    raw = fields.get("location")
    if raw is None:
        return None
    key = decode_location(raw)
    item = {"record": "item", "id": "rhythmbox:" + stable_hash(key), "kind": kind, "source": source}
    for key_name, tag in STRINGS.items():
        item[key_name] = fields.get(tag)
    for key_name, tag in INTEGERS.items():
        item[key_name] = integer(fields.get(tag))
    seconds = integer(fields.get("duration"))
    item["duration_ms"] = seconds * 1000 if seconds is not None and seconds * 1000 <= 2**63 - 1 else None
    for key_name, tag in DATES.items():
        item[key_name] = rfc3339(integer(fields.get(tag)))
    item["year"] = year_of_julian(integer(fields.get("date")))
    rating = scaled(fields.get("rating"), 20)
    item["rating"] = min(rating, 100) if rating is not None else None
    item["bpm"] = scaled(fields.get("beats-per-minute"), 1)
    item["disabled"] = integer(fields.get("hidden")) is not None
    location = key
    mountpoint = fields.get("mountpoint")
    if kind == "podcast" and mountpoint and mountpoint.lower().startswith("file:"):
        location = decode_location(mountpoint)
    item["location"] = location
    # for the automatic playlists' criteria: Rhythmbox's own values
    item["_fields"] = fields
    return item


# --- automatic playlists: Rhythmbox's criteria, evaluated as rhythmdb-tree.c does ---------

FOLDED = {"title-folded": "title", "artist-folded": "artist", "album-folded": "album",
          "genre-folded": "genre", "composer-folded": "composer",
          "album-artist-folded": "album-artist"}
NUMERIC = {"rating", "play-count", "last-played", "first-seen", "duration", "date", "bitrate",
           "track-number", "disc-number", "file-size", "beats-per-minute", "mtime", "last-seen"}


def prop_value(entry_type, fields, prop):
    if prop == "type":
        return entry_type
    tag = FOLDED.get(prop, prop)
    text = fields.get(tag)
    if prop in NUMERIC:
        value = number(text)
        return value if value is not None else 0.0
    value = text or ""
    return value.casefold() if prop in FOLDED else value


def evaluate(criteria, entry_type, fields, now):
    """criteria: the children of a <conjunction>; a <disjunction/> splits it into
    alternatives, each a conjunction."""
    alternatives, current = [], []
    for node in criteria:
        if node.tag == "disjunction":
            alternatives.append(current)
            current = []
        else:
            current.append(node)
    alternatives.append(current)
    return any(all(holds(node, entry_type, fields, now) for node in alt) for alt in alternatives if alt) \
        or not any(alternatives)


def year_bounds(julian):
    if julian == 0:
        return 0, 0
    year = datetime.date.fromordinal(julian).year
    begin = datetime.date(year, 1, 1).toordinal()
    end = datetime.date(year + 1, 1, 1).toordinal() - 1 if year < 9999 else 3652059
    return begin, end


def holds(node, entry_type, fields, now):
    if node.tag == "subquery":
        inner = [c for c in node if c.tag == "conjunction"]
        return evaluate(list(inner[0]) if inner else [], entry_type, fields, now)
    prop = node.get("prop")
    text = node.text or ""
    value = prop_value(entry_type, fields, prop)
    if prop in FOLDED:
        text = text.casefold()
    tag = node.tag
    if prop == "date" and tag in ("equals", "not-equal", "greater", "less"):
        begin, end = year_bounds(int(number(text) or 0))
        if tag == "equals":
            return begin <= value <= end
        if tag == "not-equal":
            return value <= begin - 1 or value >= end + 1
        return value >= begin if tag == "greater" else value <= end
    if tag in ("current-time-within", "current-time-not-within"):
        limit = now - int(number(text) or 0)
        return value >= limit if tag == "current-time-within" else value < limit
    if prop in NUMERIC:
        wanted = number(text) or 0.0
        return {"equals": value == wanted, "not-equal": value != wanted,
                "greater": value >= wanted, "less": value <= wanted}[tag]
    return {"equals": value == text, "not-equal": value != text,
            "like": text in value, "not-like": text not in value,
            "prefix": value.startswith(text), "suffix": value.endswith(text)}[tag]


# What Mixtape's query language can say (docs/guide.md, "Rhythmbox"): a playlist with any other
# condition is listed with no items and a warning, so it is empty here too.
TRANSLATABLE_PROPS = set(FOLDED) | set(FOLDED.values()) | NUMERIC - {"last-seen"} | {
    "type", "comment", "location", "track-total", "disc-total"}


def translatable(node):
    if node.tag == "subquery":
        return all(translatable(c) for conj in node for c in conj)
    if node.tag == "disjunction":
        return True
    prop, tag, text = node.get("prop"), node.tag, (node.text or "")
    if tag in ("prefix", "suffix") or prop not in TRANSLATABLE_PROPS:
        return False
    if prop == "type":
        return text in ("song", "podcast-post") and tag in ("equals", "not-equal")
    if tag.startswith("current-time"):
        seconds = number(text)
        return prop in ("first-seen", "last-played", "mtime") and seconds is not None \
            and seconds >= 86400 and seconds % 86400 == 0
    if prop in NUMERIC:
        return number(text) is not None and tag in ("equals", "not-equal", "greater", "less")
    if tag in ("not-like", "equals", "not-equal") and (text == "" or (tag == "not-like" and text.startswith("="))):
        return False
    return tag in ("like", "not-like", "equals", "not-equal") and not (tag == "like" and text.startswith("="))


SORT_FIELDS = {"Rating": "rating", "FirstSeen": "date_added", "LastPlayed": "play_date",
               "Track": "track_number", "Artist": "artist", "Album": "album", "Title": "title",
               "Genre": "genre", "PlayCount": "play_count", "Year": "year", "Time": "duration_ms",
               "Comment": "comments", "BPM": "bpm", "Composer": "composer",
               "AlbumArtist": "album_artist"}


def sort_items(items, key, descending):
    field = SORT_FIELDS.get(key or "")
    if field is None:
        return items

    def value(item):
        v = item.get(field)
        return v.lower() if isinstance(v, str) else v

    known = [i for i in items if i.get(field) is not None]
    unknown = [i for i in items if i.get(field) is None]
    known.sort(key=value, reverse=descending)  # Python's sort is stable, also in reverse
    return known + unknown


def limited(items, element):
    count = integer(element.get("limit-count") or element.get("limit"))
    if count:
        return items[:count]
    size = integer(element.get("limit-size"))
    seconds = integer(element.get("limit-time"))
    if not size and not seconds:
        return items
    kept, total = [], 0
    for item in items:
        if size:
            total += item.get("size") or 0
            if total // (1024 * 1024) > size:
                break
        else:
            total += (item.get("duration_ms") or 0) // 1000
            if total > seconds:
                break
        kept.append(item)
    return kept


def limit_text(element):
    """The limit as Mixtape's SmartLimit writes it (`query_limit`), or None."""
    count = integer(element.get("limit-count") or element.get("limit"))
    if count:
        return "items:%d" % count
    size = integer(element.get("limit-size"))
    if size:
        return "bytes:%d" % ((size + 1) * 1024 * 1024 - 1)
    seconds = integer(element.get("limit-time"))
    return "duration_ms:%d" % (seconds * 1000) if seconds else None


def read_playlists(path, items, types_by_id, source, now):
    by_location = {}
    for item in items:
        by_location[item["_key"]] = item["id"]
    playlists = []
    seen_names = {}
    root = ET.parse(path).getroot()
    for element in root.findall("playlist"):
        kind = element.get("type")
        if kind not in ("static", "automatic"):
            continue
        name = element.get("name") or ""
        seen_names[name] = seen_names.get(name, 0) + 1
        key = name if seen_names[name] == 1 else "%s\n%d" % (name, seen_names[name])
        playlist = {"record": "playlist", "id": "rhythmbox-playlist:" + stable_hash(key),
                    "name": name, "parent_id": None, "folder": False, "master": False,
                    "smart": kind == "automatic", "source": source}
        if kind == "static":
            ids, missing = [], 0
            for location in element.findall("location"):
                found = by_location.get(decode_location(location.text or ""))
                if found is None:
                    missing += 1
                else:
                    ids.append(found)
            playlist.update(items=ids, missing=missing)
        else:
            conjunction = element.find("conjunction")
            criteria = list(conjunction) if conjunction is not None else []
            if not all(translatable(c) for c in criteria):
                playlist.update(items=[], missing=0)
                playlists.append(playlist)
                continue
            chosen = [i for i in items
                      if evaluate(criteria, types_by_id[i["id"]], i["_fields"], now)]
            chosen = sort_items(chosen, element.get("sort-key"), element.get("sort-direction") == "1")
            # Which of several items with the same sort value a limit keeps is a tie-break
            # (file order here, library order in Mixtape): `candidates` lists every match.
            playlist.update(items=[i["id"] for i in limited(chosen, element)], missing=0,
                            query_limit=limit_text(element), candidates=[i["id"] for i in chosen])
        playlists.append(playlist)
    return playlists


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database")
    parser.add_argument("--now", type=int, default=int(time.time()))
    args = parser.parse_args()
    source = os.path.abspath(args.database)
    items, order, types_by_id = {}, [], {}
    for entry_type, fields in read_entries(source):
        kind = KINDS.get(entry_type)
        if kind is None:
            continue
        item = item_of(kind, fields, source)
        if item is None:
            continue
        item["_key"] = decode_location(fields["location"])
        if item["id"] in items:
            continue  # a location listed twice: the first entry is kept, as Rhythmbox does
        order.append(item["id"])
        items[item["id"]] = item
        types_by_id[item["id"]] = entry_type
    ordered = [items[i] for i in order]
    playlists_path = os.path.join(os.path.dirname(source), "playlists.xml")
    playlists = []
    if os.path.exists(playlists_path):
        playlists = read_playlists(playlists_path, ordered, types_by_id, source, args.now)
    out = sys.stdout
    for item in ordered:
        out.write(json.dumps({k: v for k, v in item.items() if not k.startswith("_")},
                             ensure_ascii=False) + "\n")
    for playlist in playlists:
        out.write(json.dumps(playlist, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
