/**
 * The site's rows are (terminal, version, platform) and its terminals carry
 * their history: the real CLI over published runs, a contributed fixture (iTerm2
 * on macOS, a terminal and platform not installed here, through `termprobe
 * contribute`) and results/history/. The history pages must list exactly what
 * `termprobe history` lists.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from './html.js';
import { ROOT, runCli } from '../../test-support/cli.js';
import { useTempDirs } from '../../test-support/temp-dirs.js';
import { readPage } from './read-page-test-support.js';

const tempDir = useTempDirs();
const FIXTURE = join(ROOT, 'src/cli/fixtures/contributed/iterm2-3.5.0-macos.fixture.json');

interface Terminal {
  label: string;
  name: string;
  version: string;
  platform: string | null;
  page: string;
  history: null | { page: string; versions: { version: string; results: string | null }[]; steps: { from: string; to: string; changed: { id: string; from: string | null; to: string | null }[] }[]; notRun: { version: string }[] };
}
interface SiteData {
  terminals: Terminal[];
}

let out: string;
let data: SiteData;
beforeAll(() => {
  const dir = tempDir('termprobe-site-history-');
  const contributed = join(dir, 'contributed');
  expect(runCli(['contribute', FIXTURE, '--out', contributed]).code).toBe(0);
  out = join(dir, 'site');
  const r = runCli(['site', join(ROOT, 'results/xterm.js-6.0.0.json'), join(ROOT, 'results/ghostty-0.4.0.json'), join(ROOT, 'results/xterm-379.json'), contributed, '--history', join(ROOT, 'results/history'), '--out', out, '--quiet'], { timeoutMs: 120_000 });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  // data.json names the current API; each terminal's document holds its history.
  const index = JSON.parse(readFileSync(join(out, 'data.json'), 'utf8')) as { api: string };
  const api = JSON.parse(readFileSync(join(out, index.api), 'utf8')) as { terminals: (Omit<Terminal, 'history'> & { api: string })[] };
  data = { terminals: api.terminals.map((t) => ({ ...t, history: (JSON.parse(readFileSync(join(out, t.api), 'utf8')) as { history: Terminal['history'] }).history })) };
}, 180_000);

const page = (path: string) => readPage(join(out, path));

describe('the site: rows by terminal, version and platform', () => {
  it('shows the contributed fixture as its own row, with its platform, in the API, the overview and its page', () => {
    const iterm = data.terminals.find((t) => t.name === 'iTerm2')!;
    expect(iterm).toMatchObject({ label: 'iTerm2 3.5.0 on macos', version: '3.5.0', platform: 'macos' });
    expect(data.terminals).toHaveLength(4);
    expect(page('index.html')).toContain(`<span class="t-name">iTerm2</span> <span class="t-ver">3.5.0</span> <span class="t-os">macos</span>`);
    expect(page(iterm.page)).toContain('macos, darwin 23.4.0 (test fixture), arm64');
  });
});

describe('the site: a terminal page shows its history', () => {
  it('the xterm.js page links to its history: every release step with the probes that changed, both answers, as termprobe history lists them', () => {
    const xterm = data.terminals.find((t) => t.name === 'xterm.js')!;
    expect(page(xterm.page)).toContain(`<a href="../${xterm.history!.page}">xterm.js across 7 versions</a>`);
    const cli = JSON.parse(runCli(['history', 'xterm.js', join(ROOT, 'results/history'), '-f', 'json']).stdout) as { steps: { from: string; to: string; changed: { id: string; from: { answer: string }; to: { answer: string } }[] }[] };
    const history = page(xterm.history!.page);
    expect(xterm.history!.steps.map((s) => [s.from, s.to, s.changed.map((c) => c.id)])).toEqual(cli.steps.map((s) => [s.from, s.to, s.changed.map((c) => c.id)]));
    expect(cli.steps.some((s) => s.changed.length > 0)).toBe(true);
    for (const s of cli.steps) {
      const at = history.indexOf(`${s.from} → ${s.to}</h3>`);
      expect(at, `${s.from} → ${s.to}`).toBeGreaterThan(0);
      const next = history.indexOf('<h3', at);
      const section = history.slice(at, next < 0 ? undefined : next);
      for (const c of s.changed) {
        // Linked to its probe page when the site has one (a probe newer than the published runs has none).
        const answers = `<td><code class="raw">${escapeHtml(c.from.answer)}</code><td><code class="raw">${escapeHtml(c.to.answer)}</code>`;
        expect([`>${c.id}</a>${answers}`, `<th scope="row">${c.id}${answers}`].some((t) => section.includes(t)), c.id).toBe(true);
      }
    }
    for (const v of xterm.history!.versions) expect(JSON.parse(gunzipSync(readFileSync(join(out, v.results!))).toString('utf8')).target.identity.version).toBe(v.version);
  });

  it('the ghostty page names the ghostty-web releases that cannot run, with why', () => {
    const ghostty = data.terminals.find((t) => t.name === 'ghostty')!;
    expect(ghostty.history!.notRun.map((n) => n.version)).toEqual(['0.1.0', '0.2.1', '0.3.0']);
    expect(page(ghostty.history!.page)).toMatch(/<li>0\.3\.0: ghostty-web 0\.3\.0&#39;s wasm exports no ghostty_terminal_has_response/);
  });

  it('a terminal with one version says so', () => {
    const xterm379 = data.terminals.find((t) => t.name === 'xterm')!;
    expect(xterm379.history).toBeNull();
    expect(page(xterm379.page)).toContain('No other version of xterm among the results.');
    // history.html lists the terminals that have a history.
    expect(page('history.html')).toContain(`<a href="${data.terminals.find((t) => t.name === 'xterm.js')!.history!.page}">xterm.js</a>: 7 versions`);
  });
});
