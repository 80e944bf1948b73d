/** The terminal page says which replies termprobe's pipe wrote for a terminal that never answers them (ghostty-web's DA1). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ResultsFile } from '../../results/results-schema.js';
import { hostSupplied } from './terminal-page.js';

const published = (file: string) => JSON.parse(readFileSync(new URL(`../../../results/${file}`, import.meta.url), 'utf8')) as ResultsFile;

describe('host-supplied replies on the terminal page', () => {
  it('are named, with the probes they answered, for ghostty-web (DA1)', () => {
    const text = String(hostSupplied(published('ghostty-0.4.0.json')));
    expect(text).toMatch(/never answers these queries, so termprobe’s own pipe answers them/);
    expect(text).toMatch(/<code>da1<\/code>: \d+ repl(y|ies) \(.*graphics\.da1-sixel/);
  });

  it('are not mentioned for a terminal that answers for itself', () => {
    expect(String(hostSupplied(published('tmux-3.3a.json')))).toBe('');
  });
});
