/**
 * Evidence at the measured version, checked offline: every link into a source
 * repository must be pinned — to a full 40-hex commit, or to a release tag — and a
 * tag of the terminal's own repository must not be newer than the version of it
 * that was measured (the results at hand say which). A branch name or a short
 * hash is not evidence about any particular version.
 */
import type { DivergenceEntry } from './load-divergences.js';
import { entryCovers } from './load-divergences.js';
import type { ReplyConvention } from './reply-convention.js';
import type { RunView } from './run-view.js';
import { compareVersions } from './version-range.js';

/** Which terminal or engine a source repository belongs to (for the version check), by owner/repo in lower case. */
export const SOURCE_REPOSITORIES: Readonly<Record<string, string>> = {
  'thomasdickey/xterm-snapshots': 'xterm',
  'kovidgoyal/kitty': 'kitty',
  'alacritty/alacritty': 'alacritty',
  'tmux/tmux': 'tmux',
  'alexander-naumov/gnu-screen': 'screen',
  'exg/rxvt-unicode': 'urxvt',
  'coder/ghostty-web': 'ghostty',
  'xtermjs/xterm.js': 'xterm.js',
  'gnome/vte': 'vte',
  'kde/konsole': 'konsole',
  'utilities/konsole': 'konsole',
  'lxqt/qtermwidget': 'qtermwidget',
  'lxqt/qterminal': 'qterminal',
  'swordfish90/cool-retro-term': 'cool-retro-term',
  'swordfish90/qmltermwidget': 'qtermwidget',
  'arakiken/mlterm': 'mlterm',
  'tomscii/zutty': 'zutty',
  'dnkl/foot': 'foot',
  'xfce/xfce4-terminal': 'xfce4-terminal',
  'lxde/lxterminal': 'lxterminal',
  'dabisu/sakura': 'sakura',
  'gnunn1/tilix': 'tilix',
  'gnome-terminator/terminator': 'terminator',
  'gnome/gnome-terminal': 'gnome-terminal',
  'martanne/dvtm': 'dvtm',
  'emacs-mirror/emacs': 'emacs',
  'neovim/neovim': 'neovim',
  'vim/vim': 'vim',
  'mobile-shell/mosh': 'mosh',
  'borisfaure/terminology': 'terminology',
  'enlightenment/terminology': 'terminology',
};

const BRANCHES = new Set(['main', 'master', 'head', 'trunk', 'develop', 'dev', 'next', 'devel']);

/** owner/repo and the ref of a link pinned by path (GitHub, GitLab, Codeberg, cgit ?id=/tag=), or undefined. */
export function linkRef(url: string): { repo: string; ref: string } | undefined {
  let m = /^https?:\/\/github\.com\/([^/]+\/[^/]+)\/(?:blob|tree|commit|raw|blame)\/([^/#?]+)/.exec(url);
  m ??= /^https?:\/\/raw\.githubusercontent\.com\/([^/]+\/[^/]+)\/([^/#?]+)/.exec(url);
  m ??= /^https?:\/\/(?:gitlab\.gnome\.org|invent\.kde\.org|gitlab\.freedesktop\.org|codeberg\.org|gitlab\.com)\/((?:[^/]+\/)*?[^/]+\/[^/]+)\/-?\/?(?:blob|tree|commit|src\/(?:tag|commit|branch))\/([^/#?]+)/.exec(url);
  if (m) return { repo: m[1]!.toLowerCase(), ref: m[2]! };
  const cgit = /^https?:\/\/[^/]+\/(?:cgit\/)?([^?#]+?)(?:\.git)?\/(?:tree|plain|commit|blob)\/[^?#]*\?(?:[^#]*&)?(?:id|h|tag)=([^&#]+)/.exec(url);
  if (cgit) return { repo: cgit[1]!.toLowerCase(), ref: decodeURIComponent(cgit[2]!) };
  return undefined;
}

/** The version a tag names: "xterm-379" → 379, "v0.26.5" → 0.26.5, "rel-3-9-0" → 3-9-0. */
export function tagVersion(tag: string): string | undefined {
  const m = /(\d+(?:[.\-_]\d+)*[a-z]?)$/i.exec(tag);
  return m?.[1];
}

/** What carries evidence in the registry: an entry, or a reply convention. */
export type Evidenced = DivergenceEntry | ReplyConvention;

function problemOf(url: string, e: Evidenced, views: RunView[]): string | undefined {
  const pinned = linkRef(url);
  if (!pinned) return undefined;
  const { repo, ref } = pinned;
  if (/^[0-9a-f]{40}$/i.test(ref)) return undefined;
  if (/^[0-9a-f]{7,39}$/i.test(ref)) return `${url} names commit ${ref}: pin links to the full 40-hex commit`;
  if (BRANCHES.has(ref.toLowerCase())) return `${url} points at the branch "${ref}", which moves: pin it to the tag or commit of the measured version`;
  const product = SOURCE_REPOSITORIES[repo] ?? SOURCE_REPOSITORIES[repo.split('/').slice(-2).join('/')];
  const version = tagVersion(ref);
  if (!product || !version) return undefined;
  const measured = views
    .filter((v) => (v.targetId === product || v.engine.name === product) && entryCovers(e, v.answerer) !== undefined)
    .map((v) => (v.targetId === product ? v.version : v.engine.version))
    .filter((v): v is string => v !== undefined && v !== 'unknown');
  if (measured.length === 0) return undefined;
  const newest = measured.sort(compareVersions)[measured.length - 1]!;
  const bare = (s: string) => s.replace(/[-_]/g, '.');
  if (compareVersions(bare(version), bare(newest)) > 0) return `${url} cites ${ref}, newer than the ${product} ${newest} measured: cite the source at the measured version`;
  return undefined;
}

export interface EvidenceProblem {
  entry: Evidenced;
  problem: string;
}

export function checkEvidence(entries: readonly Evidenced[], views: RunView[]): EvidenceProblem[] {
  const out: EvidenceProblem[] = [];
  for (const e of entries) {
    for (const ev of e.evidence) {
      for (const url of ev.match(/https?:\/\/\S+/g) ?? []) {
        const problem = problemOf(url.replace(/[),.;]+$/, ''), e, views);
        if (problem) out.push({ entry: e, problem });
      }
    }
  }
  return out;
}
