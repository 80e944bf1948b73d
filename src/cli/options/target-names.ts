/**
 * `--target <names>` (repeatable, or a,b): registry names, releases of the
 * embedded ones ("xterm.js@5.5.0"), `all`, `releases` (every release), or one
 * command per --target (`x11:…`, `wayland:…`, `stdio:…`; its template is
 * checked when the target loads, before anything starts). A name the
 * registry does not know fails at once, with the nearest known one and the list.
 */
import { Option } from 'commander';
import { CUSTOM_TARGET_HINT, isCustomTargetSpec, isTargetName, TARGETS } from '../../targets/registry.js';
import { findRelease, releaseName, RELEASES } from '../../targets/embedded/release-targets.js';
import { didYouMean } from '../../util/nearest-name.js';
import { UsageError } from '../errors.js';

export function parseTargetNames(text: string, prior: string[] = [], allowAll = true): string[] {
  const names = [...prior];
  if (text.split(',').every((part) => part.trim() === '')) throw new UsageError(`--target ${JSON.stringify(text)} names no target; name one or more (termprobe targets lists them), or leave --target out for the embedded ones`);
  // A command (`x11:xterm -e {command}`) is one target, commas and all: give several with several --target.
  if (isCustomTargetSpec(text.trim())) {
    if (!names.includes(text.trim())) names.push(text.trim());
    return names;
  }
  for (const raw of text.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    if (!(isTargetName(name) || findRelease(name) || (allowAll && (name === 'all' || name === 'releases')))) {
      const of = name.split('@')[0];
      const releases = RELEASES.filter((r) => r.of === of).map(releaseName);
      if (name.includes('@') && releases.length > 0) throw new UsageError(`--target: unknown release "${name}" (releases of ${of} installed beside it: ${releases.join(', ')})`);
      const known = Object.keys(TARGETS);
      throw new UsageError(`--target: unknown target "${name}"${didYouMean(name, known)} (valid: ${allowAll ? 'all, releases, ' : ''}${known.join(', ')}, ${CUSTOM_TARGET_HINT})`);
    }
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

export function targetOption(description: string, allowAll = true): Option {
  return new Option('-t, --target <names>', description).argParser((text: string, prior?: string[]) => parseTargetNames(text, prior, allowAll));
}
