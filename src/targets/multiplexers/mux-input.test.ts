/**
 * Input probes through tmux and GNU screen: a client attached in a pty of its own, termprobe its outer xterm. What
 * reaches the pane is the multiplexer's own translation of xterm's bytes (tmux keeps End as CSI 4 ~; tmux reports a
 * click in SGR when the pane asks; screen takes ctrl+a for its command key), modes do not leak from one probe to the
 * next, and no client, server, script or timer is left running.
 */
import { describe, expect, it } from 'vitest';
import { inputSchema, type InputEvent } from '../../corpus/input/input-schema.js';
import type { Corpus } from '../../corpus/load-corpus.js';
import type { Probe } from '../../corpus/probe-schema.js';
import { runTarget } from '../../engine/run-target.js';
import { processesMatching } from '../../test-support/processes.js';
import { haveProgram } from '../../test-support/require-program.js';

function probe(id: string, input: InputEvent, send = '', cleanup?: string): Probe {
  return {
    id: `input-test.${id}`, category: 'input-test', file: '(test)', title: id, description: 'an input probe of the multiplexer test', spec: 'xterm ctlseqs (test)',
    send, ...(cleanup ? { cleanup } : {}), query: ['cursor'], input: inputSchema.parse(input), expect: { implements: { replies: { input: '' } } },
  };
}
const corpusOf = (probes: Probe[]): Corpus => ({ dir: '(test)', probes, byId: new Map(probes.map((p) => [p.id, p])), categories: ['input-test'], hash: `sha256:${'0'.repeat(64)}` });

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

async function answers(target: string, probes: Probe[]): Promise<Record<string, string | undefined>> {
  const before = timers();
  const { results } = await runTarget(target, corpusOf(probes), probes);
  expect(processesMatching(`termprobe-${process.pid}-`)).toEqual([]);
  // No timer of the run outlives it (a wait for the client's drawing left one per output chunk, each holding the
  // process up to 10 s after the run).
  expect(timers()).toBeLessThanOrEqual(before);
  return Object.fromEntries(results.probes.map((r) => [r.id.slice(11), r.status === 'ok' ? r.replies[0]?.value : r.status]));
}

const PROBES = [
  probe('up', { key: 'Up' }),
  probe('decckm-up', { key: 'Up' }, '\\e[?1h', '\\e[?1l'),
  probe('up-again', { key: 'Up' }),
  probe('end', { key: 'End' }),
  probe('shift-f5', { key: 'shift+F5' }),
  probe('sgr-click', { mouse: { action: 'click', button: 'left', at: [3, 2] } }, '\\e[?1000h\\e[?1006h', '\\e[?1006l\\e[?1000l'),
  probe('click-no-tracking', { mouse: { action: 'click', button: 'left', at: [3, 2] } }),
  probe('bracketed', { paste: { text: 'a\\nb' } }, '\\e[?2004h', '\\e[?2004l'),
  probe('ctrl-a', { key: 'ctrl+a' }),
];

describe.skipIf(!haveProgram('tmux', 'tmux'))('input probes through tmux', () => {
  it("records what tmux passes on of xterm's bytes, each probe in its own modes", async () => {
    expect(await answers('tmux', PROBES)).toEqual({
      up: '\\e[A', 'decckm-up': '\\eOA', 'up-again': '\\e[A', end: '\\e[4~', 'shift-f5': '\\e[15;2~',
      'sgr-click': '\\e[<0;3;2M\\e[<0;3;2m', 'click-no-tracking': '', bracketed: '\\e[200~a\\rb\\e[201~', 'ctrl-a': '\\x01',
    });
  }, 60_000);
});

describe.skipIf(!haveProgram('screen', 'screen'))('input probes through GNU screen', () => {
  it('records what screen passes on, and that it keeps ctrl+a, its command key', async () => {
    const got = await answers('screen', PROBES);
    expect(got).toMatchObject({ up: '\\e[A', 'decckm-up': '\\eOA', 'up-again': '\\e[A', 'shift-f5': '\\e[15;2~', 'click-no-tracking': '', 'ctrl-a': '' });
  }, 60_000);
});
