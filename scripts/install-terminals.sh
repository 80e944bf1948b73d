#!/usr/bin/env bash
# Install, from Debian's packages, every program termprobe's targets and tests use:
# the X server and Wayland compositor the GUI terminals run under, tmux and GNU
# screen, the 17 GUI terminals, Chromium for the site test, and fonts for wide
# characters. Needs root (CI runs as root). Safe to run twice.
set -euo pipefail

PACKAGES=(
  # displays, sessions, helpers
  xvfb weston dbus dbus-x11 x11-utils xdotool procps
  # GNU time: the large-input test measures a command's peak memory with it
  time
  # multiplexers
  tmux screen
  # GUI terminals
  xterm rxvt-unicode stterm mlterm kitty alacritty zutty foot
  xfce4-terminal lxterminal sakura gnome-terminal tilix terminator konsole qterminal cool-retro-term
  # the site's browser test
  chromium
  # the programs whose sessions are recorded in sessions/ (scripts/record-sessions.sh)
  vim less procps htop git dialog whiptail
  # fonts: monospace, CJK and colour emoji
  fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji
)

if [ "$(id -u)" -ne 0 ]; then
  echo "install-terminals: run as root (or with sudo)" >&2
  exit 2
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${PACKAGES[@]}"
