/**
 * The byte relay termprobe runs inside a console (`node console-relay.js`, started
 * by the conpty target in a pseudo-console; it is not a command for people). What
 * arrives from termprobe is written to stdout, the console; what the console types
 * into stdin (its replies to CSI 6n, DA1, …) goes back to termprobe.
 *
 * The side channel is a TCP connection to 127.0.0.1 (it works alike on Windows and
 * Unix). TERMPROBE_CONSOLE_RELAY holds "<port> <token>"; the first line sent is
 * "termprobe-relay <token> <cols> <rows>" (the console's size as this program sees
 * it), and every byte after it is a reply.
 *
 * Everything the console must be set to is set before the relay connects, and
 * termprobe sends nothing before the relay's first line:
 * - process.stdout is created, which on Windows makes libuv set
 *   ENABLE_VIRTUAL_TERMINAL_PROCESSING on the console (libuv 1.46.0 src/win/tty.c,
 *   uv__determine_vterm_state), so the console parses escape sequences; the size
 *   comes from it too;
 * - stdin goes raw, so nothing the console answers is echoed or held back for a
 *   line (libuv's raw mode: on Windows line input, echo and processed input off;
 *   on Unix a cfmakeraw-like termios, output processing aside);
 * - on Windows the console's code page becomes UTF-8 (chcp 65001): the bytes are
 *   written with WriteFile (fs.writeSync), which the console decodes with its
 *   output code page. Not through process.stdout: libuv's console writer turns
 *   every bare LF into CR LF and decodes UTF-8 on its own (uv_tty_write_bufs).
 *
 * It ends when termprobe closes the connection or the console goes away.
 */
import { execFileSync } from 'node:child_process';
import { writeSync } from 'node:fs';
import { connect } from 'node:net';

const [port, token] = (process.env['TERMPROBE_CONSOLE_RELAY'] ?? '').split(' ');
if (!port || !token || !process.stdin.isTTY || !process.stdout.isTTY) {
  process.stderr.write('console-relay: termprobe runs this itself, in a console, with TERMPROBE_CONSOLE_RELAY set\n');
  process.exit(2);
}

process.stdin.setRawMode(true);
// windowsHide false: chcp must share this console (the code page is the console's, not a process's).
if (process.platform === 'win32') execFileSync('chcp.com', ['65001'], { stdio: 'ignore', windowsHide: false });
const { columns, rows } = process.stdout;

function end(code: number): never {
  try {
    process.stdin.setRawMode(false);
  } catch {
    // the console is gone
  }
  process.exit(code);
}

/** Every byte, in order, even when the console takes a write in parts. */
function writeToConsole(bytes: Buffer): void {
  try {
    for (let done = 0; done < bytes.length; ) done += writeSync(1, bytes, done);
  } catch {
    end(1); // the console is gone
  }
}

const socket = connect({ host: '127.0.0.1', port: Number(port), noDelay: true });
// Queued before anything stdin may deliver, so it is always the first line.
socket.write(`termprobe-relay ${token} ${columns} ${rows}\n`);
socket.on('data', writeToConsole);
socket.on('close', () => end(0));
socket.on('error', () => end(1));
process.stdin.on('data', (reply: Buffer) => socket.write(reply));
process.stdin.on('end', () => end(0));
