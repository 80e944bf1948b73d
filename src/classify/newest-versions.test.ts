import { describe, expect, it } from 'vitest';
import type { ResultsFile } from '../results/results-schema.js';
import { compareVersionStrings, hiddenVersionsNote, newestVersions } from './newest-versions.js';
import { viewRun } from './run-view.js';

function run(target: string, name: string, version: string, platform?: string): ResultsFile {
  return {
    schema: 'termprobe-results/1',
    tool: { name: 'termprobe', version: '0.1.0' },
    corpus: { hash: `sha256:${'0'.repeat(64)}`, probes: 0 },
    target: { id: target, identity: { name, version, identifiedBy: 'package', chain: { package: `${name}@${version}` } } },
    settings: { cols: 80, rows: 24 },
    run: { startedAt: '2026-01-01T00:00:00Z', elapsedMs: 1, ...(platform ? { platform: { os: platform } } : {}) },
    probes: [],
  };
}

describe('versions', () => {
  it('orders versions naturally, a pre-release before its release', () => {
    const sorted = ['5.10.0', '4.19.0', '5.0.0', '6.0.0', '0.26.5', '6.0.0-beta.1', '5.5.0', '3.3a', '3.3'].sort(compareVersionStrings);
    expect(sorted).toEqual(['0.26.5', '3.3', '3.3a', '4.19.0', '5.0.0', '5.5.0', '5.10.0', '6.0.0-beta.1', '6.0.0']);
  });

  it('shows the newest version of each terminal per platform, and says which were left out', () => {
    const views = [
      viewRun('a.json', run('xterm.js', 'xterm.js', '5.5.0', 'linux')),
      viewRun('b.json', run('xterm.js', 'xterm.js', '6.0.0', 'linux')),
      viewRun('c.json', run('xterm.js', 'xterm.js', '4.19.0', 'linux')),
      viewRun('d.json', run('self', 'iTerm2', '3.5.0', 'macos')),
      viewRun('e.json', run('self', 'iTerm2', '3.4.0', 'linux')),
      viewRun('f.json', run('xterm.js', 'xterm.js', '6.0.0', 'linux')),
    ];
    const { shown, hidden } = newestVersions(views);
    expect(shown.map((v) => v.file)).toEqual(['b.json', 'd.json', 'e.json']);
    expect(hiddenVersionsNote(hidden)).toBe('newest version of each terminal: xterm.js 6.0.0 shown, not 5.5.0, 4.19.0, 6.0.0 again (f.json) (--all-versions shows every one)');
  });
});
