/**
 * Run the corpus against one target and build its results file: open, describe,
 * identify, probe, close (always, also on failure or Ctrl-C).
 */
import type { Corpus } from '../corpus/load-corpus.js';
import type { Probe } from '../corpus/probe-schema.js';
import { RESULTS_SCHEMA_ID } from '../results/results-constants.js';
import { SHEET_PICTURE, type CapturedPicture } from '../results/picture-files.js';
import type { ResultsFile } from '../results/results-schema.js';
import { loadTarget } from '../targets/registry.js';
import type { TargetSession } from '../targets/target.js';
import { TargetUnavailableError } from '../targets/target-unavailable-error.js';
import { toolVersion } from '../util/tool-version.js';
import { chooseIdentity, IDENTIFY_PROBES, readIdentification } from './identify.js';
import { restoreModesBytes, type PreludeKind } from '../corpus/prelude.js';
import { runProbes, type EngineRun } from './run-probes.js';
import { runInputProbes } from './run-input.js';
import { runWithRestarts, type SessionHolder } from './run-with-restarts.js';
import { engineOfIdentity } from './engine-identity.js';
import { currentPlatform } from './platform.js';
import { DEFAULT_WINDOW } from './window.js';
import { needsPixels } from './screen-hints.js';

export { TargetUnavailableError };

export interface RunTargetOptions {
  cols?: number;
  rows?: number;
  options?: Record<string, string>;
  window?: number;
  idleTimeoutMs?: number;
  prelude?: PreludeKind;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Probes this target must not run, with the reason (see runProbes). */
  skip?: (probe: Probe) => string | undefined;
  /** Take a picture of the window after each screen probe, where there is a window (GUI targets); default false (`run --pictures`). */
  pictures?: boolean;
  /** Make the input probes' events where that starts a browser (xterm.js, ghostty; OpenOptions.browserInput); default false (`run --embedded-input`). */
  browserInput?: boolean;
  /** The probes after which this target's published run started a fresh instance, and why (InputRunOptions.restartsExpected). */
  restartsExpected?: ReadonlyMap<string, string>;
}

export interface TargetRun {
  results: ResultsFile;
  gaveUp?: string;
  /** One line on who answered (e.g. "tmux 3.3a (from XTVERSION); …"), when the target can tell more than its name. */
  summary?: string;
  /** Things the user should know about the run, one line each. */
  notes?: string[];
  /** The screen probes' pictures, by probe id, for the writer to put beside the results file. */
  pictures?: Map<string, CapturedPicture>;
}

/**
 * Probe an already-open session (used by every target, including the user's own
 * terminal). With a holder that can reopen the target, a terminal that dies
 * mid-run is started afresh (see run-with-restarts.ts); the holder then holds the
 * session to close.
 */
export async function probeSession(
  targetId: string,
  sessionOrHolder: TargetSession | SessionHolder,
  corpus: Corpus,
  probes: Probe[],
  opts: RunTargetOptions & { cols: number; rows: number },
): Promise<TargetRun> {
  const holder: SessionHolder = 'current' in sessionOrHolder ? sessionOrHolder : { current: sessionOrHolder };
  const session = holder.current;
  const startedAt = new Date();
  const t0 = performance.now();
  const described = await session.describe();
  const size = { cols: opts.cols, rows: opts.rows };
  let restore = '';
  const ident: EngineRun = await runProbes(session, IDENTIFY_PROBES, { size, window: opts.window, idleTimeoutMs: opts.idleTimeoutMs, prelude: 'none', signal: opts.signal });
  const seen = readIdentification(ident.results[0]!, ident.results[1]!);
  // What the target knows of its own modes (ghostty-web answers no DECRQM, but knows 2027 is on) fills in what DECRQM did not tell.
  restore = restoreModesBytes({ ...seen.modes, ...described.settings?.modes });
  const tProbes = performance.now();
  const pictures = new Map<string, CapturedPicture>();
  const onPicture = (id: string, picture: CapturedPicture) => void pictures.set(id, picture);
  const output = probes.filter((p) => !p.input);
  const input = probes.filter((p) => p.input);
  const run = ident.gaveUp
    ? { results: probes.map((p) => ({ id: p.id, status: 'no-reply' as const, replies: [], note: 'not sent: the terminal did not answer identification queries' })), gaveUp: ident.gaveUp, droppedText: 0, restarts: [] }
    : await runWithRestarts(holder, output, { size, window: opts.window, idleTimeoutMs: opts.idleTimeoutMs, prelude: opts.prelude ?? 'default', restore, signal: opts.signal, onProgress: opts.onProgress && ((done, total) => opts.onProgress!(done, total + input.length)), skip: opts.skip, onPicture });
  // The input probes after the others, in the same session: events made through the target's input channel.
  const inputRun = ident.gaveUp || input.length === 0 || run.gaveUp
    ? undefined
    : await runInputProbes(holder, input, { size, prelude: opts.prelude ?? 'default', restore, signal: opts.signal, skip: opts.skip, ...(opts.restartsExpected ? { restartsExpected: opts.restartsExpected } : {}), onProgress: opts.onProgress && ((done) => opts.onProgress!(output.length + done, probes.length)) });
  if (inputRun || (!ident.gaveUp && input.length > 0)) {
    const byId = new Map((inputRun?.results ?? input.map((p) => ({ id: p.id, status: 'no-reply' as const, replies: [], note: `not sent: ${run.gaveUp}` }))).map((r) => [r.id, r]));
    const outputById = new Map(run.results.map((r) => [r.id, r]));
    run.results = probes.map((p) => byId.get(p.id) ?? outputById.get(p.id)!);
  }
  const described_settings = described.settings ?? {};
  const identity = chooseIdentity(described, seen, targetId);
  const results: ResultsFile = {
    schema: RESULTS_SCHEMA_ID,
    tool: { name: 'termprobe', version: toolVersion() },
    corpus: { hash: corpus.hash, probes: corpus.probes.length },
    target: { id: targetId, identity, engine: described.engine ?? engineOfIdentity(targetId, identity) },
    settings: {
      ...described_settings,
      cols: opts.cols,
      rows: opts.rows,
      modes: { ...seen.modes, ...described_settings.modes },
      ...((opts.options && Object.keys(opts.options).length > 0) || inputRun
        ? { options: { ...described_settings.options, ...opts.options, ...inputRun?.settings } }
        : {}),
    },
    run: {
      startedAt: startedAt.toISOString(),
      elapsedMs: Math.round(performance.now() - t0),
      probingMs: Math.round((performance.now() - tProbes) * 10) / 10,
      platform: currentPlatform(),
      ...(run.restarts.length > 0 || inputRun?.restarts.length ? { restarts: [...run.restarts, ...(inputRun?.restarts ?? []).map((r) => ({ probe: r.probe, exit: `input: ${r.why}`, outcome: 'retried' as const }))] } : {}),
    },
    probes: run.results,
  };
  // The calibration sheet goes with the pictures of the probes (the run's last session drew the one its settings describe).
  if (opts.pictures && results.settings.pixels) holder.current.sheetPictures?.().forEach((p, i) => pictures.set(`${SHEET_PICTURE}${i + 1}`, p));
  return { results, gaveUp: run.gaveUp ?? inputRun?.gaveUp, ...(pictures.size > 0 ? { pictures } : {}) };
}

export async function runTarget(targetId: string, corpus: Corpus, probes: Probe[], opts: RunTargetOptions = {}): Promise<TargetRun> {
  const factory = await loadTarget(targetId);
  const avail = await factory.available();
  if (!avail.ok) throw new TargetUnavailableError(targetId, avail.reason + (avail.install ? ` (install: ${avail.install})` : ''));
  // The user's own terminal has its own size, prelude, timeouts and safety rules.
  if (factory.kind === 'self') return (await import('./run-self.js')).runSelf(corpus, probes, opts);
  const cols = opts.cols ?? 80;
  const rows = opts.rows ?? 24;
  // Pictures need a window: GUI targets only.
  const pictures = factory.kind === 'gui' && opts.pictures === true;
  // The pixels (a calibration of about 2 s at the start) only where some probe's verdict needs a style or the cursor.
  const pixels = factory.kind === 'gui' && needsPixels(probes);
  const browserInput = factory.kind === 'embedded' && opts.browserInput === true;
  const open = () => factory.open({ cols, rows, options: opts.options ?? {}, signal: opts.signal, ...(pictures ? { pictures } : {}), ...(factory.kind === 'gui' ? { pixels } : {}), ...(browserInput ? { browserInput } : {}), ...(opts.idleTimeoutMs ? { idleTimeoutMs: opts.idleTimeoutMs } : {}) });
  const window = factory.maxWindow ? Math.min(opts.window ?? DEFAULT_WINDOW, factory.maxWindow) : opts.window;
  const holder: SessionHolder = { current: await open(), reopen: open };
  try {
    return await probeSession(factory.resultsId ?? targetId, holder, corpus, probes, { ...opts, window, cols, rows });
  } finally {
    await holder.current.close();
  }
}
