/**
 * Ghostty, embedded: its VT engine compiled to WebAssembly (ghostty-web's
 * low-level API), running in this process. Writes are synchronous.
 *
 * The wasm engine answers CPR and DSR only. The engine ends every probe with a
 * DA1 sentinel, so this pipe answers DA1 itself, with what the Ghostty app
 * sends, at the same point in the stream: the bytes written are split after
 * each DA1 query, the part before goes to the engine and its replies are
 * drained, then the DA1 reply follows. DA2 and other queries stay unanswered
 * (the wasm build does not answer them, and a missing reply is the truth).
 */
import type { GhosttyTerminal } from 'ghostty-web';
import type { Region } from '../../corpus/probe-schema.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import type { OpenOptions, TargetFactory, TargetSession } from '../target.js';
import { CsiQueryScanner, isGhosttyDa1 } from '../common/csi-query-scanner.js';
import { ghosttyCellReader, TAGGED_COLOURS } from './ghostty-cells.js';
import { GHOSTTY_PACKAGE, ghosttyPackageVersion, loadGhostty } from './ghostty-wasm.js';
import { readRegion } from '../common/region-read.js';
import { ReplyChannel } from '../common/reply-channel.js';
import { validateTargetOptions } from '../target-options.js';
import { closeOnAbort, openedUnless } from '../common/close-on-abort.js';
import { notAsked, type BrowserPage } from './browser-page.js';
import type { GhosttyBrowserInput } from './ghostty-input.js';

const NAME = 'ghostty';

/**
 * Ghostty's DA1 reply: "\e[?62;22;52c" (VT220 level, ANSI colour, clipboard),
 * as sent by src/termio/stream_handler.zig (deviceAttributes, .primary) when
 * clipboard-write is not "deny" — its default is "allow" (src/config/Config.zig).
 */
export const GHOSTTY_DA1_REPLY = '\x1b[?62;22;52c';
const DA1_BYTES = new TextEncoder().encode(GHOSTTY_DA1_REPLY);

const encoder = new TextEncoder();

class GhosttySession implements TargetSession {
  /**
   * The input probes: ghostty-web turns DOM keyboard, clipboard and wheel events into bytes in its browser Terminal
   * (its InputHandler, with its own cases before its WebAssembly key encoder), which this process does not run; they
   * run in its browser build in headless Chromium (ghostty-input.ts), which takes the session's writes from then on.
   * Only when the run asks for them (browserInput); earlier releases under an alias are not run in a browser.
   */
  input: GhosttyBrowserInput | undefined;
  noInputBecause: string | undefined = notAsked('ghostty-web');
  /** The browser build's terminal, once the input probes started it. */
  private browser: BrowserPage | undefined;
  /** The installed package (ghostty-web, or an earlier release under its alias). */
  pkg = GHOSTTY_PACKAGE;
  /** The wasm engine does not answer DA1: this pipe does (see above), so a probe's DA1 reply is not Ghostty's own. */
  readonly hostAnswers = ['da1'] as const;
  private readonly replies = new ReplyChannel();
  private readonly scanner = new CsiQueryScanner(isGhosttyDa1);
  private closed = false;
  private unwatch = () => {};

  constructor(private readonly term: GhosttyTerminal) {}

  /** The input probes in the browser build (the dependency's release only). */
  useBrowserInput(BrowserInput: typeof GhosttyBrowserInput): void {
    this.noInputBecause = undefined;
    this.input = new BrowserInput(this.term.cols, this.term.rows, GHOSTTY_DA1_REPLY, { sent: (bytes) => this.replies.push(bytes), attach: (browser) => (this.browser = browser) });
  }

  write(data: Uint8Array): void {
    if (this.closed) return;
    if (this.browser) {
      this.browser.write(data, this.scanner.scan(data));
      return;
    }
    let start = 0;
    for (const end of this.scanner.scan(data)) {
      this.feed(data.subarray(start, end));
      this.replies.push(DA1_BYTES);
      start = end;
    }
    this.feed(data.subarray(start));
  }

  /** Hand bytes to the engine and collect what it answered, in order. */
  private feed(bytes: Uint8Array): void {
    if (bytes.length > 0) this.term.write(bytes);
    // Replies are CPR/DSR only (ASCII), so ghostty-web's text decoding of each
    // 256-byte read cannot split a character.
    while (this.term.hasResponse()) {
      const reply = this.term.readResponse();
      if (reply === null) break;
      this.replies.push(encoder.encode(reply));
    }
  }

  onData(listener: (data: Uint8Array) => void): void {
    this.replies.setListener(listener);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error(`${NAME} session is closed`);
  }

  async readScreen(region: Region): Promise<ScreenAnswer> {
    this.assertOpen();
    // ghostty-web's cells carry no underline style or colour and no overline flag (CellFlags, 0.4.0).
    return { ...readRegion(region, this.term.cols, this.term.rows, ghosttyCellReader(this.term)), untold: ['underlineStyle', 'underlineColor', 'overline'] };
  }

  /** The engine's own cursor, 1-based (absolute even in origin mode, unlike its CPR). */
  async readCursor(): Promise<{ row: number; col: number }> {
    this.assertOpen();
    const { x, y } = this.term.getCursor();
    return { row: y + 1, col: x + 1 };
  }

  async resize(cols: number, rows: number): Promise<void> {
    this.assertOpen();
    this.term.resize(cols, rows);
  }

  async describe() {
    this.assertOpen();
    const version = ghosttyPackageVersion(this.pkg);
    return {
      name: NAME,
      version,
      identifiedBy: 'package' as const,
      chain: { package: `${GHOSTTY_PACKAGE}@${version}` },
      engine: { name: NAME, version, source: "Ghostty's VT core (src/terminal) compiled to WebAssembly by ghostty-web" },
      settings: {
        cols: this.term.cols,
        rows: this.term.rows,
        modes: { '?2027': this.term.getMode(2027, false) ? 'set' : 'reset' },
        options: {
          'da1-answered-by': 'termprobe pipe: the wasm engine does not answer DA1',
          'da1-reply': 'CSI ?62;22;52c, as Ghostty answers with clipboard-write=allow (its default)',
          colours: 'read back as RGB through a tagged palette (#5aa510-#5aa521)',
        },
      },
    };
  }

  /** Close when the run is aborted; close() removes the hook again. */
  watch(signal: AbortSignal | undefined): this {
    this.unwatch = closeOnAbort(signal, () => this.close());
    return this;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unwatch();
    this.replies.close();
    this.term.free();
    await this.input?.close();
  }
}

export const ghosttyTarget: TargetFactory = {
  name: NAME,
  kind: 'embedded',
  description: "Ghostty's VT engine (ghostty-web WebAssembly) running in this process; DA1 answered by termprobe's pipe",
  available: async () => ({ ok: true }),
  async open(opts: OpenOptions): Promise<TargetSession> {
    return openGhosttyRelease(GHOSTTY_PACKAGE, opts, NAME);
  },
};

/**
 * A session of the engine of one ghostty-web package (the dependency, or a release installed under an npm alias). The
 * dependency's input probes are made in its browser build when the run asks (the input channel's class, and the input
 * schema's zod with it, loaded only then).
 */
export async function openGhosttyRelease(pkg: string, opts: OpenOptions, name: string): Promise<TargetSession> {
  validateTargetOptions(name, opts.options, {});
  const ghostty = await loadGhostty(undefined, pkg);
  const session = new GhosttySession(ghostty.createTerminal(opts.cols, opts.rows, TAGGED_COLOURS));
  session.pkg = pkg;
  if (pkg === GHOSTTY_PACKAGE && opts.browserInput) session.useBrowserInput((await import('./ghostty-input.js')).GhosttyBrowserInput);
  else if (pkg !== GHOSTTY_PACKAGE) {
    session.noInputBecause = `${pkg}@${ghosttyPackageVersion(pkg)} is an earlier release: only the dependency's release of ghostty-web is run in a browser for the input probes`;
  }
  return openedUnless(name, session, opts.signal);
}
