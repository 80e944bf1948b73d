#!/usr/bin/env bash
# Install, from Debian's packages, every program termprobe's targets and tests use:
# the X server and Wayland compositor the GUI terminals run under, tmux and GNU
# screen, the GUI terminals, the terminals inside other programs (Neovim, Vim,
# Emacs, dvtm, mosh), the screen read-back helpers, Chromium for the site test,
# and fonts for wide characters; then warm what a terminal's first start would
# otherwise build (font caches), so a fresh machine's first run is not slower
# than its start-up limits. Needs root (CI runs as root). Safe to run twice.
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
  pterm terminology
  # terminals inside another program: libvterm (Neovim, Vim), term.el (Emacs), dvtm, mosh's server;
  # util-linux script gives those that need one a pty
  neovim vim emacs-nox dvtm mosh bsdutils
  # screen read-back: the X PRIMARY selection (xdotool selects, xclip/xsel read), AT-SPI
  xclip xsel at-spi2-core python3-pyatspi gir1.2-atspi-2.0
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

# Warm-up: the font caches a terminal's first start would build (xfce4-terminal's very first
# start on a fresh machine took over 10 s building them, past the start-up check's limit).
fc-cache -s -f >/dev/null
# The GLib schemas, GTK icon and MIME caches the GTK and Qt terminals read at start
# (dpkg triggers build them; rebuilding is quick and covers an interrupted install).
if command -v glib-compile-schemas >/dev/null; then glib-compile-schemas /usr/share/glib-2.0/schemas; fi
if command -v update-mime-database >/dev/null; then update-mime-database /usr/share/mime >/dev/null; fi
echo "install-terminals: done; font caches warmed"
