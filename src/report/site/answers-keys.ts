/**
 * A probe page's answers as data carry one-letter keys (assets/probe.js spells
 * them out as it reads the block): 1,113 pages × a dozen groups repeated
 * "terminals", "answer", "kind"… for 190 KB of the site. The page no longer says
 * the number of terminals or the reference either: the terminals every probe page
 * shares (assets/probe.js termprobeTerminals) say both.
 */
export const ANSWER_KEYS = { answer: 'a', received: 'r', kind: 'k', cls: 'c', terminals: 't', raw: 'w', screens: 's', pictures: 'p', reasons: 'y' } as const;

export type AnswerGroupData = Partial<Record<keyof typeof ANSWER_KEYS, unknown>>;

/** A group's fields under their short keys, those left out staying out. */
export function shortKeys(group: AnswerGroupData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [long, short] of Object.entries(ANSWER_KEYS)) if (group[long as keyof AnswerGroupData] !== undefined) out[short] = group[long as keyof AnswerGroupData];
  return out;
}

/** A page's answers with the long keys again, as assets/probe.js reads them (for tests and tools). */
export function longKeys(data: unknown): { probe: string; groups: Record<keyof typeof ANSWER_KEYS, unknown>[] } {
  const d = data as { probe: string; groups: Record<string, unknown>[] };
  const groups = d.groups.map((g) => Object.fromEntries(Object.entries(ANSWER_KEYS).filter(([, s]) => s in g).map(([l, s]) => [l, g[s]]))) as Record<keyof typeof ANSWER_KEYS, unknown>[];
  return { probe: d.probe, groups };
}

/** A written page's answers block, read back with the long keys. */
export function readAnswersBlock(page: string): { probe: string; groups: Record<keyof typeof ANSWER_KEYS, unknown>[] } {
  const m = /<script type="?application\/json"? id="?answers-data"?>([^]*?)<\/script>/.exec(page);
  if (!m) throw new Error('no answers-data block in the page');
  return longKeys(JSON.parse(m[1]!));
}
