/**
 * xterm.js, embedded: @xterm/headless in this process. Writes are queued, not
 * awaited (xterm.js parses on a timer, ~1 ms per await); reads and resizes
 * wait until everything written before them is parsed, and no longer.
 */
import { createRequire } from 'node:module';
import type { Terminal as XtermTerminal } from '@xterm/headless';
import type { Region } from '../../corpus/probe-schema.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import type { OpenOptions, TargetFactory, TargetSession } from '../target.js';
import { readRegion } from '../common/region-read.js';
import { ReplyChannel } from '../common/reply-channel.js';
import { validateTargetOptions } from '../target-options.js';
import { missingCellFlags, xtermCellReader } from '../common/xterm-cells.js';
import { closeOnAbort, openedUnless } from '../common/close-on-abort.js';
import { notAsked, type BrowserPage } from './browser-page.js';
import type { XtermBrowserInput } from './xterm-input.js';

// CommonJS packages, loaded with require: an ESM import of them makes Node scan their whole source for named
// exports (cjs-module-lexer: about 0.1 s of a run's start for @xterm/headless, measured).
const requireCjs = createRequire(import.meta.url);
const { Terminal: HeadlessTerminal } = requireCjs('@xterm/headless') as typeof import('@xterm/headless');
const { Unicode11Addon } = requireCjs('@xterm/addon-unicode11') as typeof import('@xterm/addon-unicode11');

const NAME = 'xterm.js';
const PACKAGE = '@xterm/headless';
const OPTION_SPEC = { unicode: ['11', '6'] } as const;

/** Why the input probes were not made: only asked for (OpenOptions.browserInput) do they start a browser. */
export const NOT_ASKED = notAsked('xterm.js');

/** DECRPM's Ps values, as the results file names them. */
const DECRPM_STATES = ['unknown', 'set', 'reset', 'permanently-set', 'permanently-reset'];

/**
 * Which xterm.js runs: the dependency (@xterm/headless with the Unicode 11
 * addon), or an earlier release installed beside it under an npm alias
 * (xterm-js-releases.ts), which runs with its core's own widths (Unicode 6).
 */
export interface XtermBuild {
  Terminal: new (options: { cols: number; rows: number; allowProposedApi?: boolean; logLevel?: 'off' }) => XtermTerminal;
  /** The installed package to read the version of ("@xterm/headless", "xterm-headless-4.19.0"). */
  pkg: string;
  /** How the package is published ("@xterm/headless", "xterm-headless"). */
  published: string;
  withUnicode11: boolean;
}

export const DEPENDENCY: XtermBuild = { Terminal: HeadlessTerminal, pkg: PACKAGE, published: PACKAGE, withUnicode11: true };

export function packageVersion(build: XtermBuild): string {
  return (createRequire(import.meta.url)(`${build.pkg}/package.json`) as { version: string }).version;
}

export function createTerminal(build: XtermBuild, cols: number, rows: number, unicode: string): XtermTerminal {
  // logLevel off: xterm.js logs a "Parsing error" with its whole parser state to the console for
  // every non-ASCII character inside a CSI sequence; the answer is what counts, not the log.
  const term = new build.Terminal({ cols, rows, allowProposedApi: true, logLevel: 'off' });
  if (unicode === '11') {
    term.loadAddon(new Unicode11Addon());
    term.unicode.activeVersion = '11';
  }
  return term;
}

/** A mode's default state, asked with DECRQM of a scratch terminal so the session's reply stream stays untouched. */
export async function defaultModeState(build: XtermBuild, mode: string, unicode: string): Promise<string> {
  const scratch = createTerminal(build, 10, 2, unicode);
  let reply = '';
  scratch.onData((d) => (reply += d));
  await new Promise<void>((resolve) => scratch.write(`\x1b[${mode}$p`, resolve));
  scratch.dispose();
  const ps = new RegExp(`\\x1b\\[${mode.replace('?', '\\?')};(\\d+)\\$y`).exec(reply)?.[1];
  return ps === undefined ? 'no-reply' : (DECRPM_STATES[Number(ps)] ?? `ps-${ps}`);
}

const encoder = new TextEncoder();

class XtermSession implements TargetSession {
  /** Reads go through xterm.js's write queue (afterWrites), so they see exactly the bytes written before them. */
  readonly readsInOrder = true;
  /**
   * The input probes: @xterm/headless has no keyboard, mouse or paste handling (they live in the browser build, on DOM
   * events), so they run in the browser build of the same release (xterm-input.ts), which takes the session's writes
   * from then on. Only when the run asks for them (browserInput: Chromium takes seconds to start, the rest of a run
   * well under one); earlier releases have none at their version here.
   */
  readonly input: XtermBrowserInput | undefined;
  readonly noInputBecause: string | undefined;
  /** The browser build's terminal, once the input probes started it. */
  private browser: BrowserPage | undefined;
  private readonly term: XtermTerminal;
  private readonly replies = new ReplyChannel();
  private readonly pending = new Set<(error: Error) => void>();
  private closed = false;
  private unwatch = () => {};
  /** Writes handed to xterm.js, and writes it has finished parsing. */
  private written = 0;
  private parsed = 0;
  private readonly countParsed = () => {
    this.parsed++;
  };

  constructor(
    private readonly build: XtermBuild,
    cols: number,
    rows: number,
    private readonly unicode: string,
    /** The input channel's class, loaded only for a run that asks for the input probes (it brings the input schema's zod). */
    BrowserInput?: typeof XtermBrowserInput,
  ) {
    this.term = createTerminal(build, cols, rows, unicode);
    this.term.onData((text) => this.replies.push(encoder.encode(text)));
    // onBinary carries byte strings (one char per byte), e.g. X10 mouse reports.
    this.term.onBinary((text) => this.replies.push(Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff)));
    if (build === DEPENDENCY && BrowserInput) {
      this.input = new BrowserInput(cols, rows, { sent: (bytes) => this.replies.push(bytes), attach: (browser) => (this.browser = browser) });
    } else if (build === DEPENDENCY) {
      this.noInputBecause = NOT_ASKED;
    } else {
      this.noInputBecause = `${build.published}@${packageVersion(build)} has no keyboard, mouse or paste handling (xterm.js encodes input in its browser build, from DOM events), and only the dependency's release of the browser build is installed`;
    }
  }

  write(data: Uint8Array): void {
    if (this.closed) return;
    if (this.browser) {
      this.browser.write(data);
      return;
    }
    // Copy: xterm.js keeps the array until its timer parses it, and callers may reuse theirs.
    this.written++;
    this.term.write(new Uint8Array(data), this.countParsed);
  }

  onData(listener: (data: Uint8Array) => void): void {
    this.replies.setListener(listener);
  }

  /**
   * Run fn once xterm.js has parsed every byte written before this call: at
   * once when nothing is queued (the usual case after a sentinel reply), else
   * in the callback of an empty write, which xterm.js calls in stream order.
   */
  private afterWrites<T>(fn: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`${NAME} session is closed`));
    if (this.parsed === this.written) {
      try {
        return Promise.resolve(fn());
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    return new Promise<T>((resolve, reject) => {
      this.pending.add(reject);
      this.term.write('', () => {
        this.pending.delete(reject);
        try {
          resolve(fn());
        } catch (error) {
          reject(error);
        }
      });
    });
  }

  readScreen(region: Region): Promise<ScreenAnswer> {
    return this.afterWrites(() => readRegion(region, this.term.cols, this.term.rows, xtermCellReader(this.term.buffer.active)));
  }

  /** The buffer's cursor, 1-based; in the pending-wrap state xterm.js reports the column past the margin. */
  readCursor(): Promise<{ row: number; col: number }> {
    return this.afterWrites(() => ({ row: this.term.buffer.active.cursorY + 1, col: this.term.buffer.active.cursorX + 1 }));
  }

  resize(cols: number, rows: number): Promise<void> {
    return this.afterWrites(() => this.term.resize(cols, rows));
  }

  async describe() {
    const version = packageVersion(this.build);
    return {
      name: NAME,
      version,
      identifiedBy: 'package' as const,
      chain: { package: `${this.build.published}@${version}` },
      settings: {
        cols: this.term.cols,
        rows: this.term.rows,
        unicode: this.unicode,
        modes: { '?2027': await defaultModeState(this.build, '?2027', this.unicode) },
        ...this.unreadFlags(),
      },
    };
  }

  /** An earlier release whose cells expose no accessor for some attribute: the screen read-back cannot show it, and the settings say so. */
  private unreadFlags(): { options?: Record<string, string> } {
    const missing = missingCellFlags(this.term.buffer.active.getNullCell());
    return missing.length > 0 ? { options: { 'cell-attributes-not-read': `${missing.join(', ')} (this release's buffer cells have no accessor for ${missing.length === 1 ? 'it' : 'them'})` } } : {};
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
    for (const reject of this.pending) reject(new Error(`${NAME} session closed before the read finished`));
    this.pending.clear();
    this.term.dispose();
    await this.input?.close();
  }
}

export const xtermJsTarget: TargetFactory = {
  name: NAME,
  kind: 'embedded',
  description: 'xterm.js (@xterm/headless) running in this process; Unicode 11 widths unless unicode=6',
  options: OPTION_SPEC,
  available: async () => ({ ok: true }),
  async open(opts: OpenOptions): Promise<TargetSession> {
    validateTargetOptions(NAME, opts.options, OPTION_SPEC);
    const BrowserInput = opts.browserInput ? (await import('./xterm-input.js')).XtermBrowserInput : undefined;
    const session = new XtermSession(DEPENDENCY, opts.cols, opts.rows, opts.options['unicode'] ?? '11', BrowserInput);
    return openedUnless(NAME, session, opts.signal);
  },
};

/** An xterm.js session of another build (a release beside the dependency); Unicode 6 unless the build has the addon. */
export function openXtermBuild(build: XtermBuild, opts: OpenOptions, name: string): Promise<TargetSession> {
  const spec = build.withUnicode11 ? OPTION_SPEC : { unicode: ['6'] };
  validateTargetOptions(name, opts.options, spec);
  const session = new XtermSession(build, opts.cols, opts.rows, opts.options['unicode'] ?? (build.withUnicode11 ? '11' : '6'));
  return openedUnless(name, session, opts.signal);
}

export { DEPENDENCY as XTERM_DEPENDENCY };
