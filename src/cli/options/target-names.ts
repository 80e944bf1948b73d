/**
 * `--target <names>` (repeatable, or a,b): registry names, or `all`. A name the
 * registry does not know fails at once, with the nearest known one and the list.
 */
import { Option } from 'commander';
import { isTargetName, TARGETS } from '../../targets/registry.js';
import { didYouMean } from '../../util/nearest-name.js';
import { UsageError } from '../errors.js';

export function parseTargetNames(text: string, prior: string[] = [], allowAll = true): string[] {
  const names = [...prior];
  for (const raw of text.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    if (!(isTargetName(name) || (allowAll && name === 'all'))) {
      const known = Object.keys(TARGETS);
      throw new UsageError(`--target: unknown target "${name}"${didYouMean(name, known)} (valid: ${allowAll ? 'all, ' : ''}${known.join(', ')})`);
    }
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

export function targetOption(description: string, allowAll = true): Option {
  return new Option('-t, --target <names>', description).argParser((text: string, prior?: string[]) => parseTargetNames(text, prior, allowAll));
}
