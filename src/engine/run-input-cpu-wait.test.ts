/**
 * A marker late because the machine is loaded is waited for (run-input.ts, awaitMarker): the time the processes it
 * passes through stood ready to run with no CPU (cpu-wait.ts) does not count against its limit. Against a model
 * terminal whose marker after F3 comes back 300 ms late, past its limit (200 ms): with the run-queue wait read as all of the
 * time since (a machine too loaded to run anything), F3's answer is its own; with no wait at all (a quiet machine,
 * where a marker that late means the terminal kept the key), the key counts as kept, its answer nothing, as before.
 */
import { describe, expect, it } from 'vitest';
import type { EventPlan } from '../corpus/input/event-plan.js';
import type { InputEvent } from '../corpus/input/input-schema.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import type { InputChannel, InputDelivery, MarkerIo } from '../targets/input-channel.js';
import type { TargetSession } from '../targets/target.js';
import type { QueuedMsReader } from '../util/cpu-wait.js';
import { runInputProbes } from './run-input.js';

const MARKER = '\x1b[57427u';
const LATE_MS = 300;

class SlowAfterF3 implements InputChannel {
  readonly method = 'the model';
  readonly markers = /\x1b\[57427u/;
  readonly markerLimitMs = 200;
  private listener: (data: Uint8Array) => void = () => undefined;
  private lastKey = '';

  onData(listener: (data: Uint8Array) => void): void {
    this.listener = listener;
  }

  private send(text: string, afterMs = 0): void {
    const bytes = Buffer.from(text, 'latin1');
    setTimeout(() => this.listener(bytes), afterMs);
  }

  write(data: Uint8Array): void {
    const text = Buffer.from(data).toString('latin1');
    if (text.includes('\x1b[6n')) this.send('\x1b[24;80R');
    if (text.includes('\x1b[c')) this.send('\x1b[?62;22c');
  }

  private key(name: string): void {
    if (name === 'marker') this.send(MARKER, this.lastKey === 'F3' ? LATE_MS : 0);
    else this.send(`<${name}>`);
    this.lastKey = name;
  }

  async prepare(): Promise<Record<string, string>> {
    return {};
  }

  refuse(): string | undefined {
    return undefined;
  }

  async deliver(event: InputEvent, _plan: EventPlan, io: MarkerIo): Promise<InputDelivery> {
    if (!io.leadDone) {
      this.key('marker');
      await io.awaitMarker();
    }
    this.key('key' in event ? String(event.key) : 'other');
    this.key('marker');
    await io.awaitMarker();
    return { via: 'the model' };
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
  const model = new SlowAfterF3();
  const session = { write: (d: Uint8Array) => model.write(d), onData: (l: (d: Uint8Array) => void) => model.onData(l), input: model, processes: () => [{ pid: 4242, own: true }], close: async () => undefined } as unknown as TargetSession;
  const run = await runInputProbes({ current: session }, probes, { size: { cols: 80, rows: 24 }, queuedMs });
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
