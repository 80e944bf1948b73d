/**
 * Record a program's output as an asciinema v2 cast: the program runs in a
 * node-pty terminal of the given size with a known environment (TERM, LANG,
 * the rest of the caller's), its output is written as "o" events with their
 * times, and keys given in advance are typed once the output has gone quiet
 * (each recorded as an "i" event). The file appears only when the program has
 * ended (or was ended after the last key); an interrupted recording leaves none.
 *
 * The program runs under a small wrapper (record-wrapper.ts) that marks its end in
 * the output stream itself, so the recording holds every byte the program wrote:
 * node-pty's own exit report can come before the terminal's last output is read,
 * and node-pty drops what is unread 200 ms after it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { CastWriter } from '../cast/cast-writer.js';
import { EndMarkScanner, type EndHow } from './end-mark.js';

/** The wrapper as built (the tests run the sources, after the build). */
const WRAPPER = fileURLToPath(new URL('../../dist/record/record-wrapper.js', import.meta.url));

export interface RecordOptions {
  argv: string[];
  out: string;
  cols: number;
  rows: number;
  term: string;
  /** Keys to type, one after another, each once the output has been quiet for quietMs. */
  keys: string[];
  quietMs: number;
  /** Ended (SIGHUP, then SIGKILL) this long after the last key, if still running. */
  endAfterMs: number;
  /**
   * Once the output after the last key is quiet, stop recording and end the
   * program: what it writes on the way out (leaving the alternate screen) is not
   * recorded, so the cast ends on the program's own screen.
   */
  cutAfterKeys?: boolean;
  cwd?: string;
  env?: Record<string, string>;
  signal?: AbortSignal;
}

export interface RecordSummary {
  events: number;
  bytes: number;
  seconds: number;
  exit: string;
}

type Pty = import('node-pty').IPty;

/** node-pty is an optional dependency (built at install time with node-gyp): without it, one line saying what is missing and why. */
function loadPty(): typeof import('node-pty') {
  try {
    return createRequire(import.meta.url)('node-pty') as typeof import('node-pty');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'MODULE_NOT_FOUND' && /'node-pty'/.test((error as Error).message) ? 'it is not installed' : `it is installed but could not be loaded (${((error as Error).message.split('\n')[0] ?? '').slice(0, 160)})`;
    throw new Error(`record needs node-pty, an optional dependency of termprobe, and ${why}: npm install node-pty (its install builds it with node-gyp: python3, make and a C++ compiler; npm 11 asks for its install script to be allowed)`);
  }
}

export async function recordSession(opts: RecordOptions): Promise<RecordSummary> {
  const pty = loadPty();
  const env: Record<string, string> = { ...(process.env as Record<string, string>), TERM: opts.term, COLUMNS: String(opts.cols), LINES: String(opts.rows), ...opts.env };
  if (!env['LANG'] || env['LANG'] === 'C') env['LANG'] = 'C.UTF-8';
  const kept = Object.fromEntries(['TERM', 'SHELL', 'LANG', 'LC_ALL'].filter((k) => env[k]).map((k) => [k, env[k]!]));
  const writer = new CastWriter(opts.out, {
    version: 2,
    width: opts.cols,
    height: opts.rows,
    timestamp: Math.floor(Date.now() / 1000),
    command: opts.argv.join(' '),
    env: kept,
  });
  const t0 = performance.now();
  const now = () => (performance.now() - t0) / 1000;
  if (!existsSync(WRAPPER)) {
    writer.abort();
    throw new Error(`record: ${WRAPPER} is missing (npm run build makes it)`);
  }
  const nonce = `termprobe-record-end-${randomBytes(8).toString('hex')}`;
  let child: Pty;
  try {
    child = pty.spawn(process.execPath, [WRAPPER, nonce, ...opts.argv], { name: opts.term, cols: opts.cols, rows: opts.rows, cwd: opts.cwd ?? process.cwd(), env });
  } catch (e) {
    writer.abort();
    throw new Error(`cannot start ${opts.argv[0]}: ${(e as Error).message}`);
  }
  let events = 0;
  let bytes = 0;
  let lastOutput = performance.now();
  let recording = true;
  const record = (text: string) => {
    if (!recording || text === '') return;
    events++;
    bytes += Buffer.byteLength(text);
    writer.event(now(), 'o', text);
  };
  // How the program ended, from the wrapper's mark: the output before it is all the program's.
  let markSeen!: (how: EndHow | undefined) => void;
  const programEnded = new Promise<EndHow | undefined>((resolve) => (markSeen = resolve));
  const scanner = new EndMarkScanner(nonce);
  child.onData((data) => {
    if (scanner.found) return;
    lastOutput = performance.now();
    record(scanner.feed(data));
    if (scanner.found) markSeen(scanner.end);
  });
  const wrapperExited = new Promise<string>((resolve) => child.onExit(({ exitCode, signal }) => resolve(signal ? `signal ${signal}` : `exit ${exitCode}`)));
  // Ended: the mark came (the program ended and all it wrote is in), or the wrapper went without one (killed).
  const exited: Promise<string> = Promise.race([
    programEnded.then((how) => {
      if (how && 'error' in how) throw new Error(`cannot start ${opts.argv[0]}: ${how.error}`);
      return how === undefined ? 'ended (its end mark did not read)' : 'exit' in how ? `exit ${how.exit}` : `signal ${how.signal}`;
    }),
    wrapperExited,
  ]);
  exited.catch(() => undefined);
  let done = false;
  void exited.then(
    () => (done = true),
    () => (done = true),
  );
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const pause = (ms: number) =>
    new Promise((r) => {
      const t = setTimeout(() => {
        timers.delete(t);
        r(undefined);
      }, ms);
      timers.add(t);
    });
  try {
    const waitQuiet = async () => {
      while (!done && performance.now() - lastOutput < opts.quietMs) {
        if (opts.signal?.aborted) throw opts.signal.reason;
        await pause(Math.max(5, opts.quietMs - (performance.now() - lastOutput)));
      }
    };
    for (const key of opts.keys) {
      await waitQuiet();
      if (done) break;
      writer.event(now(), 'i', key);
      child.write(key);
      lastOutput = performance.now();
    }
    if (opts.cutAfterKeys && !done) {
      await waitQuiet();
      recording = false;
    }
    const ended = opts.cutAfterKeys && !done ? undefined : await Promise.race(opts.keys.length > 0 ? [exited, pause(opts.endAfterMs).then(() => undefined), abortOf(opts.signal)] : [exited, abortOf(opts.signal)]);
    if (opts.signal?.aborted) throw opts.signal.reason;
    let exit = ended;
    if (exit === undefined) {
      if (recording) await waitQuiet();
      recording = false;
      // The wrapper passes SIGHUP on to the program; SIGTERM kills the program outright.
      child.kill('SIGHUP');
      exit = await Promise.race([exited, pause(2000).then(() => undefined)]);
      if (exit === undefined) {
        child.kill('SIGTERM');
        await wrapperExited;
        exit = 'signal 9';
      }
      exit = `ended by termprobe after the last key (${exit}${opts.cutAfterKeys ? ', its last output not recorded' : ''})`;
    }
    recording = false;
    // The program has ended and its output is all in: the wrapper, waiting after its mark, is ended.
    child.kill('SIGTERM');
    await wrapperExited;
    writer.commit();
    return { events, bytes, seconds: now(), exit };
  } catch (e) {
    recording = false;
    // The program killed, then the wrapper.
    child.kill('SIGTERM');
    writer.abort();
    throw e;
  } finally {
    for (const t of timers) clearTimeout(t);
  }
}

function abortOf(signal: AbortSignal | undefined): Promise<undefined> {
  return new Promise((resolve) => {
    if (!signal) return;
    if (signal.aborted) resolve(undefined);
    signal.addEventListener('abort', () => resolve(undefined), { once: true });
  });
}
