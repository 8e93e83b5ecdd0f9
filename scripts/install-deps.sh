#!/usr/bin/env bash
# Installs the Debian packages Mixtape needs to build, test or benchmark, if they are missing.
# usage: scripts/install-deps.sh [build|bench|screenshot]
#   (build: compile and test; bench: + peers; screenshot: + a font and Pillow for `make screenshot`)
set -euo pipefail
want=(pkg-config libxml2-dev libxml2-utils libtagc0-dev libsqlite3-dev python3 tmux sox lame ffmpeg flac time man-db
      vlc-bin vlc-plugin-base mpv mpd mpc  # real players: PlayerTests open exports in them, PlayTests and PickerPlayTests play through them
      fzf)  # the peer search is compared with (FzfCasesTests, MatchFzfCrossCheckTests): Debian 12's is 0.38
if [[ "${1:-build}" == bench ]]; then
  want+=(hyperfine sqlite3)  # sqlite3: the peer `search --json` is compared with
  # bench/scale.sh draws bench/scale.png with matplotlib (PyPI).
  if ! python3 -c 'import matplotlib' 2>/dev/null; then
    echo "installing from PyPI: matplotlib" >&2
    python3 -m pip install --quiet --disable-pip-version-check matplotlib >&2
  fi
fi
# `make screenshot` only: a monospace font to draw the picker with, and Pillow (PyPI) to draw.
if [[ "${1:-build}" == screenshot ]]; then
  want+=(fonts-dejavu-core)
  if ! python3 -c 'import PIL' 2>/dev/null; then
    echo "installing from PyPI: Pillow" >&2
    python3 -m pip install --quiet --disable-pip-version-check Pillow >&2
  fi
fi
# From PyPI: pyrekordbox is the independent reading the rekordbox tests compare against.
if ! python3 -c 'import pyrekordbox' 2>/dev/null; then
  echo "installing from PyPI: pyrekordbox" >&2
  python3 -m pip install --quiet --disable-pip-version-check pyrekordbox >&2 \
    || echo "pyrekordbox could not be installed: the rekordbox comparison tests will say they skip" >&2
fi
missing=()
for package in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
((${#missing[@]} == 0)) && exit 0
echo "installing: ${missing[*]}" >&2
if [[ $(id -u) -eq 0 ]]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
elif command -v sudo >/dev/null; then
  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "missing packages: ${missing[*]}; run: apt-get install ${missing[*]}" >&2
  exit 1
fi
