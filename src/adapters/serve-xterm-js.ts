/**
 * The reference stdio adapter's body (docs/stdio-adapter.md): xterm.js
 * (@xterm/headless, Unicode 11 widths) served over the adapter protocol on
 * stdin/stdout. `xterm-js-adapter.ts` runs it as it is; an adapter of one's own
 * may run it with a patch — code that changes the emulator before the first
 * frame, as a fix in the emulator's own source would (a parser handler it
 * lacked, say) — which is how the CI gate's tests show a fixed bug.
 */
import type { Terminal } from '@xterm/headless';
import { createTerminal, defaultModeState, DEPENDENCY, packageVersion } from '../targets/embedded/xterm-js.js';
import { xtermCellReader } from '../targets/common/xterm-cells.js';
import { encodeFrame, FrameDecoder, type Frame } from '../targets/embedded/stdio-frames.js';

export interface AdapterPatch {
  /** Change the emulator before it sees a byte; `reply` sends bytes back to the program, in order with its own replies. */
  (term: Terminal, reply: (bytes: string) => void): void;
}

export interface ServeOptions {
  /** Serve screen regions (the hello's "regions"); default true. False answers as a protocol 1 adapter without them. */
  regions?: boolean;
}

export async function serveXtermJs(patch?: AdapterPatch, options: ServeOptions = {}): Promise<void> {
  const regions = options.regions ?? true;
  const cols = Number(process.env['TERMPROBE_COLS'] ?? 80);
  const rows = Number(process.env['TERMPROBE_ROWS'] ?? 24);
  const term = createTerminal(DEPENDENCY, cols, rows, '11');
  const encoder = new TextEncoder();
  // Frames made in one turn of the event loop go out in one write: a write per reply was a fifth of the adapter's CPU.
  let outgoing: Uint8Array[] = [];
  const flush = () => {
    if (outgoing.length === 0) return;
    const frames = outgoing;
    outgoing = [];
    process.stdout.write(frames.length === 1 ? frames[0]! : Buffer.concat(frames));
  };
  const send = (type: Parameters<typeof encodeFrame>[0], payload?: Uint8Array | string) => {
    if (outgoing.push(encodeFrame(type, payload)) === 1) setImmediate(flush);
  };

  term.onData((text) => send('D', encoder.encode(text)));
  // onBinary carries byte strings (one char per byte), e.g. X10 mouse reports.
  term.onBinary((text) => send('D', Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff)));
  patch?.(term, (bytes) => send('D', encoder.encode(bytes)));

  /** Run fn once xterm.js has parsed every byte written before: its write callbacks come in order. */
  const afterWrites = (fn: () => void) => term.write('', fn);

  /** The whole screen, or with regions the 1-based inclusive "TOP LEFT BOTTOM RIGHT" the request names. */
  const screenDump = (request: string): string => {
    const read = xtermCellReader(term.buffer.active);
    const [top, left, bottom, right] = request === '' ? [1, 1, term.rows, term.cols] : request.split(' ').map(Number);
    const cells = Array.from({ length: bottom! - top! + 1 }, (_, r) => Array.from({ length: right! - left! + 1 }, (_, c) => read(top! - 1 + r, left! - 1 + c)));
    return JSON.stringify({ cells });
  };

  const onFrame = (frame: Frame): void => {
    switch (frame.type) {
      case 'D':
        // Copy: xterm.js keeps the array until its timer parses it.
        term.write(new Uint8Array(frame.payload));
        break;
      case 'S': {
        const request = new TextDecoder().decode(frame.payload).trim();
        const [top, left, bottom, right] = request.split(' ').map(Number);
        if (request !== '' && !(regions && /^\d+ \d+ \d+ \d+$/.test(request) && top! >= 1 && left! >= 1 && top! <= bottom! && left! <= right! && bottom! <= term.rows && right! <= term.cols)) {
          send('E', `the screen request "${request}" is not a region TOP LEFT BOTTOM RIGHT of the ${term.cols}x${term.rows} screen${regions ? '' : ' (this adapter serves no regions)'}`);
          break;
        }
        afterWrites(() => send('S', screenDump(request)));
        break;
      }
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
  };

  const frames = new FrameDecoder();
  process.stdin.on('data', (chunk: Buffer) => {
    try {
      for (const frame of frames.feed(chunk)) onFrame(frame);
    } catch (error) {
      send('E', (error as Error).message);
      flush();
      process.exit(1);
    }
  });
  process.stdin.on('end', () => {
    term.dispose();
    flush();
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
    ...(regions ? { regions: true } : {}),
    settings: { unicode: '11', modes: { '?2027': await defaultModeState(DEPENDENCY, '?2027', '11') }, ...(patch ? { options: { patched: 'yes: the adapter changed the emulator before the first frame' } } : {}) },
  }));
}
