/**
 * A best guess of a terminal's name and version from everything seen (its
 * XTVERSION, DA2 and DA1 replies, the environment, what a multiplexer reports
 * of its client), saying which source gave it. Order of trust: the terminal's
 * own words (XTVERSION), a DA2 signature that names one program, then the
 * environment. Inside a multiplexer the multiplexer answers, so the guess is
 * the multiplexer, and the outer terminal is named when something tells.
 */
import type { Identity } from '../results/results-schema.js';
import { parseXtversion } from '../protocol/xtversion.js';
import type { TerminalEnv } from './identify-env.js';
import { guessFromDa2, guessFromEnv, isMultiplexer, type NamedGuess } from './identify-signatures.js';

export interface TerminalFacts {
  /** XTVERSION text (the DCS > | payload), DA2 and DA1 replies (escaped raw) as seen. */
  xtversion?: string;
  da2?: string;
  da2Params?: number[];
  da1?: string;
  env: TerminalEnv;
  /** What tmux knows of the client attached to this pane, when inside tmux. */
  tmuxClient?: { termname?: string; termtype?: string };
}

export interface IdentityGuess {
  identity: Identity;
  /** The engine behind the terminal, when it is not the terminal itself (VTE behind gnome-terminal). */
  engine?: { name: string; version?: string };
  /** One line for people: "tmux 3.3a (XTVERSION); outer terminal: kitty 0.26.5 (tmux client_termtype)". */
  summary: string;
}

function fromXtversion(text: string | undefined): NamedGuess | null {
  const xt = text ? parseXtversion(text) : null;
  return xt ? { name: xt.name, version: xt.version === 'unknown' ? undefined : xt.version, source: `XTVERSION "${text}"` } : null;
}

/** The terminal outside a multiplexer: tmux's record of its client first, then passed-through variables. */
function guessOuter(facts: TerminalFacts, mux: string): NamedGuess | null {
  const { termtype, termname } = facts.tmuxClient ?? {};
  const typed = fromXtversion(termtype);
  if (typed) return { ...typed, source: `tmux client_termtype "${termtype}"` };
  const env = guessFromEnv(facts.env, true);
  if (env) return { ...env, source: `${env.source}, passed through ${mux} (set when the ${mux} server started)` };
  if (termname) return { name: termname, source: 'tmux client_termname (the outer TERM)' };
  return null;
}

function label(g: { name: string; version?: string }): string {
  return g.version ? `${g.name} ${g.version}` : g.name;
}

export function guessIdentity(facts: TerminalFacts): IdentityGuess {
  const chain: Identity['chain'] = { env: facts.env };
  if (facts.xtversion !== undefined) chain.xtversion = facts.xtversion;
  if (facts.da2 !== undefined) chain.da2 = facts.da2;
  if (facts.da1 !== undefined) chain.da1 = facts.da1;

  const xt = fromXtversion(facts.xtversion);
  const da2 = facts.da2Params ? guessFromDa2(facts.da2Params) : null;
  const env = guessFromEnv(facts.env);
  const answered = xt ?? da2;
  let best = answered ?? env;
  // VTE names itself in DA2; the environment may name the front end built on it (gnome-terminal, tilix, …).
  if (best && best.name === 'vte' && env?.engine?.name === 'vte' && env.name !== 'vte') best = { ...env, source: `${env.source}, engine ${best.source}`, engine: best.engine ?? env.engine };
  if (!best) {
    return { identity: { name: 'unknown', version: 'unknown', identifiedBy: 'unknown', chain }, summary: `unknown terminal${facts.env['TERM'] ? ` (TERM=${facts.env['TERM']})` : ''}` };
  }
  // A version from a weaker source when the stronger one named the same program without one.
  const version = best.version ?? [da2, env].find((g) => g && g.name === best.name && g.version)?.version ?? 'unknown';
  const identifiedBy: Identity['identifiedBy'] = best === xt ? 'xtversion' : best === da2 ? 'da2' : 'env';
  const identity: Identity = { name: best.name, version, identifiedBy, chain };
  const engine = best.engine;
  let summary = `${label({ name: best.name, version: version === 'unknown' ? undefined : version })}${engine && engine.name !== best.name ? ` (${engine.name}${engine.version ? ` ${engine.version}` : ''})` : ''} (from ${best.source})`;

  if (isMultiplexer(best.name)) {
    const outer = guessOuter(facts, best.name);
    summary += `; ${best.name} answers the queries itself, so these are ${best.name}'s answers, not your terminal's`;
    if (outer) {
      identity.outer = { name: outer.name, ...(outer.version ? { version: outer.version } : {}), identifiedBy: outer.source };
      summary += `; outer terminal: ${label(outer)} (from ${outer.source})`;
    } else summary += '; the outer terminal could not be told';
  }
  return { identity, summary, ...(engine ? { engine } : {}) };
}
