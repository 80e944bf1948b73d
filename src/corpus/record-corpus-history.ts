/**
 * Records corpus versions in probes/corpus-history.json (see corpus-history.ts).
 *
 *   node dist/corpus/record-corpus-history.js            the corpus at hand, if new
 *   node dist/corpus/record-corpus-history.js --from-git every corpus in the first-parent history of probes/
 *
 * `npm run regenerate-results` runs the first form, so every corpus that
 * published results is known to the termprobe versions after it. An entry is
 * never changed or removed: a results file made with it must stay readable.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORPUS_HISTORY_FILE, knownCorpusOf, readCorpusHistory, type CorpusHistory, type KnownCorpus } from './corpus-history.js';
import { DEFAULT_PROBES_DIR, loadCorpus } from './load-corpus.js';

const ABOUT = 'Every corpus version main has shipped, oldest first: its hash, the commit that first shipped it, and the measurement hash of each probe (probe id → first 16 hex digits of sha256 over the canonical JSON of its send, steps, query, screen, size, cleanup, tags and input event). Written by src/corpus/record-corpus-history.ts; entries are never changed or removed.';

function git(args: string[], cwd: string): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** The corpus of every commit that changed probes/ (first parent, oldest first), parsed with the schema at hand. */
async function corporaFromGit(repo: string): Promise<KnownCorpus[]> {
  const { parseCorpus } = await import('./parse-corpus.js');
  const commits = git(['log', '--first-parent', '--reverse', '--format=%H %cI', '--', 'probes/'], repo).trim().split('\n').filter(Boolean);
  const out: KnownCorpus[] = [];
  for (const line of commits) {
    const [commit, date] = line.split(' ') as [string, string];
    const dir = mkdtempSync(join(tmpdir(), 'termprobe-corpus-'));
    try {
      const files = git(['ls-tree', '--name-only', commit, 'probes/'], repo).trim().split('\n').filter((f) => f.endsWith('.yaml'));
      mkdirSync(dir, { recursive: true });
      for (const f of files) writeFileSync(join(dir, f.slice('probes/'.length)), git(['show', `${commit}:${f}`], repo));
      const corpus = parseCorpus(dir);
      if (!out.some((c) => c.hash === corpus.hash)) out.push({ ...knownCorpusOf(corpus), hash: corpus.hash, commit, date });
    } catch (e) {
      process.stderr.write(`record-corpus-history: ${commit.slice(0, 10)} skipped: ${(e as Error).message.split('\n')[0]}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return out;
}

function headCommit(repo: string): { commit?: string; date?: string } {
  try {
    const [commit, date] = git(['log', '-1', '--format=%H %cI'], repo).trim().split(' ');
    return { commit, date };
  } catch {
    return {};
  }
}

export async function recordCorpusHistory(opts: { fromGit?: boolean; file?: string; probes?: string } = {}): Promise<{ added: string[]; history: CorpusHistory }> {
  const file = opts.file ?? CORPUS_HISTORY_FILE;
  const repo = resolve(opts.probes ?? DEFAULT_PROBES_DIR, '..');
  const history = readCorpusHistory(file);
  const candidates = opts.fromGit ? await corporaFromGit(repo) : [];
  const current = await loadCorpus(opts.probes);
  candidates.push({ ...knownCorpusOf(current), ...headCommit(repo) });
  const added: string[] = [];
  for (const c of candidates) {
    if (history.corpora.some((h) => h.hash === c.hash)) continue;
    history.corpora.push({ hash: c.hash, ...(c.commit ? { commit: c.commit } : {}), ...(c.date ? { date: c.date } : {}), probes: c.probes });
    added.push(c.hash);
  }
  // Oldest first by the date of the commit that shipped each: a corpus recorded on a branch joins main after
  // corpora of later commits, so appending alone would not keep that order. Entries without a date stay first.
  history.corpora.sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
  if (added.length > 0) {
    const { writeFileAtomic } = await import('../util/write-file-atomic.js');
    // One line per corpus: diffs stay readable, the file stays small.
    const lines = history.corpora.map((c) => '    ' + JSON.stringify(c));
    writeFileAtomic(file, `{\n  "about": ${JSON.stringify(ABOUT)},\n  "corpora": [\n${lines.join(',\n')}\n  ]\n}\n`);
  }
  return { added, history };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  recordCorpusHistory({ fromGit: process.argv.includes('--from-git') }).then(
    ({ added, history }) => console.log(`corpus history: ${history.corpora.length} versions known${added.length ? `, ${added.length} added` : ', none added'}`),
    (e: Error) => {
      console.error(`record-corpus-history: ${e.message}`);
      process.exitCode = 1;
    },
  );
}
