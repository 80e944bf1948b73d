/**
 * Input probes in Neovim's :terminal through Neovim's own RPC (neovim-input.ts), against the real Neovim: the bytes
 * the program inside receives for a plain key, ctrl+Left, a keypad key in application mode, an SGR click and drag, a
 * bracketed paste; ctrl+\ kept by Neovim (the start of <C-\><C-n>) with the key after it passed on; a click the
 * program did not ask for takes Neovim out of Terminal mode, and the next probe still gets its key; focus is refused
 * with the reason. No process is left running.
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
    id: `input-test.${id}`, category: 'input-test', file: '(test)', title: id, description: 'an input probe of the Neovim test', spec: 'xterm ctlseqs (test)',
    send, ...(cleanup ? { cleanup } : {}), query: ['cursor'], input: inputSchema.parse(input), expect: { implements: { replies: { input: '' } } },
  };
}
const corpusOf = (probes: Probe[]): Corpus => ({ dir: '(test)', probes, byId: new Map(probes.map((p) => [p.id, p])), categories: ['input-test'], hash: `sha256:${'0'.repeat(64)}` });

const MOUSE = ['\\e[?1000h\\e[?1002h\\e[?1006h', '\\e[?1006l\\e[?1002l\\e[?1000l'] as const;
const PROBES = [
  probe('a', { key: 'a' }),
  probe('ctrl-left', { key: 'ctrl+Left' }),
  probe('deckpam-kp-end', { key: 'KP_End' }, '\\e=', '\\e>'),
  probe('sgr-click', { mouse: { action: 'click', button: 'left', at: [3, 2] } }, ...MOUSE),
  probe('sgr-drag', { mouse: { action: 'drag', button: 'left', at: [3, 2], to: [6, 4] } }, ...MOUSE),
  probe('bracketed', { paste: { text: 'a\\nb' } }, '\\e[?2004h', '\\e[?2004l'),
  probe('ctrl-backslash', { key: 'ctrl+\\' }),
  probe('click-no-tracking', { mouse: { action: 'click', button: 'left', at: [3, 2] } }),
  probe('up-after', { key: 'Up' }),
  probe('focus', { focus: 'out-in' }, '\\e[?1004h', '\\e[?1004l'),
];

describe.skipIf(!haveProgram('nvim', 'neovim'))("input probes through Neovim's RPC", () => {
  it('records what the program in Neovim\'s terminal receives for keys, mouse and paste', async () => {
    const { results } = await runTarget('neovim', corpusOf(PROBES), PROBES);
    expect(processesMatching(`termprobe-${process.pid}-`)).toEqual([]);
    const by = new Map(results.probes.map((r) => [r.id.slice(11), r]));
    const answer = (id: string) => (by.get(id)?.status === 'ok' ? by.get(id)?.replies[0]?.value : by.get(id)?.status);
    expect(Object.fromEntries(PROBES.map((p) => [p.id.slice(11), answer(p.id.slice(11))]))).toEqual({
      a: 'a', 'ctrl-left': '\\e[1;5D', 'deckpam-kp-end': '\\eOq',
      'sgr-click': '\\e[<0;3;2M\\e[<0;3;2m', 'sgr-drag': '\\e[<0;3;2M\\e[<32;6;4M\\e[<0;6;4m',
      bracketed: '\\e[200~a\\nb\\e[201~', 'ctrl-backslash': '', 'click-no-tracking': '', 'up-after': '\\e[A', focus: 'skipped',
    });
    expect(by.get('a')?.evidence?.['via']).toBe('neovim rpc: nvim_input("a")');
    expect(by.get('ctrl-left')?.evidence?.['via']).toBe('neovim rpc: nvim_input("<C-Left>")');
    expect(by.get('ctrl-backslash')?.evidence?.['kept']).toMatch(/^Neovim kept ctrl\+\\ for itself/);
    expect(by.get('click-no-tracking')?.evidence?.['kept']).toMatch(/kept the event/);
    expect(by.get('focus')?.note).toMatch(/^Neovim 0\.7\.2 passes no focus change/);
    expect(results.settings?.options?.['input.method']).toMatch(/^Neovim's RPC \(nvim --listen/);
  }, 60_000);
});
