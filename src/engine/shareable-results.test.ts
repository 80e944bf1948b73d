import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ResultsFile } from '../results/results-schema.js';
import { personalValues, shareableResults } from './shareable-results.js';

const published = JSON.parse(readFileSync(new URL('../../results/xterm.js-6.0.0.json', import.meta.url), 'utf8')) as ResultsFile;

const env = {
  HOME: '/home/ada-lovelace',
  USER: 'adalovelace',
  LOGNAME: 'adalovelace',
  HOSTNAME: 'analytical-engine.example.org',
  SSH_CLIENT: '203.0.113.7 52814 22',
  SSH_CONNECTION: '203.0.113.7 52814 198.51.100.4 22',
};

describe('shareableResults', () => {
  it('replaces user, host, home and SSH addresses wherever they stand, and keeps the answers otherwise', () => {
    const planted = structuredClone(published);
    planted.run.host = 'analytical-engine';
    planted.probes[0]!.note = 'read /home/ada-lovelace/.config as adalovelace on analytical-engine from 203.0.113.7 to 198.51.100.4';
    planted.target.identity.chain.env = { TERM: 'xterm-256color', TERM_PROGRAM: 'WezTerm', SSH_CLIENT: env.SSH_CLIENT, USER: 'adalovelace', KITTY_LISTEN_ON: 'unix:/home/ada-lovelace/kitty', KITTY_WINDOW_ID: 'set' };
    const shared = shareableResults(planted, personalValues(env));
    const text = JSON.stringify(shared);
    for (const v of ['ada-lovelace', 'adalovelace', 'analytical-engine', '203.0.113.7', '198.51.100.4']) expect(text).not.toContain(v);
    expect(shared.probes[0]!.note).toBe('read <home>/.config as <user> on <host> from <address> to <address>');
    expect(shared.run.host).toBeUndefined();
    // Only terminal-identifying variables, presence ones only as "set".
    expect(shared.target.identity.chain.env).toEqual({ TERM: 'xterm-256color', TERM_PROGRAM: 'WezTerm', KITTY_WINDOW_ID: 'set' });
    expect(shared.probes.slice(1)).toEqual(planted.probes.slice(1));
    expect(planted.run.host).toBe('analytical-engine'); // the input is untouched
  });

  it('matches names as whole words only, so a short or common user name does not eat answers', () => {
    const values = personalValues({ USER: 'xterm', HOME: '/' });
    expect(values.map((v) => v.value)).toContain('xterm');
    const planted = structuredClone(published);
    planted.probes[0]!.note = 'xterm-like xterm.js xterm';
    expect(shareableResults(planted, values).probes[0]!.note).toBe('xterm-like xterm.js <user>');
    expect(values.some((v) => v.value === '/')).toBe(false); // "/" is no home worth replacing
  });
});

describe('home folders by their shape', () => {
  it('are replaced also when the user is not known here (a file from another machine)', () => {
    const planted = structuredClone(published);
    planted.probes[0]!.note = 'at /Users/grace/x, /home/linus/y and C:\\Users\\ada\\z; /usr/bin stays';
    expect(shareableResults(planted, []).probes[0]!.note).toBe('at <home>/x, <home>/y and <home>\\z; /usr/bin stays');
  });
});
