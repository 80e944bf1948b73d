/**
 * `--reference <name|file>`: what answers are compared with. A results file
 * (a path: it ends in .json, holds a /, or exists) must exist; a name is a
 * target, checked where the runs are known (or, for the bare command, one of
 * the embedded emulators).
 */
import { existsSync, statSync } from 'node:fs';
import { Option } from 'commander';
import { EMBEDDED_TARGETS } from '../../targets/registry.js';
import { didYouMean } from '../../util/nearest-name.js';
import { UsageError } from '../errors.js';

export type ReferenceSpec = { kind: 'file'; path: string } | { kind: 'name'; name: string };

export function parseReference(text: string): ReferenceSpec {
  const spec = text.trim();
  if (spec === '') throw new UsageError('--reference is empty; name a target (xterm.js, ghostty, …) or a results file');
  if (spec.endsWith('.json') || spec.includes('/') || existsSync(spec)) {
    if (!existsSync(spec)) throw new UsageError(`--reference ${spec}: no such results file`);
    if (!statSync(spec).isFile()) throw new UsageError(`--reference ${spec} is not a file; name a results file or a target`);
    return { kind: 'file', path: spec };
  }
  return { kind: 'name', name: spec };
}

/** The bare command: an embedded emulator (run now beside your terminal) or a results file. */
export function parseSelfReference(text: string): ReferenceSpec {
  const ref = parseReference(text);
  if (ref.kind === 'name' && !(EMBEDDED_TARGETS as string[]).includes(ref.name)) {
    throw new UsageError(`--reference "${ref.name}" is not ${EMBEDDED_TARGETS.join(' or ')} (the emulators run here) nor a results file${didYouMean(ref.name, EMBEDDED_TARGETS)}`);
  }
  return ref;
}

/** The text form chooseReference takes. */
export function referenceText(ref: ReferenceSpec | undefined, fallback: string): string {
  return ref === undefined ? fallback : ref.kind === 'file' ? ref.path : ref.name;
}

export function referenceOption(flags: string, description: string, parse: (text: string) => ReferenceSpec = parseReference): Option {
  return new Option(flags, description).argParser(parse);
}
