/**
 * A target is anything that behaves like a terminal. It only moves bytes:
 * the engine writes probe bytes, the target hands back what the terminal sends.
 * Optional capabilities (screen readback, internal cursor) are extra evidence.
 */
import type { Region } from '../corpus/probe-schema.js';
import type { CapturedPicture } from '../results/picture-files.js';
import type { Identity, ScreenAnswer, Settings } from '../results/results-schema.js';
import type { InputChannel } from './input-channel.js';
import type { OptionSpec } from './target-options.js';

/** The emulation engine behind a terminal (see results/engines.ts). */
export interface EngineIdentity {
  name: string;
  version?: string;
  source?: string;
}

export interface OpenOptions {
  cols: number;
  rows: number;
  /** Target-specific settings, e.g. { unicode: '6' } for xterm.js. */
  options: Record<string, string>;
  /** Aborted when the run is cancelled (SIGINT, timeout): the target must clean up. */
  signal?: AbortSignal;
  /** Get ready to take pictures of the window (capturePicture): GUI targets; ignored where there is no window. */
  pictures?: boolean;
  /**
   * Read cells' styles and the cursor from the window's pixels (a calibration sheet drawn at the start, about 2 s):
   * GUI targets. False where no probe's verdict needs a style or the cursor (the Unicode suite, a run of other
   * categories); undefined: read them.
   */
  pixels?: boolean;
  /**
   * Make the input probes' events where that takes a browser of its own (xterm.js, ghostty-web: their browser builds in headless
   * Chromium, some seconds to start): `run --embedded-input`, and the runs that publish. Otherwise such a target skips
   * its input probes, saying how to ask for them. Ignored by targets that make events without one.
   */
  browserInput?: boolean;
  /** How long the run lets the terminal be silent before it counts as not answering (its idle limit), when set. */
  idleTimeoutMs?: number;
}

/** What the engine knows of a probe that a screen read may use (the pixel read-back of GUI terminals). */
export interface ScreenReadHints {
  /** Watch the cells long enough to see them blink, whatever the probe sent. */
  blink?: boolean;
  /** The parameters of every SGR the probe sent (whether one of them may set blink is the target's to say). */
  sgrs?: readonly string[];
  /**
   * Whether the probe's verdict needs the cells' styles (its expectations name one): false lets a target whose styles
   * cost a read of their own (a GUI terminal's pixels) give the text alone. Undefined: styles wanted.
   */
  styles?: boolean;
  /** The probe's expectations name the cursor's style: the read reads the cursor as drawn (screen.cursor). */
  cursor?: boolean;
  /** Where the probe's cursor report put the cursor (1-based), when it came. */
  at?: { row: number; col: number };
  /** Records a note on the read beside the answer (the probe's evidence), e.g. why the styles could not be read. */
  note?: (key: string, text: string) => void;
}

/** A process of a session (speed runs). */
export interface SessionProcess {
  pid: number;
  /** The terminal's own (the terminal and the servers it started), or the harness's (display, compositor, session bus, relay, control client). */
  own: boolean;
}

/** Time to the first frame after output (GUI targets with a window; speed runs). */
export interface FrameTimer {
  /**
   * Write `bytes`, which change the cells of `region`, and resolve with the milliseconds from the write to the first
   * drawing over those cells; undefined when none came within `limitMs`. Waits first for the region to be still.
   */
  time(bytes: Uint8Array, region: Region, limitMs: number): Promise<number | undefined>;
  close(): void;
}

export interface TargetSession {
  /** Bytes from the engine to the terminal. */
  write(data: Uint8Array): void;
  /** Bytes the terminal sends back. One listener; set before the first write. */
  onData(listener: (data: Uint8Array) => void): void;
  /**
   * Read a region of the screen once every byte written so far has been processed
   * (the engine calls it only after the probe's sentinel reply arrived).
   */
  readScreen?(region: Region, hints?: ScreenReadHints): Promise<ScreenAnswer>;
  /**
   * A picture of the window's `region` and a margin, as the terminal drew the probe (GUI targets opened with
   * `pictures`; the engine calls it, like readScreen, once the probe is answered and before its cleanup).
   * Rejects with an error named PictureError when this one picture cannot be taken.
   */
  capturePicture?(region: Region): Promise<CapturedPicture>;
  /** The pages of the pixel read-back's calibration sheet as the terminal drew them (GUI targets), for the results' pictures. */
  sheetPictures?(): CapturedPicture[];
  /** The emulator's own idea of the cursor (1-based), as evidence beside the CPR answer. */
  readCursor?(): Promise<{ row: number; col: number }>;
  /**
   * readScreen and readCursor, asked right after write(), answer with exactly what the bytes written before them
   * drew, whatever is written after them (the stdio adapter protocol answers its requests in order). The engine then
   * asks for a screen probe's screen and cursor as soon as the probe is written, and writes its cleanup and the next
   * probes at once, instead of waiting for its answer before reading.
   */
  readonly readsInOrder?: boolean;
  /**
   * Called when the terminal goes away mid-run (its process exited, the pty closed),
   * so the engine stops waiting at once instead of timing out probe by probe.
   */
  onExit?(listener: (reason: string) => void): void;
  /**
   * Queries this target's own pipe answers in place of the terminal (ghostty-web's
   * DA1): their replies are recorded as host-supplied and never judged as the terminal's.
   */
  readonly hostAnswers?: readonly string[];
  /** The session's processes now (speed runs: the terminal's resident size, and the CPU the run itself takes). */
  processes?(): SessionProcess[];
  /**
   * Start timing frames (speed runs; GUI targets): with the terminal idle and its screen clear, find its window and
   * its grid. Rejects when it cannot.
   */
  openFrameTimer?(): Promise<FrameTimer>;
  /** Makes a person's input events (keys, mouse, paste, focus) reach the terminal, for the input probes (input-channel.ts). */
  input?: InputChannel;
  /** Without `input`: why this target cannot take input events (the input probes are recorded as skipped with it). */
  readonly noInputBecause?: string;
  /** Change the size (targets that can: embedded, multiplexers). */
  resize?(cols: number, rows: number): Promise<void>;
  /** What the target knows of itself without asking the terminal (package version, dpkg, env). */
  describe(): Promise<Partial<Identity> & { settings?: Partial<Settings>; engine?: EngineIdentity }>;
  /** End the session and every process it started. Idempotent. */
  close(): Promise<void>;
}

export type Availability = { ok: true } | { ok: false; reason: string; install?: string };

export interface TargetFactory {
  /** Registry name, e.g. "xterm.js". */
  name: string;
  /** The target id its results record, when not its name (a release, "xterm.js@5.5.0", records "xterm.js"). */
  resultsId?: string;
  /**
   * hosted: a terminal inside another program that is not a window (an editor's :terminal, mosh's server, dvtm);
   * console-host: the system's own console behind a pseudo-console (Windows' conhost through ConPTY).
   */
  kind: 'embedded' | 'self' | 'multiplexer' | 'gui' | 'hosted' | 'console-host';
  /** The only platforms (process.platform) it can run on, when it cannot run everywhere (the published results come from Linux). */
  platforms?: readonly NodeJS.Platform[];
  description: string;
  /** The `--option key=value` settings it takes, each with its valid values; none when absent. */
  options?: OptionSpec;
  /** At most this many probes in flight (`--window` is capped to it): a terminal that stalls when more arrive at once. */
  maxWindow?: number;
  /**
   * At most this many bytes written ahead of the answers, in batches no larger (the width suite's batches): a
   * terminal that stops answering when more arrive at once.
   */
  maxBytesInFlight?: number;
  available(): Promise<Availability>;
  open(opts: OpenOptions): Promise<TargetSession>;
}
