/**
 * The `input:` field: one event per probe, named keys and modifiers, and the reply `input` kept to input probes;
 * and the hand movements an event is planned as (what is held before, what the answer is made of, what is let go).
 */
import { describe, expect, it } from 'vitest';
import { probeSchema, type ProbeInput } from '../probe-schema.js';
import { planEvent } from './event-plan.js';
import { describeInput, inputSchema } from './input-schema.js';
import { parseChord } from './key-names.js';

const base = (extra: Partial<ProbeInput>): ProbeInput => ({
  id: 'keys-test.a', title: 'a test probe', description: 'a probe for the schema test', spec: 'xterm ctlseqs (test)', send: '',
  expect: { implements: { replies: { input: '\\e[A' } } }, ...extra,
});
const problems = (p: ProbeInput) => {
  const r = probeSchema.safeParse(p);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the input field', () => {
  it('takes a key chord, a mouse event, a paste or a focus change', () => {
    expect(problems(base({ input: { key: 'ctrl+shift+F5' } }))).toEqual([]);
    expect(problems(base({ input: { mouse: { action: 'drag', button: 'left', at: [3, 2], to: [6, 4] } } }))).toEqual([]);
    expect(problems(base({ input: { paste: { text: 'a\\nb', via: 'shift+Insert' } } }))).toEqual([]);
    expect(problems(base({ input: { focus: 'out-in' } }))).toEqual([]);
  });

  it('refuses an unknown key or modifier, two events, and settings of another kind of event, saying which', () => {
    expect(problems(base({ input: { key: 'ctrl+Fn' } }))).toEqual(['input.key: "Fn" is not a key name (X keysym names such as F5, Up, KP_1, Return, or an unshifted character of a US keyboard such as a, 5, [)']);
    expect(problems(base({ input: { key: 'hyper+a' } }))).toEqual(['input.key: "hyper" is not a modifier (one of ctrl, shift, alt, super)']);
    expect(problems(base({ input: { key: 'a', focus: 'out-in' } }))).toEqual(['input: an input names exactly one event (key, mouse, paste or focus), not key and focus']);
    expect(problems(base({ input: { focus: 'out-in', phase: 'release' } }))).toEqual(['input: phase and numlock belong to a key event']);
    expect(problems(base({ input: { key: 'KP_1' } }))).toEqual(['input: KP_1 is what its key gives with NumLock on: say numlock: true']);
    expect(problems(base({ input: { mouse: { action: 'wheel', button: 'left', at: [1, 1] } } }))).toEqual(['input.mouse: a wheel action names a wheel direction (wheel:), every other action a button (button:), never both']);
    expect(problems(base({ input: { mouse: { action: 'click', button: 'left', at: [1, 1], to: [2, 2] } } }))).toEqual(['input.mouse: drag and move (and only they) name the cell they go to (to:)']);
  });

  it('keeps the reply "input" to input probes, and their expectations to it', () => {
    expect(problems(base({}))).toEqual(['expect: only an input probe (input:) has the reply "input"']);
    expect(problems(base({ input: { key: 'a' }, expect: { implements: { cursor: '1;1' } } }))).toEqual(["expect: an input probe's expectations name the bytes sent (replies: { input: … })"]);
  });
});

describe('an event as hand movements', () => {
  it('presses modifiers before the key and lets go of them after, in reverse', () => {
    expect(parseChord('shift+ctrl+Up')).toEqual({ mods: ['ctrl', 'shift'], key: 'Up' });
    expect(planEvent(inputSchema.parse({ key: 'shift+ctrl+Up' }))).toEqual({
      before: [],
      during: [{ kind: 'key-down', key: 'Control_L' }, { kind: 'key-down', key: 'Shift_L' }, { kind: 'key-down', key: 'Up' }, { kind: 'key-up', key: 'Up' }, { kind: 'key-up', key: 'Shift_L' }, { kind: 'key-up', key: 'Control_L' }],
      after: [],
    });
  });

  it('holds a key before the event for a release or a repeat, and NumLock around a keypad digit', () => {
    const release = planEvent(inputSchema.parse({ key: 'alt+a', phase: 'release' }));
    expect(release.before).toEqual([{ kind: 'key-down', key: 'Alt_L' }, { kind: 'key-down', key: 'a' }]);
    expect(release.during).toEqual([{ kind: 'key-up', key: 'a' }, { kind: 'key-up', key: 'Alt_L' }]);
    expect(planEvent(inputSchema.parse({ key: 'Up', phase: 'repeat' })).during[0]).toEqual({ kind: 'key-repeat', key: 'Up' });
    const digit = planEvent(inputSchema.parse({ key: 'KP_1', numlock: true }));
    expect([digit.before, digit.after]).toEqual([[{ kind: 'numlock', on: true }], [{ kind: 'numlock', on: false }]]);
  });

  it('puts the pointer on its cell before the event, and a pressed button down before a release', () => {
    const drag = planEvent(inputSchema.parse({ mouse: { action: 'drag', button: 'right', at: [3, 2], to: [6, 4], mods: ['ctrl'] } }));
    expect(drag.before).toEqual([{ kind: 'pointer', cell: [3, 2] }]);
    expect(drag.during.map((a) => a.kind)).toEqual(['key-down', 'button-down', 'pointer', 'button-up', 'key-up']);
    const release = planEvent(inputSchema.parse({ mouse: { action: 'release', button: 'middle', at: [1, 1] } }));
    expect(release.before).toEqual([{ kind: 'pointer', cell: [1, 1] }, { kind: 'button-down', button: 2 }]);
    expect(planEvent(inputSchema.parse({ mouse: { action: 'wheel', wheel: 'left', at: [1, 1] } })).during).toEqual([{ kind: 'button-down', button: 6 }, { kind: 'button-up', button: 6 }]);
  });

  it('decodes a paste\'s text and says what each event is in a few words', () => {
    const paste = planEvent(inputSchema.parse({ paste: { text: 'a\\tb' } }));
    expect(paste.during).toEqual([{ kind: 'paste', text: new Uint8Array([0x61, 0x09, 0x62]), via: 'middle-click' }]);
    expect(paste.before).toEqual([{ kind: 'pointer', cell: [10, 5] }]);
    expect(planEvent(inputSchema.parse({ paste: { text: 'a', at: [1, 1] } })).before).toEqual([{ kind: 'pointer', cell: [1, 1] }]);
    expect(planEvent(inputSchema.parse({ paste: { text: 'a', via: 'shift+Insert' } })).before).toEqual([]);
    expect(inputSchema.safeParse({ paste: { text: 'a', via: 'shift+Insert', at: [1, 1] } }).success).toBe(false);
    expect(describeInput(inputSchema.parse({ paste: { text: 'ab' } }))).toBe('paste "ab" by a middle click at 10,5');
    expect(describeInput(inputSchema.parse({ mouse: { action: 'click', button: 'left', at: [3, 2], mods: ['shift'] } }))).toBe('shift+click left at 3,2');
    expect(describeInput(inputSchema.parse({ key: 'Up', phase: 'repeat' }))).toBe('repeat Up');
  });
});
