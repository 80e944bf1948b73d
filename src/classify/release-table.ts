/**
 * The pinned table of measured releases (probes/release-commits.json): per
 * source repository the registry cites, the terminal or engine it is the source
 * of and, per version measured, the tag it was released as and the commit that
 * tag names, with where the table (and any row without a tag) comes from. The
 * evidence check reads it offline; a malformed table is bad input (exit 2).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DivergenceFileError } from './divergence-error.js';

export const DEFAULT_RELEASE_TABLE = fileURLToPath(new URL('../../probes/release-commits.json', import.meta.url));

const releaseSchema = z
  .strictObject({
    tag: z.string().min(1).optional(),
    commit: z.string().regex(/^[0-9a-f]{40}$/, 'a commit is 40 lower-case hex digits').optional(),
    source: z.string().min(20).optional(),
  })
  .refine((r) => r.tag !== undefined || r.commit !== undefined, 'a release names its tag, its commit, or both')
  .refine((r) => r.tag !== undefined || r.source !== undefined, 'a release with no tag says how its commit was identified (source)');

const repositorySchema = z.strictObject({
  /** A target id (results' target.id) or an engine name (target.engine.name): whose versions the rows are. */
  product: z.string().min(1),
  releases: z.record(z.string().min(1), releaseSchema),
  note: z.string().optional(),
});

export const releaseTableSchema = z.strictObject({
  about: z.string().min(20),
  source: z.string().min(20),
  /** By repository: "owner/name" (lower case) for GitHub and similar hosts, "sources.debian.org/<package>" for Debian source packages. */
  repositories: z.record(z.string().regex(/^[a-z0-9._-]+(\/[a-z0-9._-]+)+$/, 'a repository is owner/name in lower case'), repositorySchema),
});

export type ReleaseTable = z.output<typeof releaseTableSchema>;
export type Release = z.output<typeof releaseSchema>;

export function loadReleaseTable(path: string = DEFAULT_RELEASE_TABLE): ReleaseTable & { file: string } {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new DivergenceFileError(path, `cannot be read as JSON: ${(e as Error).message}`);
  }
  const parsed = releaseTableSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new DivergenceFileError(path, `${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  return { ...parsed.data, file: path };
}
