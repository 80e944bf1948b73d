/** `termprobe record [--size] [--out FILE] [--key KEYS]… -- CMD…`: a program's output as an asciinema v2 cast. */
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { decodeNotation, checkNotation } from '../corpus/escape-notation.js';
import { recordSession } from '../record/record-session.js';
import { UsageError } from './errors.js';
import { withInterrupts } from './interrupts.js';
import { DEFAULT_SIZE, type Size } from './options/size-option.js';

export interface RecordCommandOptions {
  out?: string;
  size?: Size;
  term?: string;
  key?: string[];
  quietMs?: string;
  cut?: boolean;
}

export async function recordCommand(argv: string[], opts: RecordCommandOptions): Promise<void> {
  if (argv.length === 0) throw new UsageError('record: give the program to run after --, e.g. termprobe record --out ls.cast -- ls --color=always');
  const out = opts.out ?? 'session.cast';
  if (!out.endsWith('.cast')) throw new UsageError(`--out "${out}": a cast file's name ends in .cast`);
  const dir = dirname(out);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--out "${out}": the folder ${dir} does not exist`);
  const keys = (opts.key ?? []).map((k, i) => {
    const err = checkNotation(k);
    if (err) throw new UsageError(`--key #${i + 1} "${k}": invalid escape at character ${err.index + 1}: ${err.message}`);
    return Buffer.from(decodeNotation(k)).toString('utf8');
  });
  const quietMs = opts.quietMs === undefined ? 400 : Number(opts.quietMs);
  if (!Number.isInteger(quietMs) || quietMs < 10 || quietMs > 60_000) throw new UsageError(`--quiet-ms "${opts.quietMs}" is not a whole number of milliseconds from 10 to 60000`);
  const size = opts.size ?? DEFAULT_SIZE;
  const summary = await withInterrupts((signal) =>
    recordSession({ argv, out, cols: size.cols, rows: size.rows, term: opts.term ?? 'xterm-256color', keys, quietMs, endAfterMs: Math.max(1000, quietMs * 3), cutAfterKeys: opts.cut === true, signal }),
  );
  process.stderr.write(`recorded ${argv[0]} at ${size.cols}x${size.rows}: ${summary.events} output events, ${summary.bytes} bytes in ${summary.seconds.toFixed(2)} s (${summary.exit}) → ${out}\n`);
}
