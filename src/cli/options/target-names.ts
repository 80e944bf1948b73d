/**
 * `--target <names>` (repeatable, or a,b): registry names, releases of the
 * embedded ones ("xterm.js@5.5.0"), `all`, or `releases` (every release). A name the
 * registry does not know fails at once, with the nearest known one and the list.
 */
import { Option } from 'commander';
import { isTargetName, TARGETS } from '../../targets/registry.js';
import { findRelease, releaseName, RELEASES } from '../../targets/release-targets.js';
import { didYouMean } from '../../util/nearest-name.js';
import { UsageError } from '../errors.js';

export function parseTargetNames(text: string, prior: string[] = [], allowAll = true): string[] {
  const names = [...prior];
  for (const raw of text.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    if (!(isTargetName(name) || findRelease(name) || (allowAll && (name === 'all' || name === 'releases')))) {
      const of = name.split('@')[0];
      const releases = RELEASES.filter((r) => r.of === of).map(releaseName);
      if (name.includes('@') && releases.length > 0) throw new UsageError(`--target: unknown release "${name}" (releases of ${of} installed beside it: ${releases.join(', ')})`);
      const known = Object.keys(TARGETS);
      throw new UsageError(`--target: unknown target "${name}"${didYouMean(name, known)} (valid: ${allowAll ? 'all, releases, ' : ''}${known.join(', ')})`);
    }
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

export function targetOption(description: string, allowAll = true): Option {
  return new Option('-t, --target <names>', description).argParser((text: string, prior?: string[]) => parseTargetNames(text, prior, allowAll));
}
