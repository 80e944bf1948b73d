/**
 * Earlier releases of the embedded emulators, installed beside the current ones
 * under npm aliases (package.json devDependencies, e.g. "xterm-headless-4.19.0":
 * "npm:xterm-headless@4.19.0") and run by the same engine as any target:
 * `termprobe run --target xterm.js@4.19.0`. Their results record the target
 * they are a release of (target.id "xterm.js"), so registry entries with version
 * ranges apply to them; `npm run history-results` writes them to results/history/.
 *
 * Every release runs with its core's own settings, the same for all (xterm.js
 * without the Unicode 11 addon, whose releases follow other version lines), so
 * consecutive releases differ only by their own code.
 */
import { createRequire } from 'node:module';
import type { Terminal as XtermTerminal } from '@xterm/headless';
import type { Availability, OpenOptions, TargetFactory, TargetSession } from '../target.js';

export interface Release {
  /** The target it is a release of. */
  of: 'xterm.js' | 'ghostty';
  version: string;
  /** The installed package: an npm alias, or the dependency itself for the current release. */
  pkg: string;
  /** The package as published. */
  published: string;
}

/**
 * xterm.js: headless builds from 4.14.1 (xterm-headless 4.13.0, the first, was
 * published without its lib-headless/ code and cannot load) to 6.0.0, across the
 * rename to @xterm/headless at 5.4.0.
 */
export const XTERM_JS_RELEASES: readonly Release[] = [
  { of: 'xterm.js', version: '4.14.1', pkg: 'xterm-headless-4.14.1', published: 'xterm-headless' },
  { of: 'xterm.js', version: '4.19.0', pkg: 'xterm-headless-4.19.0', published: 'xterm-headless' },
  { of: 'xterm.js', version: '5.0.0', pkg: 'xterm-headless-5.0.0', published: 'xterm-headless' },
  { of: 'xterm.js', version: '5.3.0', pkg: 'xterm-headless-5.3.0', published: 'xterm-headless' },
  { of: 'xterm.js', version: '5.4.0', pkg: 'xterm-headless-5.4.0', published: '@xterm/headless' },
  { of: 'xterm.js', version: '5.5.0', pkg: 'xterm-headless-5.5.0', published: '@xterm/headless' },
  { of: 'xterm.js', version: '6.0.0', pkg: '@xterm/headless', published: '@xterm/headless' },
];

/** ghostty-web: every published release. */
export const GHOSTTY_RELEASES: readonly Release[] = [
  { of: 'ghostty', version: '0.1.0', pkg: 'ghostty-web-0.1.0', published: 'ghostty-web' },
  { of: 'ghostty', version: '0.2.1', pkg: 'ghostty-web-0.2.1', published: 'ghostty-web' },
  { of: 'ghostty', version: '0.3.0', pkg: 'ghostty-web-0.3.0', published: 'ghostty-web' },
  { of: 'ghostty', version: '0.4.0', pkg: 'ghostty-web', published: 'ghostty-web' },
];

export const RELEASES: readonly Release[] = [...XTERM_JS_RELEASES, ...GHOSTTY_RELEASES];

export const releaseName = (r: Release) => `${r.of}@${r.version}`;

export function findRelease(name: string): Release | undefined {
  return RELEASES.find((r) => releaseName(r) === name);
}

const require = createRequire(import.meta.url);

async function installedVersion(r: Release): Promise<string | undefined> {
  try {
    if (r.of === 'ghostty') return (await import('./ghostty-wasm.js')).ghosttyPackageVersion(r.pkg); // its package.json is not exported
    return (require(`${r.pkg}/package.json`) as { version: string }).version;
  } catch {
    return undefined;
  }
}

async function installed(r: Release): Promise<Availability> {
  const v = await installedVersion(r);
  if (v === undefined) return { ok: false, reason: `${r.pkg} is not installed`, install: 'npm install in a clone of termprobe (a dev dependency)' };
  if (v !== r.version) return { ok: false, reason: `${r.pkg} is ${v}, not ${r.version}` };
  return { ok: true };
}

/** ghostty-web's engine answers CPR and DSR through ghostty_terminal_has_response/read_response; a release without them answers nothing. */
const GHOSTTY_RESPONSE_EXPORTS = ['ghostty_terminal_has_response', 'ghostty_terminal_read_response'];

async function ghosttyAvailable(r: Release): Promise<Availability> {
  const base = await installed(r);
  if (!base.ok) return base;
  const { ghosttyWasmExports } = await import('./ghostty-wasm.js');
  const exports = await ghosttyWasmExports(r.pkg);
  const missing = GHOSTTY_RESPONSE_EXPORTS.filter((e) => !exports.includes(e));
  if (missing.length > 0) return { ok: false, reason: `ghostty-web ${r.version}'s wasm exports no ${missing.join(' or ')}: its engine sends no replies (no CPR, no DSR), so no probe can be answered` };
  return { ok: true };
}

function xtermFactory(r: Release, name: string): TargetFactory {
  return {
    name,
    resultsId: r.of,
    kind: 'embedded',
    description: `xterm.js ${r.version} (${r.published}@${r.version}, installed as ${r.pkg}) in this process; its core's Unicode 6 widths`,
    options: { unicode: ['6'] },
    available: () => installed(r),
    async open(opts: OpenOptions): Promise<TargetSession> {
      const { openXtermBuild } = await import('./xterm-js.js');
      const Terminal = (require(r.pkg) as { Terminal: new (o: object) => XtermTerminal }).Terminal;
      return openXtermBuild({ Terminal, pkg: r.pkg, published: r.published, withUnicode11: false }, opts, name);
    },
  };
}

function ghosttyFactory(r: Release, name: string): TargetFactory {
  return {
    name,
    resultsId: r.of,
    kind: 'embedded',
    description: `Ghostty's VT engine from ghostty-web ${r.version} (installed as ${r.pkg}) in this process; DA1 answered by termprobe's pipe`,
    available: () => ghosttyAvailable(r),
    async open(opts: OpenOptions): Promise<TargetSession> {
      const { openGhosttyRelease } = await import('./ghostty.js');
      return openGhosttyRelease(r.pkg, opts, name);
    },
  };
}

export function releaseTarget(name: string): TargetFactory | undefined {
  const r = findRelease(name);
  if (!r) return undefined;
  return r.of === 'xterm.js' ? xtermFactory(r, name) : ghosttyFactory(r, name);
}
