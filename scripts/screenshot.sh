#!/usr/bin/env bash
# Starts the editor under Xvfb and writes PNGs of its main views to
# OUT_DIR (default: screenshots/). Needs xvfb, imagemagick and xdotool
# (apt-get install xvfb imagemagick xdotool). Usage:
#   scripts/screenshot.sh [OUT_DIR] [LEVEL_OR_PACK]
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-screenshots}"
file="${2:-}"
mkdir -p "$out"
cargo build --release --quiet
bin="target/release/levelscope"

display=":$((90 + RANDOM % 9))"
home="$(mktemp -d)"          # a fresh profile: no remembered layout
Xvfb "$display" -screen 0 1600x960x24 >/dev/null 2>&1 &
xvfb=$!
cleanup() { kill "$app" 2>/dev/null || true; kill "$xvfb" 2>/dev/null || true; rm -rf "$home"; }
trap cleanup EXIT
sleep 1
export DISPLAY="$display" XDG_DATA_HOME="$home" XDG_CONFIG_HOME="$home" HOME="$home"
export LIBGL_ALWAYS_SOFTWARE=1
if [ -n "$file" ]; then "$bin" "$file" & else "$bin" & fi
app=$!
sleep 4
win="$(xdotool search --sync --name levelscope | head -1)"
xdotool windowmove "$win" 0 0 windowsize "$win" 1600 960
xdotool windowfocus "$win" 2>/dev/null || true
sleep 1

shot() { sleep "${2:-1.5}"; import -window root "$out/$1.png"; echo "wrote $out/$1.png"; }
click() { xdotool mousemove "$1" "$2" click 1; }
# Without a window manager the keyboard goes to the window under the pointer.
key() { xdotool mousemove 700 40 click 1 key "$@"; }
away() { xdotool mousemove 1590 950; }

away; shot edit 2
key F2; key Left; away; shot play 1
key F3; away; shot graph 2
key F4; away; shot rooms
key F1
# A level with traps: open the Traps tab and its first trap.
if [ -n "${TRAP_XY:-}" ]; then click ${TRAP_XY}; shot trap 1; fi
