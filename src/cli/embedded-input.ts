/**
 * Whether a run makes the input probes' events in the embedded targets that need
 * a browser for them (xterm.js, ghostty: their browser builds in headless
 * Chromium). The rest of such a run takes about half a second and Chromium
 * seconds to start, so they are made only when the run asks for input:
 * `--embedded-input`, input probes named with --probe or --category, or a run
 * that publishes (`--pictures`, as `npm run regenerate-results` and the
 * per-target recipe run, and `--target all`, minutes long anyway). The bare
 * command and `run -t xterm.js` or `-t ghostty` never start the browser;
 * `--no-embedded-input` keeps it out of any run.
 */
import type { Probe } from '../corpus/probe-schema.js';
import { splitList } from './select-probes.js';

export interface EmbeddedInputAsk {
  /** --embedded-input (true), --no-embedded-input (false), or neither. */
  embeddedInput?: boolean;
  target?: string[];
  pictures?: boolean;
  probe?: string[];
  category?: string[];
}

export function wantsBrowserInput(ask: EmbeddedInputAsk, probes: readonly Probe[]): boolean {
  if (ask.embeddedInput !== undefined) return ask.embeddedInput;
  if (!probes.some((p) => p.input)) return false;
  if (ask.pictures === true || ask.target?.includes('all')) return true;
  return splitList(ask.probe).length > 0 || splitList(ask.category).length > 0;
}
