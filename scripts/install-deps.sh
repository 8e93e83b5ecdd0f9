#!/usr/bin/env bash
# Installs the Debian packages Mixtape needs, if they are missing, for one of four jobs:
# usage: scripts/install-deps.sh [build|test|bench|screenshot]
#   build       compile and install (`make demo`, `make install`): a compiler's libraries only
#   test        build + the real programs the tests run against (`make test`)
#   bench       test + the peers the benchmarks time (`make bench`)
#   screenshot  build + tmux, a font and Pillow (`make screenshot`)
# A user without root and without sudo who has the packages already installs nothing.
set -euo pipefail
job=${1:-build}
case $job in build|test|bench|screenshot) ;; *) echo "install-deps.sh: unknown job '$job' (build, test, bench or screenshot)" >&2; exit 2 ;; esac
# python3: the man page's sections (scripts/man-sections.py) at `make install`.
want=(pkg-config libxml2-dev libtagc0-dev libsqlite3-dev python3)
pypi=()
if [[ $job == test || $job == bench ]]; then
  want+=(libxml2-utils tmux sox lame ffmpeg flac time man-db
         vlc-bin vlc-plugin-base mpv mpd mpc  # real players: PlayerTests open exports in them, PlayTests and PickerPlayTests play through them
         fzf  # the peer search is compared with (FzfCasesTests, MatchFzfCrossCheckTests): Debian 12's is 0.38
         dosfstools fusefat)  # SyncTests syncs onto a real FAT file system, an image mounted through FUSE
  pypi+=(pyrekordbox  # the independent reading the rekordbox tests compare against
         mutagen)  # SyncTests reads the device's files back with it as well as with ffprobe
fi
if [[ $job == bench ]]; then
  want+=(hyperfine sqlite3)  # sqlite3: the peer `search --json` is compared with
  # bench/sync.sh needs sox, lame and ffmpeg (the peer `mixtape sync` is compared with): in test's set above
  pypi+=(matplotlib)  # bench/scale.sh draws bench/scale.png
fi
if [[ $job == screenshot ]]; then
  want+=(tmux fonts-dejavu-core)  # a monospace font to draw the picker with
  pypi+=(Pillow)
fi
for package in ${pypi[@]+"${pypi[@]}"}; do
  module=$package
  [[ $package == Pillow ]] && module=PIL
  python3 -c "import $module" 2>/dev/null && continue
  echo "installing from PyPI: $package" >&2
  python3 -m pip install --quiet --disable-pip-version-check "$package" >&2 \
    || echo "$package could not be installed from PyPI: the tests that need it will say they skip" >&2
done
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
