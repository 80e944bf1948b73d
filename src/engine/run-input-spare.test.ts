/**
 * Fresh instances in an input run (run-input.ts, restart): once a run has had to start its terminal afresh, the next
 * instance is started ahead, while the current one takes the probes, and the next restart takes it instead of waiting
 * for a start; the spare no restart took is ended with the run. Against a model terminal whose F2, F5 and F8 each open
 * something that keeps the keyboard, with no way to close it (the marker after the event never comes back, nothing
 * recovers it): three restarts, as tilix's alt+clicks and ctrl+alt+a make in a real run.
 */
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/load-corpus.js';
import type { TargetSession } from '../targets/target.js';
import { ModelKeyTerminal } from '../test-support/model-key-terminal.js';
import { runInputProbes } from './run-input.js';
import type { SessionHolder } from './run-with-restarts.js';

/** The keys after which the model terminal keeps the keyboard for good. */
const KEEPS = new Set(['F2', 'F5', 'F8']);

/** An instance that keeps the keyboard after F2, F5 or F8 (the markers after it never come back), and cannot be put back. */
class KeepingTerminal extends ModelKeyTerminal {
  private keyboardKept = false;

  constructor(readonly n: number) {
    super(100, `instance ${n}`);
  }

  protected override key(name: string): void {
    if (this.keyboardKept) return;
    if (KEEPS.has(name)) this.keyboardKept = true;
    else super.key(name);
  }

  async recover(): Promise<boolean> {
    return false;
  }
}

describe('fresh instances in an input run', () => {
  it('after the first restart, each next instance is started ahead and taken by the next restart; the spare left is ended', async () => {
    const corpus = await loadCorpus();
    const probes = ['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8', 'f9'].map((k) => corpus.byId.get(`keys-legacy.${k}`)!);
    const log: string[] = [];
    const alive = new Set<number>();
    let opened = 0;
    const open = async (): Promise<TargetSession> => {
      const model = new KeepingTerminal(opened++);
      log.push(`open ${model.n}`);
      alive.add(model.n);
      // A start takes a turn of the event loop at least, as every real one does.
      await new Promise((resolve) => setImmediate(resolve));
      return {
        ...model.session(),
        close: async () => {
          log.push(`close ${model.n}`);
          alive.delete(model.n);
        },
      };
    };
    const holder: SessionHolder = { current: await open(), reopen: open };
    const run = await runInputProbes(holder, probes, { size: { cols: 80, rows: 24 } });
    const current = holder.current;
    await current.close();

    // The answers are those of one instance per stretch: a kept key sends nothing, the others their own text.
    expect(run.results.map((r) => `${r.id.slice(12)}=${r.replies[0]?.value}`)).toEqual(['f1=<F1>', 'f2=', 'f3=<F3>', 'f4=<F4>', 'f5=', 'f6=<F6>', 'f7=<F7>', 'f8=', 'f9=<F9>']);
    expect(run.restarts.map((r) => r.probe)).toEqual(['keys-legacy.f2', 'keys-legacy.f5', 'keys-legacy.f8']);
    expect(run.results.map((r) => r.evidence?.['via'] ?? r.evidence?.['kept']?.slice(0, 30))).toEqual([
      'instance 0', 'the event was made; the marker typed after it did not come back', 'instance 1', 'instance 1',
      'the event was made; the marker typed after it did not come back', 'instance 2', 'instance 2',
      'the event was made; the marker typed after it did not come back', 'instance 3',
    ]);
    // The first restart starts its instance then (and the next one at once); each later one takes the instance started
    // before it was needed. The spare the run did not need (4) is ended before the run returns.
    expect(log).toEqual(['open 0', 'close 0', 'open 1', 'open 2', 'close 1', 'open 3', 'close 2', 'open 4', 'close 4', 'close 3']);
    expect(alive).toEqual(new Set());
  });
});
