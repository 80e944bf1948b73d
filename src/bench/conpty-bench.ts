/**
 * The conpty target's plumbing, measured here on Linux (the console host itself
 * runs only on Windows): the relay in a Unix pty with xterm.js playing the
 * console (console.test-support.ts), as the target's tests run it. Start-up to a
 * session that answered its check; an abort while the start-up check waits on a
 * console that never answers, to open() rejected with everything ended (the
 * interrupt target, 200 ms); and the corpus through relay and side channel
 * beside the same probes run on the embedded xterm.js directly.
 */
import { loadCorpus } from '../corpus/load-corpus.js';
import { probeWire } from '../corpus/probe-wires.js';
import { runProbes } from '../engine/run-probes.js';
import { PlayedConsole } from '../targets/console-host/console.test-support.js';
import { openConsoleHost } from '../targets/console-host/conpty.js';
import { xtermJsTarget } from '../targets/embedded/xterm-js.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { median } from './measure.js';

const size = { cols: 80, rows: 24 };
const INTERRUPT_TARGET_MS = 200;

async function openMs(): Promise<number> {
  const played = new PlayedConsole({ answers: 'xterm' });
  const t0 = performance.now();
  const session = await openConsoleHost({ ...size, options: {} }, { spawn: played.spawn });
  const ms = performance.now() - t0;
  await session.close();
  played.dispose();
  return ms;
}

async function abortMs(): Promise<number> {
  const played = new PlayedConsole({ answers: 'none' });
  const controller = new AbortController();
  const opening = openConsoleHost({ ...size, options: {}, signal: controller.signal }, { spawn: played.spawn, startTimeoutMs: 3_600_000 }).catch(() => undefined);
  await played.waitForOutput((out) => out.toString('latin1').includes('\x1b[6n'));
  const t0 = performance.now();
  controller.abort(new Error('cancelled'));
  await opening;
  const ms = performance.now() - t0;
  played.dispose();
  return ms;
}

export const conptyBench: BenchModule = {
  title: 'conpty plumbing on a Unix pty (xterm.js playing the console host)',
  async run() {
    const figures: BenchFigure[] = [];
    const opens: number[] = [];
    for (let i = 0; i < 5; i++) opens.push(await openMs());
    figures.push({ name: 'open: relay started, connected, far-corner CPR answered (median of 5)', value: median(opens), unit: 'ms' });
    const aborts: number[] = [];
    for (let i = 0; i < 5; i++) aborts.push(await abortMs());
    figures.push({ name: 'abort during the start-up check → open() rejected, all ended (worst of 5)', value: Math.max(...aborts), unit: 'ms', target: { op: '<', value: INTERRUPT_TARGET_MS } });
    const corpus = await loadCorpus();
    const probes = corpus.probes.filter((p) => !p.size && !probeWire(p, 'send', size).includes('\n') && !(p.cleanup && probeWire(p, 'cleanup', size).includes('\n')));
    const played = new PlayedConsole({ answers: 'xterm' });
    const session = await openConsoleHost({ ...size, options: {} }, { spawn: played.spawn });
    const t0 = performance.now();
    await runProbes(session, probes, { size });
    const viaRelay = performance.now() - t0;
    await session.close();
    played.dispose();
    const embedded = await xtermJsTarget.open({ ...size, options: {} });
    const t1 = performance.now();
    await runProbes(embedded, probes, { size });
    const direct = performance.now() - t1;
    await embedded.close();
    figures.push({ name: `${probes.length} probes through relay and side channel`, value: viaRelay, unit: 'ms', note: `the same probes on the embedded xterm.js: ${direct.toFixed(0)} ms` });
    return figures;
  },
};
