/**
 * The `input:` field of a probe: the one event a person's hands make, which the
 * terminal turns into bytes for the program inside. The modes the event is made
 * under are the probe's `send` (written before it) and `cleanup` (written after);
 * the answer is every byte the terminal sent for the event, recorded as the
 * reply `input` (escape notation; '' when it sent nothing). Exactly one of:
 *
 *   key    a chord, "ctrl+shift+F5" (key-names.ts), with `phase`:
 *            tap      press and release (the default)
 *            release  pressed before the event, released in it (kitty's release reports)
 *            repeat   pressed before the event; in it one auto-repeat press, then the release
 *          and `numlock` (NumLock on for the event: the keypad's digits)
 *   mouse  action press | release | click | drag | move | wheel, a button (left, middle, right, back,
 *          forward) or a wheel direction (up, down, left, right), the cell `at` [col, row] (1-based),
 *          `to` for drag and move, `mods` held, `offset` [x, y] pixels from the cell's top-left corner
 *          (default: its centre)
 *   paste  `text` (escape notation) through the X selection, pasted by `via` middle-click (the default),
 *          shift+Insert or ctrl+shift+v; a middle click is made at `at` [col, row] (default PASTE_CELL)
 *   focus  out-in: the input focus goes to another window and comes back
 */
import { z } from 'zod';
import { CHORD_MODIFIERS, KEY_NAMES, parseChord } from './key-names.js';

const cell = z.tuple([z.int().min(1).max(999), z.int().min(1).max(999)]);

export const MOUSE_BUTTONS = ['left', 'middle', 'right', 'back', 'forward'] as const;
export const WHEEL_DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
export const PASTE_BINDINGS = ['middle-click', 'shift+Insert', 'ctrl+shift+v'] as const;
/**
 * Where a middle click pastes unless the probe says: a cell away from the first ones, where the screen read-back's
 * selection (for pictures) began; cool-retro-term pasted nothing from a click at 1,1 after it, and did at 10,5.
 */
export { PASTE_CELL } from './describe-input.js';

const mouseSchema = z
  .strictObject({
    action: z.enum(['press', 'release', 'click', 'drag', 'move', 'wheel']),
    button: z.enum(MOUSE_BUTTONS).optional(),
    wheel: z.enum(WHEEL_DIRECTIONS).optional(),
    at: cell,
    to: cell.optional(),
    mods: z.array(z.enum(CHORD_MODIFIERS)).refine((m) => new Set(m).size === m.length, 'a modifier is listed twice').optional(),
    offset: z.tuple([z.int().min(0).max(200), z.int().min(0).max(200)]).optional(),
  })
  .superRefine((m, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (m.action === 'wheel' ? m.wheel === undefined || m.button !== undefined : m.wheel !== undefined) problem('a wheel action names a wheel direction (wheel:), every other action a button (button:), never both');
    if (m.action !== 'wheel' && m.action !== 'move' && m.button === undefined) problem(`a ${m.action} names its button`);
    if (m.action === 'move' && m.button !== undefined) problem('a move is made with no button held (drag for one with a button)');
    if ((m.action === 'drag' || m.action === 'move') !== (m.to !== undefined)) problem('drag and move (and only they) name the cell they go to (to:)');
  });

export const inputSchema = z
  .strictObject({
    key: z.string().superRefine((text, ctx) => {
      const chord = parseChord(text);
      if (typeof chord === 'string') ctx.addIssue({ code: 'custom', message: chord });
    }).optional(),
    phase: z.enum(['tap', 'release', 'repeat']).optional(),
    numlock: z.boolean().optional(),
    mouse: mouseSchema.optional(),
    paste: z.strictObject({ text: z.string().min(1).max(200), via: z.enum(PASTE_BINDINGS).optional(), at: cell.optional() }).optional(),
    focus: z.literal('out-in').optional(),
  })
  .superRefine((input, ctx) => {
    const kinds = (['key', 'mouse', 'paste', 'focus'] as const).filter((k) => input[k] !== undefined);
    if (kinds.length !== 1) ctx.addIssue({ code: 'custom', message: `an input names exactly one event (key, mouse, paste or focus), not ${kinds.length === 0 ? 'none' : kinds.join(' and ')}` });
    if (input.key === undefined && (input.phase !== undefined || input.numlock !== undefined)) ctx.addIssue({ code: 'custom', message: 'phase and numlock belong to a key event' });
    if (input.paste?.at && (input.paste.via ?? 'middle-click') !== 'middle-click') ctx.addIssue({ code: 'custom', message: 'at: names the cell of a middle click; a paste by a key has none' });
    const chord = input.key === undefined ? undefined : parseChord(input.key);
    if (chord && typeof chord !== 'string' && KEY_NAMES.get(chord.key)?.numlock && input.numlock !== true) {
      ctx.addIssue({ code: 'custom', message: `${chord.key} is what its key gives with NumLock on: say numlock: true` });
    }
  });

export type InputEvent = z.output<typeof inputSchema>;
export type MouseEvent = NonNullable<InputEvent['mouse']>;

export { INPUT_REPLY, inputKind, describeInput, type InputKind } from './describe-input.js';
