/**
 * Input probes in Emacs's term.el, through Emacs's own tty (hosted-input.ts), against the real emacs-nox: what
 * shift+Insert sends (term-paste: the kill ring's head) is the same whatever the probes before it did in the same
 * instance. ctrl+Delete runs Emacs's kill-word on term.el's buffer (term-raw-map leaves it to the global map), which
 * copies the screen's text to the kill ring; after each command the recipe empties the kill ring again, so the
 * shift+Insert after it sends what a fresh Emacs's does. No process is left running.
 */
import { describe, expect, it } from 'vitest';
import { inputSchema, type InputEvent } from '../../corpus/input/input-schema.js';
import type { Corpus } from '../../corpus/load-corpus.js';
import type { Probe } from '../../corpus/probe-schema.js';
import { runTarget } from '../../engine/run-target.js';
import { processesMatching } from '../../test-support/processes.js';
import { haveProgram } from '../../test-support/require-program.js';

function probe(id: string, input: InputEvent): Probe {
  return {
    id: `input-test.${id}`, category: 'input-test', file: '(test)', title: id, description: 'an input probe of the Emacs test', spec: 'xterm ctlseqs (test)',
    send: '', query: ['cursor'], input: inputSchema.parse(input), expect: { implements: { replies: { input: '' } } },
  };
}
const corpusOf = (probes: Probe[]): Corpus => ({ dir: '(test)', probes, byId: new Map(probes.map((p) => [p.id, p])), categories: ['input-test'], hash: `sha256:${'0'.repeat(64)}` });

// Text on the screen first, so a kill has something to take.
const PROBES = [
  probe('shift-insert-first', { key: 'shift+Insert' }),
  probe('a', { key: 'a' }),
  probe('ctrl-delete', { key: 'ctrl+Delete' }),
  probe('shift-insert-after-kill', { key: 'shift+Insert' }),
  probe('b', { key: 'b' }),
];

describe.skipIf(!haveProgram('emacs', 'emacs-nox'))("input probes through Emacs's term.el", () => {
  it('sends the same for shift+Insert before and after a key that killed text in the same Emacs', async () => {
    const { results } = await runTarget('emacs', corpusOf(PROBES), PROBES);
    expect(processesMatching(`termprobe-${process.pid}-`)).toEqual([]);
    const answers = Object.fromEntries(results.probes.map((r) => [r.id.slice(11), r.status === 'ok' ? r.replies[0]?.value : r.status]));
    expect(answers).toEqual({ 'shift-insert-first': '', a: 'a', 'ctrl-delete': '', 'shift-insert-after-kill': '', b: 'b' });
    expect(results.settings?.options?.['launch']).toMatch(/post-command-hook \(setq kill-ring nil\)/);
  }, 60_000);
});
