/**
 * The engine alone, over a terminal that answers instantly, in a fresh
 * process: the corpus as `npx termprobe` probes it (alternate prelude, unsafe
 * probes skipped), timed on its first run (cold, as a user gets it) and at its
 * fastest of the next three (V8 has warmed the code up). Run as a child of the
 * self bench:
 *
 *   node dist/bench/engine-floor.js   → prints {"coldMs":…,"warmMs":…,"probes":…}
 */
import { loadCorpus } from '../corpus/load-corpus.js';
import { runProbes } from '../engine/run-probes.js';
import { SENTINEL } from '../corpus/queries.js';
import type { TargetSession } from '../targets/target.js';
import { unsafeForSelf } from '../targets/own-terminal/self-safety.js';

const SENTINEL_BYTES = Buffer.from(SENTINEL, 'latin1');

/** Answers every DA1 sent with a CPR and a DA1 reply, on the next turn of the event loop. */
function instantTerminal(): TargetSession {
  let listener: (data: Uint8Array) => void = () => {};
  return {
    write(data) {
      const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      let n = 0;
      for (let at = bytes.indexOf(SENTINEL_BYTES); at >= 0; at = bytes.indexOf(SENTINEL_BYTES, at + SENTINEL_BYTES.length)) n++;
      const reply = Buffer.from('\x1b[3;7R\x1b[?62;22c'.repeat(n), 'latin1');
      setImmediate(() => listener(reply));
    },
    onData: (l) => void (listener = l),
    describe: async () => ({}),
    close: async () => {},
  };
}

const corpus = await loadCorpus();
const unsafe = new Map(corpus.probes.map((p) => [p, unsafeForSelf(p)]));
const session = instantTerminal();
// As in the real run, the identification queries go first (through the same engine).
await runProbes(session, corpus.probes.slice(0, 2), { size: { cols: 80, rows: 24 }, prelude: 'none' });
const times: number[] = [];
for (let i = 0; i < 4; i++) {
  const t0 = performance.now();
  await runProbes(session, corpus.probes, { size: { cols: 80, rows: 24 }, prelude: 'alternate', skip: (p) => unsafe.get(p) });
  times.push(performance.now() - t0);
}
process.stdout.write(JSON.stringify({ coldMs: times[0], warmMs: Math.min(...times.slice(1)), probes: corpus.probes.filter((p) => !unsafe.get(p)).length }) + '\n');
