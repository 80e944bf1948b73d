/**
 * The published terminals' answers to the keys `termprobe keys` asks for: from the results folder of a clone of
 * termprobe (each terminal at its newest version), grouped by answer, so the person sees which terminals send what
 * theirs sent. The npm package ships no results: then only the spec is shown, and a note says where the table is.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Probe } from '../corpus/probe-schema.js';
import { INPUT_REPLY } from '../corpus/input/describe-input.js';
import { newestVersions } from '../classify/newest-versions.js';
import { loadRuns } from './results-args.js';

export interface PublishedAnswers {
  note: string;
  /** Lines to show under a key's answer: the terminals that sent the same, then the other answers. */
  lines(id: string, value: string): string[];
}

const LIST_MAX = 6;

export function publishedAnswers(dir: string, probes: Probe[]): PublishedAnswers {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => join(dir, f)) : [];
  if (files.length === 0) return { note: 'No published results here (they come with a clone of termprobe; the table is on the site): the spec only.', lines: () => [] };
  const views = newestVersions(loadRuns(files)).shown;
  const byProbe = new Map<string, Map<string, string[]>>();
  for (const p of probes) {
    const groups = new Map<string, string[]>();
    for (const v of views) {
      const r = v.result(p.id);
      const value = r?.status === 'ok' ? r.replies.find((x) => x.query === INPUT_REPLY)?.value : undefined;
      if (value === undefined) continue;
      groups.set(value, [...(groups.get(value) ?? []), v.label]);
    }
    byProbe.set(p.id, groups);
  }
  const names = (labels: string[]) => (labels.length > LIST_MAX ? `${labels.slice(0, LIST_MAX).join(', ')} and ${labels.length - LIST_MAX} more` : labels.join(', '));
  return {
    note: `Beside each answer: what the ${views.length} published terminals sent for it (${dir}).`,
    lines(id, value) {
      const groups = byProbe.get(id) ?? new Map<string, string[]>();
      const same = groups.get(value) ?? [];
      const others = [...groups].filter(([v]) => v !== value).sort((a, b) => b[1].length - a[1].length);
      return [
        same.length > 0 ? `same as               ${names(same)}` : 'same as               no published terminal',
        ...others.slice(0, 4).map(([v, labels]) => `${(v || '(nothing)').padEnd(20)}  ${names(labels)}`),
      ];
    },
  };
}
