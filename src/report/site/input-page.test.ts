/**
 * The site's input section, built from three published results files (xterm, kitty, tmux): input.html scores each
 * terminal on each input category and lists every input probe; an input probe's page shows the modes, the event
 * and the reset, and beside each answer a printf that, run in a shell, writes exactly the bytes that terminal sent;
 * the page's own command line, run in bash in a real pty, sets the modes, shows what the "person" typed and resets
 * the modes after.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readAnswersBlock } from './answers-keys.js';
import { viewRun } from '../../classify/run-view.js';
import { decodeNotation } from '../../corpus/escape-notation.js';
import { INPUT_CATEGORIES } from '../../corpus/input/input-categories.js';
import { readResults } from '../../results/read-results.js';
import { ROOT } from '../cli-test-support.js';
import { cleanTerminalEnv, PtyHost } from '../../test-support/pty-host.js';
import { buildSite } from './build-site.js';
import { readPage } from './read-page-test-support.js';

const TERMINALS = ['xterm-379', 'kitty-0.26.5', 'tmux-3.3a'];
const unescapeHtml = (s: string) => s.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

let dir: string;
const page = (path: string) => readPage(join(dir, 'site', path));
const hosts: PtyHost[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'termprobe-input-site-'));
  const files = TERMINALS.map((t) => join(ROOT, 'results', `${t}.json`));
  await buildSite(files.map((f) => viewRun(f, readResults(f))), join(dir, 'site'), { reference: 'xterm' });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  for (const h of hosts.splice(0)) h.kill();
});

describe('the input section', () => {
  it('scores every terminal on every input category and lists each input probe with a link to its page', () => {
    const text = page('input.html');
    for (const cat of INPUT_CATEGORIES) expect(text, cat).toMatch(new RegExp(`<section id="input-${cat}"><h2>${cat} <span class="n">\\d+ probes`));
    // A row's cells up to the next row or the table's end (the pages leave out the end tags HTML implies: trim-html.ts).
    const rows = [...text.matchAll(/<tr><th[^>]*><a href="terminals\/[^"]+">([^<]+)<\/a>((?:<td[^>]*>.*?)+?)(?=<tr>|<\/table>)/g)];
    expect(rows.map((r) => r[1])).toEqual(['xterm 379', 'kitty 0.26.5', 'tmux 3.3a']);
    // xterm decides every keys-legacy probe; its score is implements/decided.
    const xterm = [...rows[0]![2]!.matchAll(/<td[^>]*>(\d+)<span class="n">\/(\d+)<\/span>/g)];
    expect(xterm).toHaveLength(INPUT_CATEGORIES.length);
    for (const [, yes, decided] of xterm) expect(Number(yes)).toBeLessThanOrEqual(Number(decided));
    expect(text).toContain('<a href="probes/keys-legacy.decckm-up.html">keys-legacy.decckm-up</a>');
    // Each category's "in the table" link opens the probe table at that category (probes.html draws #cat-SLUG).
    for (const cat of INPUT_CATEGORIES) expect(text, cat).toContain(`<a href="probes.html#cat-${cat}">in the table</a>`);
    expect(page('probes.html')).toMatch(new RegExp(`data-cat="${INPUT_CATEGORIES[0]}"`));
  });

  it('gives each answer on a probe page a printf that writes the bytes that terminal sent', () => {
    const text = page('probes/keys-modifiers.ctrl-shift-f5.html');
    // The answers are data in the page (assets/probe.js draws them): each input answer carries what the program received.
    const data = readAnswersBlock(text) as { groups: { answer: string; received?: string }[] };
    expect(data.groups.length).toBeGreaterThan(1);
    for (const { answer, received } of data.groups) {
      const sent = /^input=(.*)$/.exec(answer)![1]!;
      expect(received, answer).toBeDefined();
      if (received === '') {
        expect(sent).toBe('');
        continue;
      }
      const wrote = execFileSync('sh', ['-c', received!]);
      expect([...wrote], answer).toEqual([...decodeNotation(sent)]);
    }
  });

  it("gives a command line that sets the probe's modes, shows what the terminal sent for the event and resets them", async () => {
    const text = page('probes/keys-legacy.decckm-up.html');
    expect(text).toContain('<dt>event<dd>Up');
    const line = unescapeHtml(/<pre class="repro" id="repro">([^<]*)<\/pre>/.exec(text)![1]!);
    expect(line).toMatch(/^printf '\\033\[\?1h'; IFS= read .*printf '\\033\[\?1l'; .*cat -v +# bash; within 5 s, press Up$/);
    const host = new PtyHost('bash', ['--norc', '--noprofile', '-i'], { env: cleanTerminalEnv({ PS1: '$ ' }) });
    hosts.push(host);
    host.type(`${line}\r`);
    await until(host, () => host.term.modes.applicationCursorKeysMode);
    host.type('\x1bOA'); // what a terminal sends for Up under DECCKM
    await until(host, () => host.joinedLines().some((l) => l.startsWith('^[OA')));
    expect(host.term.modes.applicationCursorKeysMode).toBe(false);
  }, 30_000);
});

async function until(host: PtyHost, ok: () => boolean): Promise<void> {
  for (let i = 0; i < 800; i++) {
    await host.settle();
    if (ok()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never happened; the screen:\n${host.joinedLines().join('\n')}`);
}
