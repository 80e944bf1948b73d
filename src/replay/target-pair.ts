/**
 * Two (or more) targets open side by side at one size, each behind a CaseRunner,
 * so the same bytes can be run in all and their states compared. Cases start
 * from the engine's isolation prelude (see case-runner.ts); the user's own
 * terminal is never one of them.
 */
import { restoreModesBytes } from '../corpus/prelude.js';
import { loadTarget } from '../targets/registry.js';
import type { TargetSession } from '../targets/target.js';
import { BadInputError } from '../util/bad-input-error.js';
import { CaseRunner } from './case-runner.js';
import { diffStates, type StateDiff } from './screen-diff.js';
import type { TerminalState } from './terminal-state.js';

export interface OpenTarget {
  id: string;
  terminal: string;
  session: TargetSession;
  runner: CaseRunner;
}

export class TargetSet {
  private constructor(readonly targets: OpenTarget[]) {}

  static async open(ids: readonly string[], cols: number, rows: number, signal?: AbortSignal): Promise<TargetSet> {
    const opened: OpenTarget[] = [];
    try {
      for (const id of ids) {
        const factory = await loadTarget(id);
        if (factory.kind === 'self') throw new BadInputError(`${id}: cases reset the terminal and write raw session output, not for your own terminal; name other targets`);
        const avail = await factory.available();
        if (!avail.ok) throw new BadInputError(`${id} cannot run here: ${avail.reason}${avail.install ? ` (install: ${avail.install})` : ''}`);
        const session = await factory.open({ cols, rows, options: {}, signal });
        const described = await session.describe();
        const restore = restoreModesBytes(described.settings?.modes ?? {});
        opened.push({ id, terminal: `${described.name ?? id} ${described.version ?? ''}`.trim(), session, runner: new CaseRunner(session, { cols, rows, restore, pipelined: factory.kind === 'embedded' }) });
      }
    } catch (e) {
      await new TargetSet(opened).close();
      throw e;
    }
    return new TargetSet(opened);
  }

  /** Run the bytes in every target (from the prelude when `reset`). */
  run(bytes: Uint8Array, reset: boolean): Promise<TerminalState[]> {
    return Promise.all(this.targets.map((t) => t.runner.run(bytes, reset)));
  }

  /** Two targets' states (by index: the first two unless told), compared. */
  async compare(bytes: Uint8Array, reset = true, pair: [number, number] = [0, 1]): Promise<{ diff: StateDiff; states: TerminalState[] }> {
    const [i, j] = pair;
    const states = await Promise.all([this.targets[i]!.runner.run(bytes, reset), this.targets[j]!.runner.run(bytes, reset)]);
    return { diff: diffStates(states[0], states[1]), states };
  }

  async close(): Promise<void> {
    for (const t of this.targets) {
      t.runner.dispose();
      await t.session.close();
    }
  }
}
