/**
 * `npm run bench [name…]`: run bench modules and print their figures, each with
 * its target and whether it is met. Figures are measured, never asserted in tests.
 * Modules register here by name and load lazily.
 */
import type { BenchFigure, BenchModule } from './bench-types.js';

const BENCHES: Record<string, () => Promise<BenchModule>> = {
  embedded: async () => (await import('./embedded-bench.js')).embeddedBench,
  self: async () => (await import('./self-bench.js')).selfBench,
  gui: async () => (await import('./gui-bench.js')).guiBench,
  parser: async () => (await import('./parser-bench.js')).parserBench,
  compare: async () => (await import('./compare-bench.js')).compareBench,
  multiplexers: async () => (await import('./multiplexer-bench.js')).multiplexerBench,
  all: async () => (await import('./all-targets-bench.js')).allTargetsBench,
  site: async () => (await import('./site-bench.js')).siteBench,
  interrupt: async () => (await import('./interrupt-bench.js')).interruptBench,
  unicode: async () => (await import('./unicode-bench.js')).unicodeBench,
  bisect: async () => (await import('./bisect-bench.js')).bisectBench,
  fuzz: async () => (await import('./fuzz-bench.js')).fuzzBench,
  conpty: async () => (await import('./conpty-bench.js')).conptyBench,
  pictures: async () => (await import('./pictures-bench.js')).picturesBench,
  speed: async () => (await import('./speed-bench.js')).speedBench,
  gate: async () => (await import('./gate-bench.js')).gateBench,
  input: async () => (await import('./input-bench.js')).inputBench,
  pixels: async () => (await import('./pixels-bench.js')).pixelsBench,
};

function format(f: BenchFigure): string {
  const value = f.unit === 'x' ? `${f.value.toFixed(1)}×` : f.unit === 'found' ? String(f.value) : f.unit === '%' ? `${f.value.toFixed(1)} %` : `${f.value < 10 ? f.value.toFixed(2) : f.value.toFixed(0)} ${f.unit}`;
  let verdict = '';
  if (f.target) {
    const met = f.target.op === '<' ? f.value < f.target.value : f.value >= f.target.value;
    verdict = `  (target ${f.target.op} ${f.target.value}${f.unit === 'x' ? '×' : f.unit === 'found' ? '' : f.unit === '%' ? ' %' : ` ${f.unit}`}: ${met ? 'met' : 'NOT MET'})`;
  }
  return `  ${f.name.padEnd(58)} ${value.padStart(10)}${verdict}${f.note ? `  — ${f.note}` : ''}`;
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  for (const name of wanted) if (!BENCHES[name]) throw new Error(`unknown bench "${name}"; benches: ${Object.keys(BENCHES).join(', ')}`);
  const names = wanted.length > 0 ? wanted : Object.keys(BENCHES);
  let failed = false;
  for (const name of names) {
    const mod = await BENCHES[name]!();
    console.log(`${mod.title} [${name}]`);
    try {
      for (const f of await mod.run()) console.log(format(f));
    } catch (e) {
      failed = true;
      console.log(`  failed: ${(e as Error).message}`);
    }
  }
  if (failed) process.exitCode = 1;
}

await main();
