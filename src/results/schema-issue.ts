/** Where a file breaks its zod schema, and how, as the readers' one-line messages say it: `probes[3].cursor: …`, `(top): unknown field "x"`. */
import type { z } from 'zod';

export function issueText(issue: z.core.$ZodIssue): { path: string; what: string } {
  const path = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
  const what = issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}` : issue.message;
  return { path: path || '(top)', what };
}
