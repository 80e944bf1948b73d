/**
 * An input probe's event in words, and the reply its answer is recorded under: zod-free,
 * so commands that only show probes (show, explain) load no schema library at start.
 */
import type { InputEvent } from './input-schema.js';

/** Where a middle-click paste is made when the probe does not say: [col, row]. */
export const PASTE_CELL = [10, 5] as const;

/** The reply an input probe's answer is recorded under (and its expectations name). */
export const INPUT_REPLY = 'input';

export type InputKind = 'key' | 'mouse' | 'paste' | 'focus';

/** What kind of event an input is. */
export function inputKind(input: InputEvent): InputKind {
  return input.key !== undefined ? 'key' : input.mouse !== undefined ? 'mouse' : input.paste !== undefined ? 'paste' : 'focus';
}

/** The event in a few words, for tables and notes: "ctrl+shift+F5", "click left at 3,2", "paste \"ab\"", "focus out-in". */
export function describeInput(input: InputEvent): string {
  if (input.key !== undefined) return `${input.phase && input.phase !== 'tap' ? `${input.phase} ` : ''}${input.key}${input.numlock ? ' (NumLock on)' : ''}`;
  if (input.mouse) {
    const m = input.mouse;
    const what = m.action === 'wheel' ? `wheel ${m.wheel}` : m.action === 'move' ? 'move' : `${m.action} ${m.button}`;
    const mods = m.mods?.length ? `${m.mods.join('+')}+` : '';
    const where = `${m.to ? 'from' : 'at'} ${m.at.join(',')}${m.to ? ` to ${m.to.join(',')}` : ''}${m.offset ? ` (+${m.offset.join(',')} px)` : ''}`;
    return `${mods}${what} ${where}`;
  }
  if (input.paste) return `paste ${JSON.stringify(input.paste.text)}${input.paste.via && input.paste.via !== 'middle-click' ? ` by ${input.paste.via}` : ` by a middle click at ${(input.paste.at ?? PASTE_CELL).join(',')}`}`;
  return 'focus out and back in';
}
