/**
 * The recorded program's parent in the recording's terminal (record-session.ts). It runs the program with the
 * terminal as its stdio, and once the program has ended writes, in the same output stream, a line end mark: OSC 777
 * with the recording's nonce and how the program ended (`exit;N`, `signal;N`, or `error;message` when it could not
 * start). Every byte the program wrote comes before the mark, so a recording that reads up to the mark has them
 * all: node-pty reports a program's exit on its own channel, and when it has not read the terminal's last output
 * within 200 ms of that report it drops it (node-pty 1.1.0, unixTerminal.js, DESTROY_SOCKET_TIMEOUT_MS; a loaded CI
 * machine lost a program's last line that way).
 *
 * The program is in the wrapper's process group, the terminal's foreground one: the terminal's Ctrl-C, Ctrl-\ and
 * Ctrl-Z reach it as they would if it ran alone; the wrapper ignores them. SIGHUP is passed on to the program (the
 * recording ending it politely), SIGTERM kills it (the recording ending it at once) and then the wrapper. Once the
 * mark is written the wrapper waits to be ended (SIGHUP or SIGTERM, or SIGKILL), so its exit cannot race the mark.
 *
 *   node dist/record/record-wrapper.js <nonce> <program> [args...]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeSync } from 'node:fs';
import { constants } from 'node:os';
import { endMark, type EndHow } from './end-mark.js';

/**
 * Write all of `bytes` to stdout, the terminal. The program may have left it non-blocking (the open file is shared):
 * a full terminal is waited for. False when the terminal is gone.
 */
function writeAll(bytes: Buffer): boolean {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let at = 0; at < bytes.length; ) {
    try {
      at += writeSync(1, bytes, at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return false;
      Atomics.wait(pause, 0, 0, 5);
    }
  }
  return true;
}

function main(): void {
  const [nonce, file, ...args] = process.argv.slice(2);
  if (!nonce || !file) {
    process.stderr.write('record-wrapper: usage: record-wrapper <nonce> <program> [args...]\n');
    process.exit(2);
  }
  let child: ChildProcess | undefined;
  let running = true;
  let ending = false;
  const end = (how: EndHow) => {
    if (!running) return;
    running = false;
    if (ending) process.exit(0);
    if (!writeAll(Buffer.from(endMark(nonce, how)))) process.exit(0); // the terminal is gone: no one reads the mark
    // Stay until the recording ends the wrapper (a handle keeps node's loop alive).
    setInterval(() => {}, 1 << 30);
  };
  for (const sig of ['SIGINT', 'SIGQUIT', 'SIGTSTP'] as const) process.on(sig, () => {});
  process.on('SIGHUP', () => {
    if (running) child?.kill('SIGHUP');
    else process.exit(0);
  });
  process.on('SIGTERM', () => {
    ending = true;
    if (running) child?.kill('SIGKILL');
    else process.exit(0);
  });
  child = spawn(file, args, { stdio: 'inherit' });
  child.on('error', (error) => end({ error: error.message }));
  child.on('exit', (code, signal) => end(signal ? { signal: constants.signals[signal] ?? 0 } : { exit: code ?? 0 }));
}

main();
