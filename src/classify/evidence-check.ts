/**
 * Evidence at the measured version, checked offline: every link into a source
 * repository (its evidence and its statement of intent) names the tag or the
 * full commit of a release that was measured — the results at hand say which
 * versions (with none of that terminal at hand, the table's own rows, which are
 * the published runs' versions), and the pinned table of releases
 * (probes/release-commits.json, see release-table.ts) says which tag and commit
 * each version is. A link into a
 * repository the table does not know is a problem too: none is skipped. A
 * branch name or a short hash is not evidence about any particular version.
 */
import type { DivergenceEntry } from './load-divergences.js';
import { entryCovers } from './load-divergences.js';
import type { ReplyConvention } from './reply-convention.js';
import type { RunView } from './run-view.js';
import type { ReleaseTable } from './release-table.js';

const BRANCHES = new Set(['main', 'master', 'head', 'trunk', 'develop', 'dev', 'next', 'devel']);

/**
 * owner/repo and the ref of a link pinned by path (GitHub, GitLab, Codeberg, cgit ?id=/tag=), or
 * sources.debian.org/<package> and the Debian version of a source package's file; undefined otherwise.
 */
export function linkRef(url: string): { repo: string; ref: string } | undefined {
  let m = /^https?:\/\/github\.com\/([^/]+\/[^/]+)\/(?:blob|tree|commit|raw|blame)\/([^/#?]+)/.exec(url);
  m ??= /^https?:\/\/raw\.githubusercontent\.com\/([^/]+\/[^/]+)\/([^/#?]+)/.exec(url);
  m ??= /^https?:\/\/(?:gitlab\.gnome\.org|invent\.kde\.org|gitlab\.freedesktop\.org|codeberg\.org|gitlab\.com)\/((?:[^/]+\/)*?[^/]+\/[^/]+)\/-?\/?(?:blob|tree|commit|src\/(?:tag|commit|branch))\/([^/#?]+)/.exec(url);
  if (m) return { repo: m[1]!.toLowerCase(), ref: m[2]! };
  const debian = /^https?:\/\/sources\.debian\.org\/src\/([^/]+)\/([^/#?]+)\//.exec(url);
  if (debian) return { repo: `sources.debian.org/${debian[1]!.toLowerCase()}`, ref: decodeURIComponent(debian[2]!) };
  const cgit = /^https?:\/\/[^/]+\/(?:cgit\/)?([^?#]+?)(?:\.git)?\/(?:tree|plain|commit|blob)\/[^?#]*\?(?:[^#]*&)?(?:id|h|tag)=([^&#]+)/.exec(url);
  if (cgit) return { repo: cgit[1]!.toLowerCase(), ref: decodeURIComponent(cgit[2]!) };
  return undefined;
}

/** What carries evidence in the registry: an entry, or a reply convention. */
export type Evidenced = DivergenceEntry | ReplyConvention;

/** The versions of `product` measured: among the runs the entry covers, else among all runs at hand. */
function measuredVersions(product: string, e: Evidenced, views: RunView[]): string[] {
  const versionOf = (v: RunView) => (v.targetId === product ? v.version : v.engine.name === product ? v.engine.version : undefined);
  const known = (v: RunView) => versionOf(v) !== undefined && versionOf(v) !== 'unknown';
  const covered = views.filter((v) => known(v) && entryCovers(e, v.answerer) !== undefined);
  return [...new Set((covered.length > 0 ? covered : views.filter(known)).map((v) => versionOf(v)!))];
}

function problemOf(url: string, e: Evidenced, views: RunView[], table: ReleaseTable): string | undefined {
  const pinned = linkRef(url);
  if (!pinned) return undefined;
  const { repo, ref } = pinned;
  if (/^[0-9a-f]{7,39}$/i.test(ref)) return `${url} names commit ${ref}: pin links to the full 40-hex commit`;
  if (BRANCHES.has(ref.toLowerCase())) return `${url} points at the branch "${ref}", which moves: pin it to the tag or commit of the measured version`;
  const row = table.repositories[repo];
  if (!row) return `${url}: ${repo} is not in the table of measured releases (probes/release-commits.json): add its product, the tag and commit of each version measured, and where they come from`;
  // The versions measured in the results at hand; with none of this product at hand, the releases the table holds (it lists only measured ones).
  const atHand = measuredVersions(row.product, e, views);
  const measured = atHand.length > 0 ? atHand : Object.keys(row.releases);
  const releases = measured.flatMap((v) => (row.releases[v] ? [{ version: v, ...row.releases[v] }] : []));
  if (releases.length === 0) return `${url}: the table of measured releases has no row for ${row.product} ${measured.join(', ')} in ${repo}${row.note ? ` (${row.note})` : ''}`;
  if (releases.some((r) => ref === r.tag || ref.toLowerCase() === r.commit)) return undefined;
  const want = releases.map((r) => `${row.product} ${r.version}: ${[r.tag ? `tag ${r.tag}` : '', r.commit ? `commit ${r.commit}` : ''].filter(Boolean).join(', ')}`).join('; ');
  return `${url} cites ${ref}, which is not the release measured (${want})`;
}

export interface EvidenceProblem {
  entry: Evidenced;
  problem: string;
}

/** The lines of an entry that cite sources: its evidence, and its statement of intent. */
function citations(e: Evidenced): string[] {
  const intent = 'intent' in e ? e.intent : undefined;
  return [...e.evidence, ...(intent === undefined ? [] : typeof intent === 'string' ? [intent] : intent)];
}

export function checkEvidence(entries: readonly Evidenced[], views: RunView[], table: ReleaseTable): EvidenceProblem[] {
  const out: EvidenceProblem[] = [];
  for (const e of entries) {
    for (const line of citations(e)) {
      for (const url of line.match(/https?:\/\/[^\s"']+/g) ?? []) {
        const problem = problemOf(url.replace(/[),.;:]+$/, ''), e, views, table);
        if (problem) out.push({ entry: e, problem });
      }
    }
  }
  return out;
}
