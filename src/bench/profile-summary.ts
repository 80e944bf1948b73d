/**
 * Where a command's time went: the top self-time items of a V8 CPU profile,
 * by function and by file, as the performance commits quote them.
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof bin/termprobe.js compare results/*.json >/dev/null
 *   node dist/bench/profile-summary.js /tmp/prof [top]
 *
 * The profiler samples wall time: on a loaded machine the shares are what
 * counts, not the milliseconds (the CPU time is /usr/bin/time's).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  ms: number;
}

/** The repository's own paths and node_modules/ shortened, so lines read as dist/x.js:12 or nm/pkg/file.js:1. */
function shortUrl(url: string): string {
  return url.replace(/^file:\/\/.*?\/(dist|node_modules)\//, (_m, dir: string) => (dir === 'node_modules' ? 'nm/' : 'dist/'));
}

/** Self time by function (name, file and line) and by file, largest first. */
export function selfTimes(profile: CpuProfile): { totalMs: number; byFunction: SelfTime[]; byFile: SelfTime[] } {
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id);
    if (!us) continue;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = shortUrl(url);
    const fn = `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const where = file || functionName;
    byFile.set(where, (byFile.get(where) ?? 0) + us);
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).map(([name, us]) => ({ name, ms: us / 1000 }));
  return { totalMs: total / 1000, byFunction: sorted(byFunction), byFile: sorted(byFile) };
}

/** The newest .cpuprofile in a folder, or the file itself. */
function profileAt(path: string): CpuProfile {
  const file = statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((n) => n.endsWith('.cpuprofile'))
        .map((n) => join(path, n))
        .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
    : path;
  if (!file) throw new Error(`no .cpuprofile in ${path}`);
  return JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [path, top = '15'] = process.argv.slice(2);
  if (!path) {
    console.error('usage: node dist/bench/profile-summary.js <profile folder or .cpuprofile> [top]');
    process.exitCode = 2;
  } else {
    const { totalMs, byFunction, byFile } = selfTimes(profileAt(path));
    const show = (list: SelfTime[]) => list.slice(0, Number(top)).map((s) => `  ${s.ms.toFixed(1).padStart(8)} ms ${((s.ms / totalMs) * 100).toFixed(1).padStart(5)} %  ${s.name}`);
    console.log(`${totalMs.toFixed(0)} ms sampled\nself time by function:\n${show(byFunction).join('\n')}\nself time by file:\n${show(byFile).join('\n')}`);
  }
}
