/**
 * A row of the table is (terminal, version, platform). When several versions
 * of one terminal on one platform are at hand (xterm.js across its releases,
 * a contributed newer release), the table shows the newest by default and
 * names the others; `--all-versions` shows every one. Runs of the same
 * terminal, version and platform twice (a history run of the current release
 * beside the published one) show once, the first given.
 */
import type { RunView } from './run-view.js';

/** Natural order of version strings: numbers by value ("4.19.0" < "5.0.0" < "5.10.0"), other parts by text. */
export function compareVersionStrings(a: string, b: string): number {
  const pa = a.split(/(\d+)/);
  const pb = b.split(/(\d+)/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    if (x === y) continue;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) return Number(x) - Number(y);
    // A pre-release suffix ("6.0.0-beta.1") sorts before its release, a letter ("3.3a") after it.
    if (x === '') return y.startsWith('-') ? 1 : -1;
    if (y === '') return x.startsWith('-') ? -1 : 1;
    if (x.startsWith('-') !== y.startsWith('-')) return x.startsWith('-') ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** Which runs are one terminal on one platform with the same settings: the target, the name, the platform, the options set. */
export function terminalKey(v: RunView): string {
  const options = v.run.settings.options ?? {};
  const opts = Object.keys(options).sort().map((k) => `${k}=${options[k]}`).join(',');
  return JSON.stringify([v.targetId, v.name, v.platform ?? '', opts, v.run.settings.unicode ?? '']);
}

export interface VersionChoice {
  shown: RunView[];
  /** Older versions (and repeats), with the run shown in their place. */
  hidden: { view: RunView; instead: RunView }[];
}

export function newestVersions(views: RunView[]): VersionChoice {
  const best = new Map<string, RunView>();
  for (const v of views) {
    const k = terminalKey(v);
    const cur = best.get(k);
    if (!cur || compareVersionStrings(v.version, cur.version) > 0) best.set(k, v);
  }
  const shown = views.filter((v) => best.get(terminalKey(v)) === v);
  const hidden = views.filter((v) => best.get(terminalKey(v)) !== v).map((view) => ({ view, instead: best.get(terminalKey(view))! }));
  return { shown, hidden };
}

/** One line for the table's notes, or undefined when nothing is hidden. */
export function hiddenVersionsNote(hidden: VersionChoice['hidden']): string | undefined {
  if (hidden.length === 0) return undefined;
  const byShown = new Map<RunView, string[]>();
  for (const h of hidden) byShown.set(h.instead, [...(byShown.get(h.instead) ?? []), h.view.version === h.instead.version ? `${h.view.version} again (${h.view.file})` : h.view.version]);
  const parts = [...byShown].map(([shown, versions]) => `${shown.name} ${shown.version} shown, not ${versions.join(', ')}`);
  return `newest version of each terminal: ${parts.join('; ')} (--all-versions shows every one)`;
}
