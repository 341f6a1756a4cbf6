#!/usr/bin/env bash
# Starts the editor under Xvfb and writes PNGs of its main views to OUT_DIR
# (default: screenshots/): the editor with the bundled sample pack, play
# mode, the state graph, Rooms, and, on assets/dead-end.txt, a solution
# replay, a trap and the depth histogram; then Prism's editor, play, report
# and floors views; Tangram's editor, play and solutions. Needs xvfb,
# imagemagick and
# xdotool (apt-get install xvfb imagemagick xdotool).
#   scripts/screenshot.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-screenshots}"
mkdir -p "$out"
# LEVELSCOPE_BIN names a binary to use instead of a fresh release build.
if [ -n "${LEVELSCOPE_BIN:-}" ]; then
  bin="$LEVELSCOPE_BIN"
else
  cargo build --release --quiet
  bin="${CARGO_TARGET_DIR:-target}/release/levelscope"
fi

display=":$((90 + RANDOM % 9))"
home="$(mktemp -d)"          # a fresh profile: no remembered layout
Xvfb "$display" -screen 0 1600x960x24 >/dev/null 2>&1 &
xvfb=$!
app=""
cleanup() { [ -n "$app" ] && kill "$app" 2>/dev/null; kill "$xvfb" 2>/dev/null; rm -rf "$home"; }
trap cleanup EXIT
sleep 1
export DISPLAY="$display" XDG_DATA_HOME="$home" XDG_CONFIG_HOME="$home" HOME="$home"

start() {
  "$bin" "$@" &
  app=$!
  sleep 4
  win="$(xdotool search --sync --name levelscope | head -1)"
  xdotool windowmove "$win" 0 0 windowsize "$win" 1600 960
  xdotool windowfocus "$win" 2>/dev/null || true
  sleep 1
}
stop() { kill "$app" 2>/dev/null || true; wait "$app" 2>/dev/null || true; app=""; }
shot() { sleep "${2:-1.5}"; import -window root "$out/$1.png"; echo "wrote $out/$1.png"; }
click() { xdotool mousemove "$1" "$2" click 1; }
# Without a window manager the keyboard goes to the window under the pointer.
key() { xdotool mousemove 700 40 click 1 key "$@"; }
away() { xdotool mousemove 1590 950; }

start
away; shot edit 2
key F2; key Left; away; shot play 1
key F3; away; shot graph 2
key F4; away; shot rooms
# Check pack, then open the difficulty curve (below the check's status line).
key F1; click 48 131; sleep 2; click 69 195; away; shot pack 2
# Level > Generate...
click 131 11; sleep 0.5; click 157 62; away; shot generate 1
stop

# The level with a dead end: places below are where its panels fall in a
# 1600x960 window with a fresh profile.
start assets/dead-end.txt
click 1360 473; key space; away; shot replay 0.5
key Escape
click 1527 418; away; shot histogram 1.5
click 1414 418; click 1340 475; away; shot trap 1.5
stop

# Prism (assets/prism-demo.txt, our own 7x7 level with an h enemy): the
# editor with the Prism palette and the report card, Play after L D D R
# walks the player into the enemy (caught at (2, 5)), and the first trap
# from the "Traps and dead ends" tab.
start assets/prism-demo.txt
away; shot prism-editor 2
key F2; key Left; key Down; key Down; key Right; away; shot prism-play 1.5
key F1; click 1414 426; click 1429 478; away; shot prism-report 1.5
stop

# Prism's floors (F5) on our own 8x8 level with a v enemy: its shortest
# solution (20 moves) threaded through 5 of the 8 floors, 4 jumps.
start tests/fixtures/prism/enemy-8x8.txt
key F5; away; shot prism-floors 2
stop

# Tangram: the sample pack's "Twelve shapes" (level 10) in the editor, then
# in Play with the hint used and shape 1 dragged from the tray onto the
# board; and "Sliding bars" (level 11) stepped to its second solution.
start
click 114 693; away; shot tangram-editor 2
click 735 67; sleep 1; click 1000 99; sleep 0.5
xdotool mousemove 965 171 mousedown 1
for x in 940 900 860 820 800; do sleep 0.1; xdotool mousemove "$x" 200; done
sleep 0.3; xdotool mousemove 795 205; sleep 0.3; xdotool mouseup 1; away; shot tangram-play 1
click 114 737; sleep 1.5; click 1353 241; sleep 0.5; click 869 122; away; shot tangram-solutions 1.5
stop
