/**
 * A marker late because the machine is loaded is waited for (run-input.ts, awaitMarker): the time the processes it
 * passes through stood ready to run with no CPU (cpu-wait.ts) does not count against its limit. Against a model
 * terminal whose marker after F3 comes back 300 ms late, past its limit (200 ms): with the run-queue wait read as all of the
 * time since (a machine too loaded to run anything), F3's answer is its own; with no wait at all (a quiet machine,
 * where a marker that late means the terminal kept the key), the key counts as kept, its answer nothing, as before.
 */
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/load-corpus.js';
import type { QueuedMsReader } from '../util/cpu-wait.js';
import type { MarkerIo } from '../targets/input-channel.js';
import { MARKER, ModelKeyTerminal } from '../test-support/model-key-terminal.js';
import { runInputProbes } from './run-input.js';

const LATE_MS = 300;

/** The marker after F3 comes back LATE_MS late; recovery's marker comes back at once. */
class SlowAfterF3 extends ModelKeyTerminal {
  private lastKey = '';

  constructor() {
    super(200);
  }

  protected override key(name: string): void {
    if (name === 'marker' && this.lastKey === 'F3') this.send(MARKER, LATE_MS);
    else super.key(name);
    this.lastKey = name;
  }

  async recover(io: MarkerIo): Promise<boolean> {
    this.key('marker');
    await io.awaitMarker();
    return true;
  }
}

async function answers(queuedMs: QueuedMsReader): Promise<string[]> {
  const corpus = await loadCorpus();
  const probes = ['f1', 'f2', 'f3'].map((k) => corpus.byId.get(`keys-legacy.${k}`)!);
  const run = await runInputProbes({ current: new SlowAfterF3().session([4242]) }, probes, { size: { cols: 80, rows: 24 }, queuedMs });
  return run.results.map((r) => `${r.id.slice(12)}=${r.replies[0]?.value}${r.evidence?.['kept'] ? ' (kept)' : ''}`);
}

describe('a marker late on a loaded machine', () => {
  it('is waited for while the processes it passes through had no CPU: the key is answered', async () => {
    const t0 = performance.now();
    // The session's process (and only it) waited for a CPU all the time since the run began.
    const starved: QueuedMsReader = (pid) => (pid === 4242 ? performance.now() - t0 : 0);
    expect(await answers(starved)).toEqual(['f1=<F1>', 'f2=<F2>', 'f3=<F3>']);
  });

  it('is lost at its limit when nothing waited for a CPU: the key counts as kept, as before', async () => {
    expect((await answers(() => 0))[2]).toBe('f3=<F3> (kept)');
  });
});
