/**
 * The profile's ledger answers are read exactly as written: an answer that ends
 * in a space (the space key's input probe answers "input= ") must reach the
 * check against the committed answer unchanged, and a blank one is refused.
 */
import { describe, expect, it } from 'vitest';
import { GateProfileError, parseGateProfile } from './gate-profile.js';

const profile = (answer: string) => `profile: 1
target: "stdio:./adapter"
corpus: latest
answers: "termprobe/answers.json"
ledger:
  - probe: kitty-keyboard-events.all-keys-space
    answer: ${JSON.stringify(answer)}
    class: bug
    reason: "space sends a plain space under flag 8"
    link: "https://sw.kovidgoyal.net/kitty/keyboard-protocol/"
`;

describe('ledger answers', () => {
  it('keeps a trailing space', () => {
    expect(parseGateProfile(profile('input= '), 'termprobe.yaml').ledger[0]!.answers).toEqual(['input= ']);
  });
  it('refuses a blank answer, naming its line', () => {
    expect(() => parseGateProfile(profile('  '), 'termprobe.yaml')).toThrow(GateProfileError);
    expect(() => parseGateProfile(profile('  '), 'termprobe.yaml')).toThrow(/termprobe\.yaml:\d+: .*answer: required/);
  });
});
