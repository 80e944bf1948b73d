/**
 * The reference stdio adapter (docs/stdio-adapter.md): xterm.js (@xterm/headless,
 * Unicode 11 widths) behind the adapter protocol, so that
 *
 *   termprobe run --target 'stdio:node dist/adapters/xterm-js-adapter.js'
 *
 * answers as the built-in xterm.js target does. A terminal author writes the
 * same ~100 lines around their own emulator core: read frames from stdin, feed
 * D payloads to the emulator, write its replies as D frames, answer S with a
 * screen dump and C with the cursor once everything before them is processed.
 */
import { createTerminal, defaultModeState, DEPENDENCY, packageVersion } from '../targets/embedded/xterm-js.js';
import { xtermCellReader } from '../targets/common/xterm-cells.js';
import { encodeFrame, FrameDecoder, type Frame } from '../targets/embedded/stdio-frames.js';

const cols = Number(process.env['TERMPROBE_COLS'] ?? 80);
const rows = Number(process.env['TERMPROBE_ROWS'] ?? 24);
const term = createTerminal(DEPENDENCY, cols, rows, '11');
const encoder = new TextEncoder();

const send = (type: Parameters<typeof encodeFrame>[0], payload?: Uint8Array | string) => process.stdout.write(encodeFrame(type, payload));

term.onData((text) => send('D', encoder.encode(text)));
// onBinary carries byte strings (one char per byte), e.g. X10 mouse reports.
term.onBinary((text) => send('D', Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff)));

/** Run fn once xterm.js has parsed every byte written before: its write callbacks come in order. */
const afterWrites = (fn: () => void) => term.write('', fn);

function screenDump(): string {
  const read = xtermCellReader(term.buffer.active);
  const cells = Array.from({ length: term.rows }, (_, row) => Array.from({ length: term.cols }, (_, col) => read(row, col)));
  return JSON.stringify({ cells });
}

function onFrame(frame: Frame): void {
  switch (frame.type) {
    case 'D':
      // Copy: xterm.js keeps the array until its timer parses it.
      term.write(new Uint8Array(frame.payload));
      break;
    case 'S':
      afterWrites(() => send('S', screenDump()));
      break;
    case 'C':
      afterWrites(() => send('C', `${term.buffer.active.cursorY + 1} ${term.buffer.active.cursorX + 1}`));
      break;
    case 'Z': {
      const [c, r] = new TextDecoder().decode(frame.payload).split(' ').map(Number);
      afterWrites(() => {
        term.resize(c!, r!);
        send('Z');
      });
      break;
    }
    default:
      send('E', `unknown frame type ${frame.type}`);
  }
}

const frames = new FrameDecoder();
process.stdin.on('data', (chunk: Buffer) => {
  try {
    for (const frame of frames.feed(chunk)) onFrame(frame);
  } catch (error) {
    send('E', (error as Error).message);
    process.exit(1);
  }
});
process.stdin.on('end', () => {
  term.dispose();
  process.exit(0);
});

const version = packageVersion(DEPENDENCY);
send('H', JSON.stringify({
  protocol: 1,
  name: 'xterm.js',
  version,
  engine: { name: 'xterm.js', version },
  screen: 'cells',
  cursor: true,
  resize: true,
  settings: { unicode: '11', modes: { '?2027': await defaultModeState(DEPENDENCY, '?2027', '11') } },
}));
