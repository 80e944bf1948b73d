/**
 * Read a terminal's expectations profile (gate-profile-schema.ts): parse the
 * YAML with positions, validate it, and keep the line of every field and entry,
 * so that every later problem — a probe the corpus lacks, a ledger answer that
 * is not the committed one, a target that does not start, a stale entry in a
 * SARIF report — names the file and the line. The first problem throws a
 * GateProfileError (bad input: exit 2, nothing written).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loadYaml, yamlLines, yamlSyntaxProblem } from '../util/yaml-lines.js';
import { BadInputError } from '../util/bad-input-error.js';
import { gateProfileSchema, type GateProfileData, type LedgerEntryData } from './gate-profile-schema.js';

export class GateProfileError extends BadInputError {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly problem: string,
  ) {
    super(`${file}${line ? `:${line}` : ''}: ${problem}`);
    this.name = 'GateProfileError';
  }
}

export interface LedgerEntry extends LedgerEntryData {
  /** 1-based position in the ledger, and the line the entry starts on. */
  index: number;
  line: number | undefined;
  /** The answers it accepts, as a list. */
  answers: string[];
}

export interface SkipEntry {
  probe: string;
  reason: string;
  line: number | undefined;
}

export interface GateProfile {
  /** The file as given (relative paths stay relative: reports name it so). */
  file: string;
  target: string;
  corpus: GateProfileData['corpus'];
  /** The answers file as the profile names it, and resolved against the profile's folder. */
  answers: string;
  answersPath: string;
  ledger: LedgerEntry[];
  skip: SkipEntry[];
  /** The line of a field or entry: lineOf('target'), lineOf('ledger', 3, 'answer'). */
  lineOf(...path: (string | number)[]): number | undefined;
}

/** Profiles are a few KB; one a thousand times larger is a mistake, refused before it is read. */
const MAX_BYTES = 4 * 1024 * 1024;

function readText(file: string): string {
  if (!existsSync(file)) throw new GateProfileError(file, undefined, `no such file; write a first profile with termprobe init --target '…'`);
  const st = statSync(file);
  if (!st.isFile()) throw new GateProfileError(file, undefined, 'is not a file');
  if (st.size > MAX_BYTES) throw new GateProfileError(file, undefined, `is ${st.size} bytes; a profile is at most ${MAX_BYTES} bytes`);
  return readFileSync(file, 'utf8');
}

type LineOf = (...path: (string | number)[]) => number | undefined;

/** The slow, positioned parse (js-yaml again, with its listener): for the lines of errors, and of anything the scan below cannot place. */
function positioned(text: string): { lineOf: LineOf } {
  const lines = yamlLines(text);
  const data = loadYaml(text);
  // The deepest node of the path that exists: a missing field is named at its entry.
  const existing = (path: (string | number)[]) => {
    let node: unknown = data;
    let n = 0;
    for (const key of path) {
      if (node === null || typeof node !== 'object' || !(String(key) in node)) break;
      node = (node as Record<string, unknown>)[String(key)];
      n++;
    }
    return path.slice(0, n);
  };
  return { lineOf: (...path) => lines(existing(path)) };
}

/**
 * Lines of the top-level fields and of the ledger's and skip list's entries, read off the text as init lays it
 * out (each entry starting "- probe:"); undefined when the layout is another, and the positioned parse places them.
 */
function scanLines(text: string, counts: { ledger: number; skip: number }): LineOf | undefined {
  const top = new Map<string, number>();
  const entries: Record<string, number[]> = { ledger: [], skip: [] };
  let section: string | undefined;
  text.split('\n').forEach((l, i) => {
    const key = /^([A-Za-z_][\w-]*)\s*:/.exec(l)?.[1];
    if (key) {
      if (!top.has(key)) top.set(key, i + 1);
      section = key;
    } else if (section && section in entries && /^\s*-\s+probe\s*:/.test(l)) entries[section]!.push(i + 1);
  });
  if (entries['ledger']!.length !== counts.ledger || entries['skip']!.length !== counts.skip) return undefined;
  return (...path) => {
    if (path.length === 1 && typeof path[0] === 'string') return top.get(path[0]);
    if (path.length === 2 && typeof path[1] === 'number' && (path[0] === 'ledger' || path[0] === 'skip')) return entries[path[0]]![path[1]];
    return undefined;
  };
}

export function parseGateProfile(text: string, file: string): GateProfile {
  let slow: ReturnType<typeof positioned> | undefined;
  const slowLineOf: LineOf = (...path) => (slow ??= positioned(text)).lineOf(...path);
  let data: unknown;
  try {
    data = loadYaml(text, file);
  } catch (e) {
    const { line, reason } = yamlSyntaxProblem(e);
    throw new GateProfileError(file, line, `invalid YAML: ${reason}`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new GateProfileError(file, slowLineOf(), 'a profile is a mapping: profile, target, corpus, answers, ledger (see schema/gate-profile.schema.json)');
  // "ledger:" with nothing under it is an empty ledger (every entry removed), and so for skip.
  for (const key of ['ledger', 'skip']) if ((data as Record<string, unknown>)[key] === null) (data as Record<string, unknown>)[key] = [];
  const parsed = gateProfileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const what = issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}` : issue.message;
    const where = describePath(path, data);
    const at = issue.code === 'unrecognized_keys' ? slowLineOf(...path, issue.keys[0]!) : slowLineOf(...path);
    throw new GateProfileError(file, at, `${where}${what}`);
  }
  const p = parsed.data;
  const fast = scanLines(text, { ledger: p.ledger.length, skip: p.skip.length });
  const lineOf: LineOf = (...path) => fast?.(...path) ?? slowLineOf(...path);
  const ledger = p.ledger.map((e, i): LedgerEntry => ({ ...e, index: i + 1, line: lineOf('ledger', i), answers: typeof e.answer === 'string' ? [e.answer] : [...new Set(e.answer)] }));
  const skip = p.skip.map((s, i): SkipEntry => ({ ...s, line: lineOf('skip', i) }));
  return { file, target: p.target, corpus: p.corpus, answers: p.answers, answersPath: resolve(dirname(file), p.answers), ledger, skip, lineOf };
}

/** "ledger entry 3 (probe wrap.x): reason: " for a problem inside an entry; "target: " for a field. */
function describePath(path: (string | number)[], data: unknown): string {
  const [top, index, ...rest] = path;
  if ((top === 'ledger' || top === 'skip') && typeof index === 'number') {
    const probe = ((data as Record<string, unknown[]>)[top]?.[index] as { probe?: unknown } | undefined)?.probe;
    const label = `${top} entry ${index + 1}${typeof probe === 'string' ? ` (${probe})` : ''}`;
    return `${label}: ${rest.length ? `${rest.join('.')}: ` : ''}`;
  }
  return path.length ? `${path.join('.')}: ` : '';
}

export function loadGateProfile(file: string): GateProfile {
  return parseGateProfile(readText(file), file);
}
