/**
 * The results file: one JSON document per target run. This zod schema validates
 * files read back (a results file is untrusted input) and emits the JSON Schema
 * shipped as schema/results.schema.json.
 */
import { z } from 'zod';
import { COLOR_NAMES, RESULTS_SCHEMA_ID, UNDERLINE_STYLES } from './results-constants.js';

export { COLOR_NAMES, RESULTS_SCHEMA_ID, UNDERLINE_STYLES } from './results-constants.js';

export const colorSchema = z.union([
  z.enum(COLOR_NAMES),
  z.int().min(16).max(255),
  z.string().regex(/^#[0-9a-f]{6}$/),
]);


export const styleSchema = z.strictObject({
  bold: z.literal(true).optional(),
  dim: z.literal(true).optional(),
  italic: z.literal(true).optional(),
  underline: z.literal(true).optional(),
  /** The underline's style when it is not single (SGR 21, 4:2–4:5), where the target can tell. */
  underlineStyle: z.enum(UNDERLINE_STYLES).optional(),
  /** The underline colour (SGR 58) when one was set, where the target can tell. */
  underlineColor: colorSchema.optional(),
  blink: z.literal(true).optional(),
  reverse: z.literal(true).optional(),
  invisible: z.literal(true).optional(),
  strikethrough: z.literal(true).optional(),
  overline: z.literal(true).optional(),
  fg: colorSchema.optional(),
  bg: colorSchema.optional(),
});

/** The fields of a style, by name: what a read-back may say it could not tell (`untold`). */
export const STYLE_FIELDS = ['bold', 'dim', 'italic', 'underline', 'underlineStyle', 'underlineColor', 'blink', 'reverse', 'invisible', 'strikethrough', 'overline', 'fg', 'bg'] as const;
export const styleFieldSchema = z.enum(STYLE_FIELDS);

/** One cell: its text ('' for the right half of a wide character), its width, its style if not default. */
export const cellSchema = z.strictObject({
  t: z.string().max(64),
  w: z.int().min(0).max(2),
  s: styleSchema.optional(),
  /** Style fields this cell's read could not tell, beyond the screen's `untold` (pixels: a glyph the calibration did not draw). */
  u: z.array(styleFieldSchema).optional(),
});

export const screenAnswerSchema = z.strictObject({
  /**
   * How the screen was read: hosted (the emulator runs in termprobe), capture-pane (tmux), hardcopy (a dump
   * to a file), decrqcra (checksum per cell), remote-control (kitty), adapter (a stdio adapter's dump),
   * selection (the X PRIMARY selection of the window's cells), at-spi (the accessibility text interface),
   * conpty-output (the VT stream the Windows console host renders into its pseudo-console, replayed into xterm.js),
   * host-view (the program around the terminal reports it: Neovim's terminal buffer, Vim's term_scrape(),
   * Emacs term.el's buffer), outer-screen (the program around the terminal draws it into its own pty, and
   * that drawing is replayed into xterm.js: dvtm, mosh-client).
   */
  via: z.enum(['hosted', 'capture-pane', 'hardcopy', 'decrqcra', 'remote-control', 'adapter', 'selection', 'at-spi', 'conpty-output', 'host-view', 'outer-screen', 'pixels']),
  /**
   * pixels: the cells' styles were read from the window's pixels (GUI terminals), against what the terminal drew on
   * its calibration sheet (settings.pixels); the text comes from `via` ('pixels': matched against the glyphs it drew there).
   */
  styles: z.literal('pixels').optional(),
  region: z.strictObject({ top: z.int(), left: z.int(), bottom: z.int(), right: z.int() }),
  /** Text of each row, trailing spaces trimmed: what the expectation's `screen` is compared with. */
  text: z.array(z.string()),
  /** The cells, when the method can tell widths and styles. */
  cells: z.array(z.array(cellSchema)).optional(),
  /** Style fields this read-back cannot tell (never set in its cells, whatever the terminal drew). */
  untold: z.array(styleFieldSchema).optional(),
  /** The cursor as drawn (pixel read-back, where the probe asks for it): shape, or hidden; and whether it blinks. */
  cursor: z.strictObject({ shape: z.enum(['block', 'underline', 'bar', 'hidden']), blink: z.boolean().optional() }).optional(),
});

export const replySchema = z.strictObject({
  query: z.string(),
  /** The reply's canonical value (see answer-key.ts), or absent when none came. */
  value: z.string().optional(),
  /** The exact reply, in termprobe's escape notation. */
  raw: z.string().optional(),
  /** "host": the reply was written by termprobe's own pipe for this target, not by the terminal (ghostty-web's DA1). */
  source: z.literal('host').optional(),
});

export { PICTURE_PATH, picturePathProblem } from './picture-path.js';
import { PICTURE_PATH, picturePathProblem } from './picture-path.js';

/**
 * A screenshot of the terminal's window after the probe, cropped to the probed
 * region and a margin (GUI terminals): a PNG beside the results file, and its size in pixels.
 */
export const pictureSchema = z.strictObject({
  path: z.string().max(300).regex(PICTURE_PATH, { error: (issue) => picturePathProblem(String(issue.input)) }),
  width: z.int().min(1).max(10_000),
  height: z.int().min(1).max(10_000),
});

const hexSchema = z.string().regex(/^#[0-9a-f]{6}$/);
const colourKeySchema = z.enum(['default', ...COLOR_NAMES]);

/**
 * What a GUI terminal's pixels mean, learned per session from a calibration sheet the terminal draws (pixel
 * read-back; src/results/drawn-style.ts says how a style draws under it). Colours are as drawn, #rrggbb.
 */
export const pixelModelSchema = z.strictObject({
  /** The cell in pixels, and where the first one is on the window (found on the sheet). */
  cell: z.strictObject({ width: z.int().min(1), height: z.int().min(1), x0: z.number(), y0: z.number() }),
  /** The font the terminal draws with, as far as termprobe can tell. */
  font: z.string().max(300).optional(),
  /** The default colours and the 16 base colours, as foreground and as background. */
  fg: z.partialRecord(colourKeySchema, hexSchema),
  bg: z.partialRecord(colourKeySchema, hexSchema),
  /** Entries 16–255 of the palette drawn other than the standard cube and grey ramp. */
  palette: z.record(z.string().regex(/^(1[6-9]|[2-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])$/), hexSchema).optional(),
  /** How bold draws: a heavier glyph or not, and the foreground colours it changes (name → colour drawn). */
  bold: z.strictObject({ weight: z.boolean(), colours: z.partialRecord(colourKeySchema, hexSchema).optional() }),
  /**
   * How dim draws: the foreground colours it gives (name → colour drawn); other colours move towards the background
   * (or black: `towards`) by the share `blend`, where one share fits every sample. Absent: dim draws nothing.
   */
  dim: z.strictObject({ colours: z.partialRecord(colourKeySchema, hexSchema), blend: z.number().min(0).max(1).optional(), towards: z.literal('black').optional() }).optional(),
  /** Concealed (SGR 8) cells hide their lines too. */
  invisibleHidesLines: z.literal(true).optional(),
  /** Whether italic draws a slanted glyph (false: upright, and italic is untold). */
  italic: z.boolean(),
  /** Whether SGR 5 text blinks, and the time from one of its changes to the next. */
  blink: z.strictObject({
    text: z.boolean(),
    halfPeriodMs: z.number().min(0).optional(),
    /** SGR forms whose 5 sets blink here besides SGR 5 (e.g. "58;5": a terminal that does not know SGR 58 takes the 5 after it for blink). */
    setBy: z.array(z.string().max(8)).optional(),
  }),
  /** Whether the cursor blinks as DECSCUSR 1 (a blinking block) asks, in the window given the focus, and how fast. */
  cursorBlink: z.strictObject({ blinks: z.boolean(), halfPeriodMs: z.number().min(0).optional() }).optional(),
  /**
   * The blinks showed only while the window heard no X event (mlterm 3.9.0 blinks on idle ticks, each 0.1 s with no
   * event): a wait for the terminal's own drawing does not poke its window (x-link.ts).
   */
  blinkUnpoked: z.literal(true).optional(),
  /** Style fields the sheet shows this terminal cannot draw apart (the font, not the terminal, may decide). */
  untold: z.array(styleFieldSchema),
  /** What was learned, in words, one line each. */
  notes: z.array(z.string().max(400)),
  /** The calibration sheet's pages as the terminal drew them (pictures beside the results file). */
  sheet: z.array(pictureSchema).optional(),
});

export const probeResultSchema = z.strictObject({
  id: z.string(),
  /**
   * crashed: the terminal died while running this probe, twice (see run.restarts); hung: it stopped
   * answering on this probe, twice (in the run, then alone in a fresh instance). Either way its answer is unknown.
   */
  status: z.enum(['ok', 'no-reply', 'partial', 'skipped', 'error', 'crashed', 'hung']),
  /** Why the status is not ok, in one line. */
  note: z.string().optional(),
  cursor: z.strictObject({ row: z.int().nullable(), col: z.int().nullable(), via: z.literal('cpr'), raw: z.string() }).optional(),
  replies: z.array(replySchema),
  screen: screenAnswerSchema.optional(),
  /** Replies nobody asked for (escaped), e.g. stray output; keystrokes are dropped. */
  unexpected: z.array(z.string()).optional(),
  /** Extra evidence, not part of the answer: e.g. the emulator's internal cursor. */
  evidence: z.record(z.string(), z.string()).optional(),
  /** Wall time from the probe's first byte written to its sentinel (excluded from answer comparisons). */
  elapsedMs: z.number().min(0).optional(),
  /** The window after the probe, as a picture (evidence for a reader, never part of the answer). */
  picture: pictureSchema.optional(),
});

export const identitySchema = z.strictObject({
  /** The terminal's name as termprobe reports it, e.g. "xterm", "tmux", "xterm.js". */
  name: z.string(),
  version: z.string(),
  /** Which source gave the name and version. */
  identifiedBy: z.enum(['package', 'xtversion', 'da2', 'env', 'dpkg', 'command', 'unknown']),
  /** Everything seen on the way: raw replies escaped, env values as found. */
  chain: z.strictObject({
    xtversion: z.string().optional(),
    da2: z.string().optional(),
    da1: z.string().optional(),
    env: z.record(z.string(), z.string()).optional(),
    package: z.string().optional(),
    /** The installed Debian package as apt names it: package=version, e.g. "rxvt-unicode=9.30-2+b4". */
    dpkg: z.string().optional(),
    command: z.string().optional(),
  }),
  /** When a multiplexer answered: the outer terminal, if it could be told. */
  outer: z.strictObject({ name: z.string(), version: z.string().optional(), identifiedBy: z.string() }).optional(),
});

export const settingsSchema = z.strictObject({
  cols: z.int().min(1),
  rows: z.int().min(1),
  term: z.string().optional(),
  unicode: z.string().optional(),
  /** DECRQM state of modes that change answers, by mode ("?2027": "set", "reset", "permanently-set", "permanently-reset", "unknown", "no-reply"). */
  modes: z.record(z.string(), z.string()).optional(),
  /** Anything else set to run the target (resources, flags), recorded so the run can be repeated. */
  options: z.record(z.string(), z.string()).optional(),
  /** The pixel read-back's calibration (GUI terminals). */
  pixels: pixelModelSchema.optional(),
});

/** Where the run was made: the row's platform ("linux", "macos", "windows", …), the system's release, the processor. */
export const platformSchema = z.strictObject({
  os: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/),
  release: z.string().max(200).optional(),
  arch: z.string().max(32).optional(),
});

/** Who a run measured (results, Unicode and speed files alike). */
export const runTargetSchema = z.strictObject({
  /** The target's registry name, e.g. "xterm.js", "tmux", "kitty", "self". */
  id: z.string(),
  identity: identitySchema,
  /** The emulation engine behind the terminal: the six VTE front ends are one engine, qterminal and cool-retro-term another. Consensus counts engines, not packages. */
  engine: z.strictObject({ name: z.string(), version: z.string().optional(), source: z.string().optional() }).optional(),
});

export const resultsFileSchema = z.strictObject({
  schema: z.literal(RESULTS_SCHEMA_ID),
  tool: z.strictObject({ name: z.literal('termprobe'), version: z.string() }),
  corpus: z.strictObject({ hash: z.string().regex(/^sha256:[0-9a-f]{64}$/), probes: z.int().min(0) }),
  target: runTargetSchema,
  settings: settingsSchema,
  run: z.strictObject({
    startedAt: z.string(),
    elapsedMs: z.number().min(0),
    /** Wall time of the corpus probes alone: from the first probe written to the last answer. */
    probingMs: z.number().min(0).optional(),
    host: z.string().optional(),
    /** Absent in files made before termprobe recorded it. */
    platform: platformSchema.optional(),
    /**
     * Fresh instances started after the terminal died or stopped answering mid-run: the probe it died or hung on,
     * how it ended (or for how long it said nothing), its last output, and what running that probe alone showed.
     */
    restarts: z
      .array(z.strictObject({ probe: z.string(), exit: z.string(), output: z.string().optional(), outcome: z.enum(['retried', 'crashes', 'hangs']) }))
      .optional(),
  }),
  probes: z.array(probeResultSchema),
});

export type Color = z.infer<typeof colorSchema>;
export type Style = z.infer<typeof styleSchema>;
export type Cell = z.infer<typeof cellSchema>;
export type ScreenAnswer = z.infer<typeof screenAnswerSchema>;
export type Reply = z.infer<typeof replySchema>;
export type ProbeResult = z.infer<typeof probeResultSchema>;
export type Identity = z.infer<typeof identitySchema>;
export type Settings = z.infer<typeof settingsSchema>;
export type ResultsFile = z.infer<typeof resultsFileSchema>;
export type Platform = z.infer<typeof platformSchema>;
export type Picture = z.infer<typeof pictureSchema>;
export type PixelModel = z.infer<typeof pixelModelSchema>;
export type StyleField = (typeof STYLE_FIELDS)[number];
