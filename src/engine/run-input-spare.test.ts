/**
 * Fresh instances in an input run (run-input.ts, restart, maybeSpare): where the target's published run names the
 * probes after which it started afresh, the next instance is started ahead of each of them, while the current one takes
 * the probes, and the restart takes it instead of waiting for a start; without a published run, once a run has had to
 * start its terminal afresh, the next instance is started at once; the spare no restart took is ended with the run. Against a model terminal whose F2, F5 and F8 each open
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

/** One that also has a key for the font's size as it started (a GUI terminal's ctrl+0; none of its keys changes it). */
class ResettingTerminal extends KeepingTerminal {
  async resetFontSize(): Promise<string> {
    return 'ctrl+0';
  }
}

/** A holder whose every instance is a KeepingTerminal, with a log of what was opened and closed. */
async function keepingHolder(resets = false) {
  const log: string[] = [];
  const alive = new Set<number>();
  let opened = 0;
  const open = async (): Promise<TargetSession> => {
    const model = resets ? new ResettingTerminal(opened++) : new KeepingTerminal(opened++);
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
  return { holder, log, alive };
}

const KEYS = ['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8', 'f9'];
const KEPT = ['keys-legacy.f2', 'keys-legacy.f5', 'keys-legacy.f8'];
/** Why a published run restarted, as run.restarts say it. */
const LOST = 'input: the marker after the event (key F2) did not come back';
const RESIZED = 'input: the terminal changed its size (its far corner was 24;80, now 25;90: a font-size shortcut)';

/**
 * F1 to F9 through model instances that keep the keyboard after F2, F5 and F8, given what the published run expects;
 * checked for what every rule gives alike (one instance per stretch, a restart after each kept key). What was opened
 * and closed, and what is still alive once the last instance is closed.
 */
async function keysRun(restartsExpected?: ReadonlyMap<string, string>, keys = KEYS, resets = false) {
  const corpus = await loadCorpus();
  const probes = keys.map((k) => corpus.byId.get(`keys-legacy.${k}`)!);
  const { holder, log, alive } = await keepingHolder(resets);
  const run = await runInputProbes(holder, probes, { size: { cols: 80, rows: 24 }, ...(restartsExpected ? { restartsExpected } : {}) });
  await holder.current.close();
  // The answers are those of one instance per stretch: a kept key sends nothing, the others their own text.
  expect(run.results.map((r) => `${r.id.slice(12)}=${r.replies[0]?.value}`)).toEqual(keys.map((k) => `${k}=${KEEPS.has(k.toUpperCase()) ? '' : `<${k.toUpperCase()}>`}`));
  expect(run.restarts.map((r) => r.probe)).toEqual(KEPT.filter((id) => keys.includes(id.slice(12))));
  return { run, log, alive };
}

describe('fresh instances in an input run', () => {
  it('where the published run names the probes that restart the target, a spare is started ahead of each and none is left over', async () => {
    const { log, alive } = await keysRun(new Map(KEPT.map((id) => [id, LOST])));
    // Instance 1 starts before F1 (F2 is among the next probes), each restart takes the one started ahead of it, and
    // after F8 none is expected: no instance is started that the run does not use (the rule "after every restart"
    // opened a fifth, only to close it).
    expect(log).toEqual(['open 0', 'open 1', 'close 0', 'open 2', 'close 1', 'open 3', 'close 2', 'close 3']);
    expect(alive).toEqual(new Set());
  });

  it('a restart the published run did not have starts its instance then, and no spare after it', async () => {
    const { log, alive } = await keysRun(new Map());
    expect(log).toEqual(['open 0', 'close 0', 'open 1', 'close 1', 'open 2', 'close 2', 'open 3', 'close 3']);
    expect(alive).toEqual(new Set());
  });

  it('without a published run, after the first restart, each next instance is started ahead and taken by the next restart; the spare left is ended', async () => {
    const { run, log, alive } = await keysRun();
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

  it('a restart the published run made for a size change expects none where the terminal has a key that undoes it', async () => {
    // F1, F3, F4: no key the model keeps. The published run restarted after F3 for a font-size shortcut.
    const published = new Map([['keys-legacy.f3', RESIZED]]);
    expect((await keysRun(published, ['f1', 'f3', 'f4'], true)).log).toEqual(['open 0', 'close 0']);
    // Without such a key the restart is still expected: an instance is started ahead, and ended unused with the run.
    expect((await keysRun(published, ['f1', 'f3', 'f4'], false)).log).toEqual(['open 0', 'open 1', 'close 1', 'close 0']);
    // Any other why, with the key or without: expected.
    expect((await keysRun(new Map([['keys-legacy.f3', LOST]]), ['f1', 'f3', 'f4'], true)).log).toEqual(['open 0', 'open 1', 'close 1', 'close 0']);
  });
});
