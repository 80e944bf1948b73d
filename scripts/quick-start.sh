#!/usr/bin/env bash
# The README's quick start, run as a new user runs it: each command of its "## Quick start"
# block, in order, in the current folder (CI runs this in its fresh clone) or, with --clone,
# in a fresh clone of HEAD made in a temporary folder (removed afterwards unless a step fails).
# Stops at the first command that fails, naming it. --list prints the commands and runs nothing.
# Usage: scripts/quick-start.sh [--clone | --list]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-here}
case "$mode" in here|--clone|--list) ;; *) echo "usage: $0 [--clone | --list]" >&2; exit 2 ;; esac
# The first ```sh block after the heading, one command a line (comments are the shell's).
mapfile -t commands < <(awk '/^## Quick start/{q=1; next} q && /^```sh/{b=1; next} b && /^```/{exit} b && NF' "$top/README.md")
[ "${#commands[@]}" -gt 0 ] || { echo "quick-start: no \`\`\`sh block under '## Quick start' in $top/README.md" >&2; exit 2; }
if [ "$mode" = --list ]; then printf '%s\n' "${commands[@]}"; exit 0; fi
dir=$top
if [ "$mode" = --clone ]; then
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/termprobe-quick-start.XXXXXX")
  git clone -q "$top" "$scratch/repo"
  dir=$scratch/repo
fi
cd "$dir"
for c in "${commands[@]}"; do
  echo "quick-start: \$ $c" >&2
  s=$(date +%s)
  if ! bash -c "$c" </dev/null; then
    echo "quick-start: FAILED after $(( $(date +%s) - s )) s: $c (in $dir)" >&2
    exit 1
  fi
  echo "quick-start: ok in $(( $(date +%s) - s )) s" >&2
done
[ "$mode" = --clone ] && rm -rf "$scratch"
echo "quick-start: every command of the README's quick start passed, in order, in $dir" >&2
