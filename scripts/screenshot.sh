#!/usr/bin/env bash
# A picture of the picker from a real run, for the README and docs/picker.md: indexes samples/
# into a scratch index, runs `mixtape pick` in a detached tmux session of a fixed size, types a
# query, selects two items, opens the preview, captures the pane with its colours and draws it
# as a PNG (scripts/ansi_to_png.py). Each step waits for the screen to show its effect.
# usage: scripts/screenshot.sh BIN OUT.png   (make screenshot)
set -euo pipefail
bin=$(realpath "$1") out=$2
columns=100 rows=30
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
socket="mixtape-screenshot-$$"
cleanup() { tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$scratch"; }
trap cleanup EXIT

export MIXTAPE_LIBRARY="$scratch/library.sqlite" XDG_CONFIG_HOME="$scratch/config" LANG=C.UTF-8
unset NO_COLOR MIXTAPE_CONFIG
"$bin" index --quiet "$root/samples/Library.xml" "$root/samples/Library-windows.xml" "$root/samples/Music"

# The screen as text (-e: with its colour sequences).
screen() { tmux -L "$socket" capture-pane -p -t shot "$@"; }
# Waits (10 s at most) until the screen shows $1.
wait_for() {
  for _ in $(seq 200); do
    screen | grep -qF -- "$1" && return 0
    sleep 0.05
  done
  echo "screenshot: the picker never showed \"$1\"; screen:" >&2; screen >&2; exit 1
}
keys() { tmux -L "$socket" send-keys -t shot "$@"; }

tmux -L "$socket" -f /dev/null new-session -d -s shot -x "$columns" -y "$rows" \
  "env TERM=xterm-256color MIXTAPE_LIBRARY='$MIXTAPE_LIBRARY' XDG_CONFIG_HOME='$XDG_CONFIG_HOME' LANG=C.UTF-8 '$bin' pick --no-restore; sleep 30"
tmux -L "$socket" set-option -t shot status off >/dev/null
wait_for "0 selected"
keys -l "lantern"
wait_for "lantern"
wait_for "· 0 selected"
keys Tab
wait_for "· 1 selected"
keys Down Tab
wait_for "· 2 selected"
keys C-o
wait_for "Location"
screen -e > "$scratch/screen.txt"
cursor=$(tmux -L "$socket" display-message -p -t shot '#{cursor_x},#{cursor_y}')
keys Escape
python3 "$root/scripts/ansi_to_png.py" "$scratch/screen.txt" "$out" --columns "$columns" --rows "$rows" --cursor "$cursor"
echo "wrote $out"
