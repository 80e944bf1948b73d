import { describe, expect, it } from 'vitest';
import type { Probe } from '../corpus/probe-schema.js';
import { xtermJsTarget } from '../targets/embedded/xterm-js.js';
import type { TargetSession } from '../targets/target.js';
import { planContext, planProbe } from './probe-plan.js';
import { runProbes } from './run-probes.js';

const size = { cols: 80, rows: 24 };

function probe(id: string, send: string, steps: Probe['steps'], query: string[] = ['cursor']): Probe {
  return { id: `t.${id}`, category: 't', file: 'test', title: id, description: 'test probe', spec: 'ECMA-48 test', send, steps, query, expect: { implements: {} } };
}

/** Cursor reports at three points of one probe, then at its end. */
const STEPPED = probe('steps', 'ab', [
  { send: '\\e[3C', query: ['cursor'] },
  { send: '\\e[5;7H', query: ['cursor', 'da1'] },
  { send: '', query: ['cursor'] },
], ['cursor']);

/** Replies with the n-th CPR (counting from 0) left out: a terminal that skipped one query. */
function dropCpr(inner: TargetSession, which: number): TargetSession {
  let seen = 0;
  let held = '';
  return {
    ...inner,
    onData(listener) {
      inner.onData((chunk) => {
        held += Buffer.from(chunk).toString('latin1');
        // Pass whole replies only, so a CPR can be recognised and dropped.
        let out = '';
        for (let m; (m = /\x1b\[[0-9;?>]*[Rc]/.exec(held)); held = held.slice(m.index + m[0].length)) {
          out += held.slice(0, m.index);
          if (m[0].endsWith('R') && !m[0].startsWith('\x1b[?') && seen++ === which) continue;
          out += m[0];
        }
        if (out) listener(Buffer.from(out, 'latin1'));
      });
    },
    write: (d) => inner.write(d),
    readScreen: inner.readScreen?.bind(inner),
    close: () => inner.close(),
    describe: () => inner.describe(),
  };
}

async function run(probes: Probe[], wrap: (s: TargetSession) => TargetSession = (s) => s) {
  const session = wrap(await xtermJsTarget.open({ cols: 80, rows: 24, options: {} }));
  try {
    return await runProbes(session, probes, { size });
  } finally {
    await session.close();
  }
}

describe('probes with steps', () => {
  it('close every step with a DA1 of its own, before the probe\'s own queries and sentinel', () => {
    const plan = planProbe(STEPPED, planContext(size, 'none', '', false));
    expect(plan.wire).toBe('ab\x1b[3C\x1b[6n\x1b[c\x1b[5;7H\x1b[6n\x1b[c\x1b[c\x1b[6n\x1b[c\x1b[6n\x1b[c');
    expect(plan.segments.map((s) => s.queries.map((q) => q.query))).toEqual([['cursor@1'], ['cursor@2', 'da1@2'], ['cursor@3'], ['cursor']]);
    expect(plan.da1Needed).toBe(5);
  });

  it('answer each step with its own replies, the same query at every step, pipelined among other probes', async () => {
    const others = Array.from({ length: 10 }, (_, i) => probe(`move-${i}`, `\\e[${i + 2};${i + 3}H`, undefined));
    const { results } = await run([...others.slice(0, 5), STEPPED, ...others.slice(5)]);
    const r = results[5]!;
    expect(r.status).toBe('ok');
    expect(Object.fromEntries(r.replies.map((rep) => [rep.query, rep.value]))).toEqual({ 'cursor@1': '1;6', 'cursor@2': '5;7', 'da1@2': '1;2', 'cursor@3': '5;7' });
    expect(r.cursor).toMatchObject({ row: 5, col: 7 });
    expect(r.unexpected).toBeUndefined();
    expect(results.filter((_, i) => i !== 5).map((x) => x.cursor?.row)).toEqual(others.map((_, i) => i + 2));
  });

  it('leave a step unanswered when its reply never came, without giving it the next step\'s', async () => {
    const { results } = await run([STEPPED], (s) => dropCpr(s, 0));
    const r = results[0]!;
    expect(r.replies.find((rep) => rep.query === 'cursor@1')).toEqual({ query: 'cursor@1' });
    expect(r.replies.find((rep) => rep.query === 'cursor@2')?.value).toBe('5;7');
    expect(r.replies.find((rep) => rep.query === 'cursor@3')?.value).toBe('5;7');
    expect(r.note).toBe('1 query unanswered (the DA1 sentinel arrived)');
  });
});
