/**
 * A results file of the user's own terminal is meant to be shared (attached to
 * an issue, sent with `termprobe contribute`). Before it is written it holds
 * only what says which terminal answered and how:
 *
 * - the environment is cut down to the terminal-identifying variables
 *   (identify-env.ts), presence variables as "set" only;
 * - `run.host` is never written;
 * - anything personal that still reached a text (a note, a stray reply, a
 *   version string) — the user and host names, the home folder, SSH client
 *   and server addresses — is replaced by a placeholder, wherever in
 *   the file it stands.
 *
 * The personal values come from the environment and from node:os, read here
 * and nowhere else.
 */
import { homedir, hostname, userInfo } from 'node:os';
import type { ResultsFile } from '../results/results-schema.js';
import { isTerminalVar } from './identify-env.js';

export interface PersonalValue {
  value: string;
  placeholder: string;
  /** Names match as whole words only; paths and addresses anywhere. */
  word: boolean;
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** A name worth looking for: not so short or plain that it would match ordinary text. */
const nameLike = (s: string | undefined): s is string => !!s && s.length >= 3 && /[A-Za-z]/.test(s);
const pathLike = (s: string | undefined): s is string => !!s && s.length >= 3 && /[/\\]/.test(s) && !/^[/\\]+$/.test(s);
const addressLike = (s: string | undefined): s is string => !!s && /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:]+)$/i.test(s) && s.length >= 3;

/** Everything personal this process can see: user and host names, the home folder, SSH addresses. */
export function personalValues(env: NodeJS.ProcessEnv = process.env): PersonalValue[] {
  const out: PersonalValue[] = [];
  const add = (value: string | undefined, placeholder: string, ok: (s: string | undefined) => s is string, word: boolean) => {
    if (ok(value) && !out.some((p) => p.value === value)) out.push({ value, placeholder, word });
  };
  for (const home of [env['HOME'], env['USERPROFILE'], safely(homedir)]) add(home, '<home>', pathLike, false);
  for (const user of [env['USER'], env['LOGNAME'], env['USERNAME'], safely(() => userInfo().username)]) add(user, '<user>', nameLike, true);
  for (const host of [env['HOSTNAME'], env['COMPUTERNAME'], safely(hostname)]) {
    add(host, '<host>', nameLike, true);
    add(host?.split('.')[0], '<host>', nameLike, true);
  }
  const ssh = [...(env['SSH_CLIENT'] ?? '').split(/\s+/), ...(env['SSH_CONNECTION'] ?? '').split(/\s+/)];
  for (const a of ssh) add(a, '<address>', addressLike, false);
  // Longest first, so a home path inside the current folder is replaced whole.
  return out.sort((a, b) => b.value.length - a.value.length);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A function replacing every personal value in a text by its placeholder. */
export function redactor(values: readonly PersonalValue[]): (text: string) => string {
  if (values.length === 0) return (t) => t;
  const patterns = values.map((v) => ({ re: new RegExp(v.word ? `(?<![A-Za-z0-9_.-])${escapeRegExp(v.value)}(?![A-Za-z0-9_-]|\\.[A-Za-z0-9])` : escapeRegExp(v.value), 'g'), to: v.placeholder }));
  return (text) => {
    let out = text;
    for (const { re, to } of patterns) out = out.replace(re, to);
    return out;
  };
}

function mapStrings(value: unknown, fn: (s: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)]));
  return value;
}

/**
 * Home folders by their usual shape, whoever's they are (for a file made on
 * another machine, whose user names are not known here): /home/NAME,
 * /Users/NAME, C:\Users\NAME.
 */
const HOME_SHAPES = [/\/(?:home|Users)\/[^/\s"'\\]+/g, /\b[A-Za-z]:\\{1,2}Users\\{1,2}[^\\\s"']+/g];

export function redactHomeShapes(text: string): string {
  let out = text;
  for (const re of HOME_SHAPES) out = out.replace(re, '<home>');
  return out;
}

/** The file as it may be shared (a corpus or a Unicode results file): a new object, the input untouched. */
export function shareableResults<T extends Pick<ResultsFile, 'target'> & { run: object } = ResultsFile>(results: T, values: readonly PersonalValue[] = personalValues()): T {
  const redact = redactor(values);
  const copy = mapStrings(results, (t) => redactHomeShapes(redact(t))) as T;
  const { host: _host, ...run } = copy.run as { host?: string };
  copy.run = run as T['run'];
  const env = copy.target.identity.chain.env;
  if (env) copy.target.identity.chain.env = Object.fromEntries(Object.entries(env).filter(([k, v]) => isTerminalVar(k, v)));
  return copy;
}
