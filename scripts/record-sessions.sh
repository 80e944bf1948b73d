#!/usr/bin/env bash
# Record the sessions shipped in sessions/ with termprobe record, at 80x24, from
# the Debian packages installed by install-terminals.sh: a scratch HOME (no user
# configuration), TERM=xterm-256color, LANG=C.UTF-8. Keys are typed once the
# output has gone quiet. Output that shows the machine (top, htop) differs from
# one recording to the next; the committed casts are the ones replayed.
#   npm run build && bash scripts/record-sessions.sh [out-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-sessions}
mkdir -p "$OUT"
SCRATCH=$(mktemp -d)
trap 'tmux -L termprobe-record kill-server 2>/dev/null || true; rm -rf "$SCRATCH"' EXIT
export HOME="$SCRATCH" TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8
unset LS_COLORS
rec() { node bin/termprobe.js record --size 80x24 --out "$OUT/$1.cast" "${@:2}"; }

# A text file to open and page through.
seq 1 200 | sed 's/^/line /; s/$/: the quick brown fox jumps over the lazy dog/' > "$SCRATCH/notes.txt"
cp probes/tabs.yaml "$SCRATCH/tabs.yaml"

# TUIs are cut after their last key (--cut), so the cast ends on their screen, not on the shell's after they quit.
rec vim-open-scroll --cut -k '\x06' -k '\x06' -k '\x02' -- vim -u DEFAULTS -i NONE -n "$SCRATCH/notes.txt"
rec less-paging --cut -k ' ' -k ' ' -k 'b' -- less -R "$SCRATCH/tabs.yaml"
rec top-one-refresh --cut -k 'c' -- top -d 5
rec htop-refresh --cut --quiet-ms 1500 -k 'k' -- htop
rec bash-prompt-completion --cut -k 'ls /usr/share/zon\t\t' -k 'ls --color=always /usr/share/zoneinfo/E\t\t' -- env PS1='\[\e[1;32m\]termprobe@host\[\e[0m\]:\[\e[1;34m\]~/project\[\e[0m\]\$ ' bash --norc --noprofile -i
git init -q "$SCRATCH/repo"
(
  cd "$SCRATCH/repo"
  export GIT_AUTHOR_NAME=termprobe GIT_AUTHOR_EMAIL=t@example.org GIT_COMMITTER_NAME=termprobe GIT_COMMITTER_EMAIL=t@example.org
  export GIT_AUTHOR_DATE='2026-01-01T00:00:00Z' GIT_COMMITTER_DATE='2026-01-01T00:00:00Z'
  git checkout -q -b main
  for i in 1 2 3; do echo "$i" > f; git add f; git commit -qm "main $i"; done
  git checkout -q -b topic HEAD~1
  for i in 1 2; do echo "t$i" > g; git add g; git commit -qm "topic $i"; done
  git checkout -q main
  git merge -q --no-ff -m "merge topic" topic
  echo 4 > f; git commit -qam "main 4"
)
rec git-log-graph -- git -C "$SCRATCH/repo" --no-pager log --graph --oneline --decorate --color=always --all
rec dialog-msgbox --cut -k '\t' -- dialog --msgbox 'A dialog box, recorded for termprobe replay.' 8 50
rec whiptail-yesno --cut -k '\t' -- whiptail --title termprobe --yesno 'Replay this session everywhere?' 8 50
rec tmux-inside --cut -k '\x02"' -- tmux -L termprobe-record -f /dev/null new-session 'ls --color=always /usr; exec sleep 30'
