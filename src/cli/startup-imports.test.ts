/**
 * What `npx termprobe` loads before it touches the terminal. zod alone took
 * 90 ms and 4 MB of heap at start-up (and its garbage brought a 10 ms
 * mark-compact into the probing); the YAML packages, the embedded emulators
 * and the table renderers are needed only on other paths. This walks the
 * static imports of the built modules (dynamic imports are the lazy paths).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const STATIC_IMPORT = /^\s*(?:import|export)\s[^'"]*?\sfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

/** Packages reachable from `entry` through static imports only. */
function staticPackages(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const spec = (m[1] ?? m[2])!;
      if (spec.startsWith('.')) walk(resolve(dirname(file), spec));
      else if (!spec.startsWith('node:')) packages.add(spec);
    }
  };
  walk(resolve(DIST, entry));
  return packages;
}

const HEAVY = ['zod', 'js-yaml', '@xterm/headless', '@xterm/addon-unicode11', 'ghostty-web', 'cli-table3', 'markdown-table'];

describe('start-up imports', () => {
  it('the build exists (npm test builds first)', () => {
    expect(existsSync(resolve(DIST, 'cli/main.js'))).toBe(true);
  });

  for (const entry of ['cli/main.js', 'cli/default-command.js', 'cli/self-command.js', 'cli/list-command.js', 'cli/show-command.js']) {
    it(`${entry} loads none of ${HEAVY.join(', ')} up front`, () => {
      const heavy = [...staticPackages(entry)].filter((p) => HEAVY.includes(p));
      expect(heavy).toEqual([]);
    });
  }

  // compare reads the published runs through the hand-written check and the compiled registry: zod only for a file
  // or registry that fails them (read-results-lazily.ts, divergence-registry.ts), about 80 ms of CPU at every start.
  // and js-yaml only when a YAML file is parsed (yaml-lines.ts requires it then).
  for (const entry of ['cli/compare-command.js', 'report/compare-text.js', 'report/compare-json.js']) {
    it(`${entry} loads neither zod nor js-yaml up front`, () => {
      const packages = staticPackages(entry);
      expect(packages.has('zod')).toBe(false);
      expect(packages.has('js-yaml')).toBe(false);
    });
  }

  it('the walk does find a static zod import where there is one', () => {
    expect(staticPackages('results/read-results.js').has('zod')).toBe(true);
  });
});
