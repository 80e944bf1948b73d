/**
 * `npm run bench -- bisect`: bisecting a 1 MB session between xterm.js and
 * ghostty (target: under 5 s), with the targets' start-up counted apart.
 */
import { bisectSession } from '../replay/bisect.js';
import { TargetSet } from '../replay/target-pair.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { benchSession } from './session-fixture.js';

export const bisectBench: BenchModule = {
  title: 'Bisect a 1 MB session, xterm.js vs ghostty',
  async run() {
    const [cols, rows] = [80, 24];
    const { data, divergesAfter } = benchSession(1 << 20, rows);
    const t0 = performance.now();
    const set = await TargetSet.open(['xterm.js', 'ghostty'], cols, rows);
    const opened = performance.now();
    try {
      const result = await bisectSession(data, set);
      const done = performance.now();
      if (!result) throw new Error('the session did not diverge');
      const exact = result.prefixLength === divergesAfter ? 'at exactly the HPR 0' : `at byte ${result.prefixLength}, not ${divergesAfter}`;
      const figures: BenchFigure[] = [
        { name: `bisect of ${(data.length / (1 << 20)).toFixed(2)} MB (search and shrink)`, value: (done - opened) / 1000, unit: 's', target: { op: '<', value: 5 }, note: `${exact}; shrunk to ${Buffer.from(result.minimal).toString('latin1').replace(/\x1b/g, '\\e')}; ${result.cases} cases per target` },
        { name: 'opening xterm.js and ghostty', value: (opened - t0) / 1000, unit: 's' },
      ];
      return figures;
    } finally {
      await set.close();
    }
  },
};
