/**
 * `termprobe keys`: what your own terminal sends for a short list of keys. The person presses each key asked for;
 * termprobe sets the probe's modes first (DECCKM, kitty's keyboard flags …), reads the bytes the terminal sends for
 * the key, and shows them beside the spec's answer and the published terminals' answers. Nothing is ever sent as if
 * typed: termprobe only writes the modes and its own text to the terminal and reads what the person's keys make.
 * Ctrl-C (or ^C under kitty's flags, CSI 99;5 u) ends it; the modes and the tty are put back on every way out.
 */
import { fileURLToPath } from 'node:url';
import { escapeBytes } from '../corpus/escape-bytes.js';
import { INPUT_BASELINE } from '../corpus/input/input-baseline.js';
import { describeInput, INPUT_REPLY } from '../corpus/input/describe-input.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { probeWire } from '../corpus/probe-wires.js';
import type { Probe } from '../corpus/probe-schema.js';
import { SUPPORT_SYMBOLS, supportMark } from '../classify/support-mark.js';
import type { ProbeResult } from '../results/results-schema.js';
import { TtyLink } from '../targets/own-terminal/self-tty.js';
import { UsageError } from './errors.js';
import { splitList } from './select-probes.js';
import { publishedAnswers, type PublishedAnswers } from './keys-published.js';

/** The keys asked for unless -p names others: the ones programs disagree on most, with the modes that change them. */
export const KEYS_ASKED = [
  'keys-legacy.up', 'keys-legacy.decckm-up', 'keys-legacy.home', 'keys-legacy.f1', 'keys-legacy.f5', 'keys-modifiers.shift-f5',
  'keys-modifiers.ctrl-left', 'keys-modifiers.shift-tab', 'keys-legacy.backspace', 'keys-modifiers.ctrl-backspace', 'keys-modifiers.alt-a',
  'kitty-keyboard-events.disambiguate-escape',
] as const;

/** After a key's first byte, this long without another ends its bytes (a person cannot press two keys that fast). */
const QUIET_MS = 60;
const CTRL_C = ['\x03', '\x1b[99;5u'];

export interface KeysOptions {
  probe?: string[];
  /** Where the published results are (default: the package's results/, in a clone). */
  results?: string;
}

export async function keysCommand(opts: KeysOptions): Promise<number> {
  const corpus = await loadCorpus();
  const ids = splitList(opts.probe);
  const chosen = ids.length > 0 ? ids : [...KEYS_ASKED];
  const probes = chosen.map((id) => {
    const p = corpus.byId.get(id);
    if (!p) throw new UsageError(`unknown probe "${id}" (see \`termprobe list\`)`);
    if (p.input?.key === undefined || p.input.phase) throw new UsageError(`"${id}" is not a key pressed and let go: termprobe keys asks for keys (probes whose input is a key chord)`);
    return p;
  });
  const avail = TtyLink.available();
  if (!avail.ok || !process.stdout.isTTY) throw new UsageError(`termprobe keys asks you to press keys in a terminal: ${avail.ok ? 'stdout is not one' : avail.reason}`);
  const published = publishedAnswers(opts.results ?? fileURLToPath(new URL('../../results/', import.meta.url)), probes);
  const link = TtyLink.open();
  const size = link.size;
  const putBack = () => {
    link.write(INPUT_BASELINE);
    link.leaveRaw();
  };
  process.once('exit', putBack);
  try {
    link.enterRaw();
    return await ask(link, probes, size, published);
  } finally {
    putBack();
    process.removeListener('exit', putBack);
    link.close();
  }
}

async function ask(link: TtyLink, probes: Probe[], size: { cols: number; rows: number }, published: PublishedAnswers): Promise<number> {
  const say = (text: string) => link.write(text.replace(/\n/g, '\r\n'));
  say(`Press each key as it is asked for (Ctrl-C ends). termprobe reads what your terminal sends; it types nothing.\n${published.note}\n\n`);
  let asSpec = 0;
  let asked = 0;
  const bytes = keyReader(link);
  for (const [i, probe] of probes.entries()) {
    const modes = probeWire(probe, 'send', size);
    link.write(Buffer.from(modes, 'latin1'));
    say(`${i + 1}/${probes.length}  Press ${describeInput(probe.input!)}${probe.send ? `  (with ${probe.send} set)` : ''} `);
    const got = await bytes.next();
    if (probe.cleanup) link.write(Buffer.from(probeWire(probe, 'cleanup', size), 'latin1'));
    if (got === undefined || CTRL_C.includes(got)) {
      say('\nStopped.\n');
      break;
    }
    asked++;
    const value = escapeBytes(Buffer.from(got, 'latin1'));
    const result: ProbeResult = { id: probe.id, status: 'ok', replies: [{ query: INPUT_REPLY, value, raw: value }] };
    const mark = supportMark(probe, result, size);
    if (mark.support === 'implements') asSpec++;
    say(`\n   your terminal sent  ${value || '(nothing)'}   ${SUPPORT_SYMBOLS[mark.support]} ${mark.support}\n`);
    say(`   the spec            ${spoken(inputAnswer(probe.expect.implements.replies?.[INPUT_REPLY]))}   (${probe.spec})\n`);
    for (const line of published.lines(probe.id, value)) say(`   ${line}\n`);
    say('\n');
  }
  bytes.stop();
  say(`${asSpec} of ${asked} key${asked === 1 ? '' : 's'} sent what the spec says.\n`);
  return 0;
}

/** An input probe's expected bytes (a `same:` reference names another reply, which an input probe never has). */
function inputAnswer(v: string | readonly string[] | { same: string } | undefined): string | readonly string[] | undefined {
  return typeof v === 'object' && !Array.isArray(v) ? undefined : (v as string | readonly string[] | undefined);
}

function spoken(v: string | readonly string[] | undefined): string {
  if (v === undefined) return '—';
  return (typeof v === 'string' ? [v] : v).map((x) => (x === '' ? '(nothing)' : x)).join(' or ');
}

/** Each key's bytes: from its first byte until QUIET_MS pass with no more. */
function keyReader(link: TtyLink): { next(): Promise<string | undefined>; stop(): void } {
  let pending = '';
  let wake: (() => void) | undefined;
  let stopped = false;
  link.onData((chunk) => {
    pending += Buffer.from(chunk).toString('latin1');
    wake?.();
  });
  link.onDead(() => {
    stopped = true;
    wake?.();
  });
  return {
    async next() {
      pending = '';
      while (pending === '' && !stopped) await new Promise<void>((resolve) => (wake = resolve));
      if (stopped) return undefined;
      for (let seen = pending.length; ; seen = pending.length) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, QUIET_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if (pending.length === seen || stopped) break;
      }
      wake = undefined;
      return pending;
    },
    stop() {
      stopped = true;
    },
  };
}
