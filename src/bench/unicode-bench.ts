/**
 * The Unicode width suite at its full scope (164,208 items), whole
 * `termprobe run --suite unicode --target X` processes (start-up,
 * identification, the 2027 passes, the file written, shut-down): seconds and
 * measurements per second, and termprobe's peak resident memory (VmHWM of the
 * process, read from /proc while it runs; the terminal's own processes are not
 * counted). Issue 29's targets: tmux and xterm under 10 s, VTE and kitty under
 * 30 s; memory under 300 MB. Beside each, ucs-detect's own recorded full-mode
 * run of that terminal and the ratio: ucs-detect is Python on PyPI, which this
 * machine cannot reach (pip finds no version; Debian has no package), so its
 * times are the ones it recorded itself, in data/<terminal>.yaml of
 * jquast/ucs-detect at commit 1c95e9cea9b01992e775e9424421aedc6dcb31b6
 * (2025-11-09): seconds_elapsed of runs with quick: false, limit_codepoints
 * 5000, limit_words 5000 (GNOME Terminal: 1000 and 1000), on newer terminal
 * versions and another machine.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWidthSuite } from '../corpus/width-suite/load-width-suite.js';
import { readUnicodeResults } from '../results/read-unicode-results.js';
import type { BenchFigure, BenchModule } from './bench-types.js';
import { BIN } from './measure.js';

/** ucs-detect's recorded full-mode run: seconds_elapsed and the terminal version it measured (see above). */
interface UcsDetectRun {
  seconds: number;
  version: string;
}

const TARGETS: { target: string; limit: number; note?: string; ucsDetect?: UcsDetectRun }[] = [
  { target: 'xterm.js', limit: 10 },
  { target: 'ghostty', limit: 10 },
  { target: 'tmux', limit: 10, ucsDetect: { seconds: 78.2, version: 'tmux 3.4' } },
  { target: 'xterm', limit: 10, ucsDetect: { seconds: 78.6, version: 'XTerm 390' } },
  { target: 'foot', limit: 20, ucsDetect: { seconds: 118.0, version: 'foot 1.25.0' } },
  { target: 'gnome-terminal', limit: 30, note: 'VTE', ucsDetect: { seconds: 8524.9, version: 'GNOME Terminal 3.52.0, limits 1000' } },
  { target: 'xfce4-terminal', limit: 30, note: 'VTE', ucsDetect: { seconds: 18449.5, version: 'xfce4-terminal 1.1.3' } },
  { target: 'kitty', limit: 30, ucsDetect: { seconds: 1748.5, version: 'kitty 0.43.1' } },
];

interface Timed {
  seconds: number;
  /** termprobe's own CPU time (user + system, GNU time), when /usr/bin/time is there: what the machine's load does not change. */
  cpuSeconds?: number;
  peakMb: number;
  measurements: number;
  failure?: string;
}

const TIME = '/usr/bin/time';

/** The first child of a process (GNU time's node), from /proc. */
function childOf(pid: number): number | undefined {
  try {
    const first = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0];
    return first ? Number(first) : undefined;
  } catch {
    return undefined;
  }
}

function peakKb(pid: number): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

function runOnce(target: string, out: string): Promise<Timed> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const args = [BIN, 'run', '--suite', 'unicode', '--target', target, '--out', out, '--quiet'];
    const cpuFile = join(out, 'cpu.txt');
    // GNU time runs node itself (exec), so the polled pid is node's parent: follow the child it starts.
    const timed = existsSync(TIME);
    const child = timed ? spawn(TIME, ['-f', '%U %S', '-o', cpuFile, process.execPath, ...args], { stdio: ['ignore', 'ignore', 'pipe'] }) : spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let peak = 0;
    const poll = setInterval(() => {
      const pid = timed ? childOf(child.pid!) : child.pid;
      if (pid !== undefined) peak = Math.max(peak, peakKb(pid) ?? 0);
    }, 10);
    child.on('close', (code, signal) => {
      clearInterval(poll);
      const seconds = (performance.now() - t0) / 1000;
      let measurements = 0;
      try {
        for (const f of readdirSync(join(out, 'unicode'))) {
          const data = readUnicodeResults(join(out, 'unicode', f));
          if (data.target.id === target) measurements = data.answers.off.length + [...data.answers.on].filter((c) => c !== '.').length;
        }
      } catch {
        // no file: the failure says why
      }
      const said = stderr.trim().split('\n').filter(Boolean).slice(-1)[0];
      let cpuSeconds: number | undefined;
      try {
        const [user, sys] = readFileSync(cpuFile, 'utf8').trim().split('\n').slice(-1)[0]!.split(' ').map(Number);
        if (Number.isFinite(user) && Number.isFinite(sys)) cpuSeconds = user! + sys!;
      } catch {
        // no GNU time: no CPU figure
      }
      resolve({ seconds, ...(cpuSeconds !== undefined ? { cpuSeconds } : {}), peakMb: peak / 1024, measurements, ...(code !== 0 ? { failure: `exit ${code ?? signal}: ${said ?? 'no message'}` } : {}) });
    });
  });
}

export const unicodeBench: BenchModule = {
  title: 'Unicode width suite, one whole process per target (start-up, both 2027 passes, shut-down)',
  async run() {
    const suite = loadWidthSuite();
    const figures: BenchFigure[] = [{ name: 'items in the width suite', value: suite.items.length, unit: 'items' }];
    let peak = 0;
    let ucsTotal = 0;
    let oursTotal = 0;
    for (const { target, limit, note, ucsDetect } of TARGETS) {
      const out = mkdtempSync(join(tmpdir(), 'termprobe-unicode-bench-'));
      try {
        const r = await runOnce(target, out);
        peak = Math.max(peak, r.peakMb);
        const label = `${target}${note ? ` (${note})` : ''}`;
        figures.push({ name: `${label}: whole process`, value: r.seconds, unit: 's', target: { op: '<', value: limit }, ...(r.failure ? { note: r.failure } : {}) });
        if (!r.failure) figures.push({ name: `${label}: measurements per second (${r.measurements} measured)`, value: r.measurements / r.seconds, unit: 'items/s' });
        if (ucsDetect && !r.failure) {
          figures.push({ name: `${label}: ucs-detect's recorded full-mode run (${ucsDetect.version})`, value: ucsDetect.seconds, unit: 's', note: 'data/*.yaml seconds_elapsed, jquast/ucs-detect 1c95e9c' });
          figures.push({ name: `${label}: ucs-detect's time / termprobe's`, value: ucsDetect.seconds / r.seconds, unit: 'x' });
          ucsTotal += ucsDetect.seconds;
          oursTotal += r.seconds;
        }
        if (r.cpuSeconds !== undefined) figures.push({ name: `${label}: termprobe's CPU time`, value: r.cpuSeconds, unit: 's' });
        figures.push({ name: `${label}: termprobe's peak memory`, value: r.peakMb, unit: 'MB', target: { op: '<', value: 300 } });
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    }
    if (oursTotal > 0) figures.push({ name: "the terminals ucs-detect recorded: its time / termprobe's, all together", value: ucsTotal / oursTotal, unit: 'x', target: { op: '>=', value: 100 }, note: `${ucsTotal.toFixed(0)} s against ${oursTotal.toFixed(1)} s` });
    figures.push({ name: 'peak memory over all the runs', value: peak, unit: 'MB', target: { op: '<', value: 300 } });
    figures.push({ name: 'load average (1 min) at the end, on this machine', value: loadavg()[0]!, unit: 'x', note: 'wall times grow with it; CPU times do not' });
    return figures;
  },
};
