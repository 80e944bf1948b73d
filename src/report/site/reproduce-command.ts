/**
 * The command that reproduces a terminal's row of the table, for its page: the
 * run of its target at its size (`termprobe run --target xterm`), or, for a
 * terminal measured from inside (`self`, as contributed runs are), termprobe run
 * in that terminal. A terminal given by command is quoted as a shell needs it.
 * A run whose input probes were made in a browser (xterm.js's or ghostty-web's
 * browser build in Chromium) asks for them again: a plain run skips them.
 */
import type { ResultsFile } from '../../results/results-schema.js';
import { isBrowserInputMethod } from '../../targets/embedded/browser-page.js';
import { html, type Html } from './html.js';

const shellWord = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

export function reproduceCommand(run: ResultsFile): string {
  if (run.target.id === 'self') return 'npx termprobe';
  const size = run.settings.cols === 80 && run.settings.rows === 24 ? '' : ` --size ${run.settings.cols}x${run.settings.rows}`;
  const input = isBrowserInputMethod(run.settings.options?.['input.method']) ? ' --embedded-input' : '';
  return `npx termprobe run --target ${shellWord(run.target.id)}${size}${input}`;
}

/**
 * A command to copy: its copy button is made by assets/site.js (a hidden button in
 * the markup showed only once the script ran, so it is made there: 70 bytes on
 * 1,141 pages).
 */
export function reproBox(command: string): Html {
  return html`<div class="repro-box"><pre class="repro" id="repro">${command}</pre></div>`;
}

export function reproduceLine(run: ResultsFile): Html {
  const where = run.target.id === 'self' ? ` in ${run.target.identity.name} itself` : '';
  return html`<p class="reproduce">Reproduce this row${where}: <code>${reproduceCommand(run)}</code> — or hold a build of it to these answers in CI with <code>termprobe init</code> and <code>termprobe gate</code> (docs/ci-gate.md).</p>`;
}
