/**
 * The isolation prelude leaves no state of its own that a later answer shows:
 * per target, a DECCIR probe (cursor, rendition, protection, flags, character
 * sets) is answered the same in a fresh session with no prelude ever sent, and
 * after a history of preludes with the prelude before it. xterm 379 showed the
 * prelude's DECSCA as attribute "A" in every DECCIR until DECSTR came after it.
 */
import { describe, expect, it } from 'vitest';
import type { Probe } from '../corpus/probe-schema.js';
import { loadTarget, TARGETS } from '../targets/registry.js';
import { runProbes } from './run-probes.js';

const size = { cols: 80, rows: 24 };

function probe(id: string, send: string, query: string[]): Probe {
  return { id: `t.${id}`, category: 't', file: 'test', title: id, description: 'prelude history', spec: 'VT510 DECRQPSR', send, query, expect: { implements: {} } };
}

const DECCIR = probe('deccir', '\\e[H', ['deccir', 'cursor']);
/** Probes whose only effect is what the prelude before each leaves behind. */
const HISTORY = [probe('a', 'x', ['cursor']), probe('b', '', ['cursor']), probe('c', 'y', ['cursor'])];

/** Every registry target that runs here without the user's own terminal or Windows. */
const NAMES = Object.keys(TARGETS).filter((n) => n !== 'self' && n !== 'conpty');

describe('the prelude leaves no state a later answer shows', () => {
  for (const name of NAMES) it(`${name}: DECCIR is the same with and without the prelude's history`, async (ctx) => {
    const factory = await loadTarget(name);
    const avail = await factory.available();
    if (!avail.ok) {
      const why = `${name} cannot run here: ${avail.reason}${avail.install ? ` (install: ${avail.install})` : ''}`;
      if (process.env.CI === 'true') throw new Error(why);
      process.stderr.write(`\n*** SKIPPING ${why} ***\n`);
      ctx.skip();
    }
    const session = await factory.open({ cols: size.cols, rows: size.rows, options: {} });
    try {
      const fresh = (await runProbes(session, [DECCIR], { size, prelude: 'none' })).results[0]!;
      await runProbes(session, HISTORY, { size, prelude: 'default' });
      const after = (await runProbes(session, [DECCIR], { size, prelude: 'default' })).results[0]!;
      const value = (r: typeof fresh) => r.replies.find((rep) => rep.query === 'deccir')?.value ?? `(none: ${r.status})`;
      expect(value(after)).toBe(value(fresh));
    } finally {
      await session.close();
    }
  }, 120_000);
});
