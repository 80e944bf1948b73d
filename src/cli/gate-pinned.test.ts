/**
 * A profile that pins a corpus (`corpus: sha256:…`) gates only that corpus's
 * probes still measured the same way, so upgrading termprobe adds nothing to it
 * until the profile says so; a hash termprobe does not know is bad input at the
 * `corpus:` line. On the xterm.js stdio adapter, in a scratch folder.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { knownCorpusOf, readCorpusHistory } from '../corpus/corpus-history.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { ROOT, runCli } from '../test-support/cli.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const tempDir = useTempDirs();
const ADAPTER = `stdio:node ${join(ROOT, 'dist/adapters/xterm-js-adapter.js')}`;
let dir: string;

beforeAll(() => {
  dir = tempDir('termprobe-gate-pinned-');
  expect(runCli(['init', '--target', ADAPTER], { cwd: dir }).code).toBe(0);
}, 120_000);

describe('termprobe gate with a pinned corpus', () => {
  it('runs only the pinned corpus\'s probes still measured the same way, and says so', async () => {
    const current = knownCorpusOf(await loadCorpus());
    const older = readCorpusHistory().corpora.find((c) => c.hash !== current.hash && Object.keys(c.probes).length < Object.keys(current.probes).length)!;
    expect(older).toBeDefined();
    const same = Object.keys(current.probes).filter((id) => older.probes[id] === current.probes[id]);
    const file = join(dir, 'termprobe.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('corpus: latest', `corpus: ${older.hash}`));
    const r = runCli(['gate', '--out', 'pinned'], { cwd: dir, timeoutMs: 240_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^PASS: .* — ${same.length} probes run: `));
    expect(r.stdout).toContain(`note: corpus pinned to ${older.hash.slice(0, 19)}…: ${same.length} probes run; `);
    const junit = readFileSync(join(dir, 'pinned/junit.xml'), 'utf8');
    const ran = [...junit.matchAll(/ name="([^"]+)" time="0">/g)].map((m) => m[1]).sort();
    expect(ran).toEqual([...same].sort());
  }, 240_000);

  it('refuses a corpus hash termprobe does not know, at the corpus line (exit 2, nothing written)', () => {
    const file = join(dir, 'termprobe.yaml');
    const text = readFileSync(file, 'utf8').replace(/^corpus: .*$/m, `corpus: sha256:${'0'.repeat(64)}`);
    writeFileSync(file, text);
    const line = text.split('\n').findIndex((l) => l.startsWith('corpus: ')) + 1;
    const r = runCli(['gate', '--out', 'unknown'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^termprobe: termprobe\\.yaml:${line}: corpus: sha256:000000000000… is not a corpus this termprobe knows \\(the one at hand is sha256:[0-9a-f]{64}\\); pin that one, or say latest\\n$`));
  });
});
