/**
 * An input event as the hand movements that make it, in three phases: `before`
 * (what must already be so: the pointer on its cell, a key or button already
 * held, NumLock on), `during` (the event itself: what its answer is made of) and
 * `after` (letting go of what the event left held). A target delivers before,
 * then a marker the terminal turns into known bytes, then during, then a second
 * marker, then after: the bytes between the two markers are the event's.
 *
 * Modifiers are pressed in CHORD_MODIFIERS order and released in reverse, around
 * the key or button they modify, as a person does.
 */
import { decodeNotation } from '../escape-notation.js';
import { MODIFIER_KEYS, parseChord, type ChordModifier } from './key-names.js';
import { PASTE_CELL } from './describe-input.js';
import type { InputEvent, MouseEvent } from './input-schema.js';

export type InputAction =
  | { kind: 'key-down'; key: string }
  | { kind: 'key-up'; key: string }
  /** Another press of a key already down: what the keyboard's auto-repeat makes. */
  | { kind: 'key-repeat'; key: string }
  | { kind: 'numlock'; on: boolean }
  /** The pointer to a cell (1-based), at `offset` pixels from its top-left corner, or its centre. */
  | { kind: 'pointer'; cell: readonly [number, number]; offset?: readonly [number, number] }
  /** X pointer buttons: 1 left, 2 middle, 3 right, 4–7 the wheel (up, down, left, right), 8 back, 9 forward. */
  | { kind: 'button-down'; button: number }
  | { kind: 'button-up'; button: number }
  | { kind: 'focus-away' }
  | { kind: 'focus-back' }
  /** The text (decoded bytes) offered as the X selection, pasted the way `via` says. */
  | { kind: 'paste'; text: Uint8Array; via: 'middle-click' | 'shift+Insert' | 'ctrl+shift+v' };

export interface EventPlan {
  before: InputAction[];
  during: InputAction[];
  after: InputAction[];
}

const BUTTONS: Record<NonNullable<MouseEvent['button']>, number> = { left: 1, middle: 2, right: 3, back: 8, forward: 9 };
const WHEEL: Record<NonNullable<MouseEvent['wheel']>, number> = { up: 4, down: 5, left: 6, right: 7 };

const down = (mods: readonly ChordModifier[]): InputAction[] => mods.map((m) => ({ kind: 'key-down', key: MODIFIER_KEYS[m] }));
const up = (mods: readonly ChordModifier[]): InputAction[] => [...mods].reverse().map((m) => ({ kind: 'key-up', key: MODIFIER_KEYS[m] }));

export function planEvent(input: InputEvent): EventPlan {
  if (input.key !== undefined) return planKey(input);
  if (input.mouse) return planMouse(input.mouse);
  if (input.paste) {
    const via = input.paste.via ?? 'middle-click';
    return { before: via === 'middle-click' ? [{ kind: 'pointer', cell: input.paste.at ?? PASTE_CELL }] : [], during: [{ kind: 'paste', text: decodeNotation(input.paste.text), via }], after: [] };
  }
  return { before: [], during: [{ kind: 'focus-away' }, { kind: 'focus-back' }], after: [] };
}

function planKey(input: InputEvent): EventPlan {
  const chord = parseChord(input.key!);
  if (typeof chord === 'string') throw new Error(`input key: ${chord}`);
  const key = chord.key;
  const lock: [InputAction[], InputAction[]] = input.numlock ? [[{ kind: 'numlock', on: true }], [{ kind: 'numlock', on: false }]] : [[], []];
  const phase = input.phase ?? 'tap';
  if (phase === 'tap') {
    return { before: lock[0], during: [...down(chord.mods), { kind: 'key-down', key }, { kind: 'key-up', key }, ...up(chord.mods)], after: lock[1] };
  }
  const held: InputAction[] = [...down(chord.mods), { kind: 'key-down', key }];
  const letGo: InputAction[] = [{ kind: 'key-up', key }, ...up(chord.mods)];
  return {
    before: [...lock[0], ...held],
    during: phase === 'repeat' ? [{ kind: 'key-repeat', key }, ...letGo] : letGo,
    after: lock[1],
  };
}

function planMouse(m: MouseEvent): EventPlan {
  const at: InputAction = { kind: 'pointer', cell: m.at, ...(m.offset ? { offset: m.offset } : {}) };
  const mods = m.mods ?? [];
  const button = m.action === 'wheel' ? WHEEL[m.wheel!] : m.button ? BUTTONS[m.button] : 0;
  const to: InputAction = { kind: 'pointer', cell: m.to ?? m.at, ...(m.offset ? { offset: m.offset } : {}) };
  switch (m.action) {
    case 'press':
      // Modifiers go up while the button is held (no report for that): the second marker is typed with none held.
      return { before: [at], during: [...down(mods), { kind: 'button-down', button }, ...up(mods)], after: [{ kind: 'button-up', button }] };
    case 'release':
      return { before: [at, { kind: 'button-down', button }], during: [...down(mods), { kind: 'button-up', button }, ...up(mods)], after: [] };
    case 'click':
    case 'wheel':
      return { before: [at], during: [...down(mods), { kind: 'button-down', button }, { kind: 'button-up', button }, ...up(mods)], after: [] };
    case 'drag':
      return { before: [at], during: [...down(mods), { kind: 'button-down', button }, to, { kind: 'button-up', button }, ...up(mods)], after: [] };
    case 'move':
      return { before: [at], during: [...down(mods), to, ...up(mods)], after: [] };
  }
}

/**
 * Clicks of buttons 8 and 9 (back, forward) before the event's first press, once the pointer is on its cell, so the
 * press is a first click, as one person's separate clicks are, however soon after the last probe's it comes:
 * - Qt and GTK take a press at the place of the last one, of the same button, within their double-click time, for a
 *   double click (konsole then reports no press);
 * - tmux 3.3a (server-client.c server_client_check_mouse, KEYC_CLICK_TIMEOUT 300 ms) passes a press on only from its
 *   idle state: the one after a first press is a second click (kept for DoubleClick1Pane), and one of another button
 *   then is dropped. 8, 9, 9, 8 brings it back to idle from any state it can be in (idle, after a first or a second
 *   click of any button), and leaves Qt and GTK with button 8 as the last pressed.
 */
export function withSeparateClick(plan: EventPlan): EventPlan {
  const clicks = [...plan.before, ...plan.during].some((a) => a.kind === 'button-down' || (a.kind === 'paste' && a.via === 'middle-click'));
  const place = plan.before.findIndex((a) => a.kind === 'pointer');
  if (!clicks || place < 0) return plan;
  const click = [8, 9, 9, 8].flatMap((button): InputAction[] => [{ kind: 'button-down', button }, { kind: 'button-up', button }]);
  return { ...plan, before: [...plan.before.slice(0, place + 1), ...click, ...plan.before.slice(place + 1)] };
}
