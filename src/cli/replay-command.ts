/**
 * `termprobe replay CAST… --target …`: each session's output into every target
 * at the recorded size, the final screens compared pairwise. Prints one block
 * per session; --out writes the JSON reports (one file per session into a
 * folder, or one file for one session). Exit 1 when any pair differs.
 */
import { join } from 'node:path';
import type { CastHeader } from '../cast/cast-format.js';
import { openCast } from '../cast/read-cast.js';
import { replayCast, type ReplayedTarget } from '../replay/replay-cast.js';
import { buildReplayReport, type ReplayReport } from '../replay/replay-report.js';
import { rectText } from '../replay/screen-diff.js';
import { EMBEDDED_TARGETS } from '../targets/registry.js';
import { plural } from '../util/plural.js';
import { EXIT, UsageError } from './errors.js';
import { expandTargets } from './expand-targets.js';
import { withInterrupts } from './interrupts.js';
import { writeFileAtomic } from '../util/write-file-atomic.js';
import { makeFolders } from '../util/make-folders.js';

export interface ReplayOptions {
  target?: string[];
  out?: string;
  quiet?: boolean;
}

function cursorText(c: { row: number; col: number } | null | undefined): string {
  return c ? `${c.row};${c.col}` : 'none';
}

export function replayText(report: ReplayReport): string {
  const lines = [`${report.session.file}: ${report.session.cols}x${report.session.rows}, ${plural(report.session.bytes, 'byte')}${report.session.command ? ` (${report.session.command})` : ''}`];
  for (const t of report.targets) {
    const what = t.status === 'ok' ? `cursor ${cursorText(t.state?.cursor)}${t.state?.screen ? `, screen read (${t.state.screen.via})` : ', screen not readable'}` : t.status;
    lines.push(`  ${t.target.padEnd(16)} ${what}${t.note ? ` — ${t.note}` : ''}${t.state?.note ? ` — ${t.state.note}` : ''}`);
  }
  for (const p of report.pairs) {
    if (p.same) {
      lines.push(`  ${p.a} = ${p.b}: same ${p.compared === 'cursor' ? 'cursor (no screen to compare)' : `${p.compared} and cursor`}`);
      continue;
    }
    const parts: string[] = [];
    if (p.cursor) parts.push(`cursor ${cursorText(p.cursor.a)} vs ${cursorText(p.cursor.b)}`);
    if (p.cells > 0) parts.push(`${plural(p.cells, 'cell')} in ${p.rects.slice(0, 4).map(rectText).join('; ')}${p.rects.length > 4 ? `; and ${p.rects.length - 4} more` : ''}`);
    lines.push(`  ${p.a} ≠ ${p.b}: ${parts.join('; ')}`);
  }
  return lines.join('\n') + '\n';
}

export async function replayCommand(casts: string[], opts: ReplayOptions): Promise<void> {
  if (casts.length === 0) throw new UsageError('replay: name at least one .cast file');
  const { targets } = await expandTargets(opts.target && opts.target.length > 0 ? opts.target : [...EMBEDDED_TARGETS]);
  const headers: CastHeader[] = [];
  for (const file of casts) headers.push((await openCast(file)).header); // every header checked before any target starts
  const outDir = opts.out && !opts.out.endsWith('.json') ? opts.out : undefined;
  if (opts.out?.endsWith('.json') && casts.length > 1) throw new UsageError(`--out ${opts.out}: one .json file holds one session; give a folder for ${casts.length}`);
  let differ = false;
  await withInterrupts(async (signal) => {
    for (const [i, file] of casts.entries()) {
      const replayed: ReplayedTarget[] = [];
      for (const target of targets) {
        if (!opts.quiet) process.stderr.write(`${file}: ${target}…\n`);
        try {
          replayed.push(await replayCast(target, file, { signal }));
        } catch (e) {
          if (signal.aborted || (e as Error).name === 'CastError') throw e;
          replayed.push({ target, status: 'failed', note: (e as Error).message.split('\n')[0] });
        }
      }
      const report = buildReplayReport(file, headers[i]!, replayed);
      if (report.pairs.some((p) => !p.same)) differ = true;
      process.stdout.write(replayText(report));
      if (outDir) {
        makeFolders(outDir);
        writeFileAtomic(join(outDir, `${report.session.name}.json`), JSON.stringify(report, null, 1) + '\n');
      } else if (opts.out) writeFileAtomic(opts.out, JSON.stringify(report, null, 1) + '\n');
    }
  });
  if (differ) process.exitCode = EXIT.differences;
}
