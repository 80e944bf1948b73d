/**
 * Input probes in Neovim's :terminal through Neovim's own input path, its RPC
 * (`nvim --listen SOCKET`, msgpack-rpc.ts): keys with nvim_input in key
 * notation (neovim-keys.ts), mouse with nvim_input_mouse, paste with
 * nvim_paste. Neovim turns them into keys of Terminal mode, which its libvterm
 * encodes for the program inside (src/nvim/terminal.c at v0.7.2:
 * terminal_execute, terminal_send_key, send_mouse_event, terminal_paste): the
 * answer is what reaches the relay. The markers are U+2603 sent with
 * nvim_input, so they queue in Neovim's input buffer behind the event's keys
 * and mouse events; a paste is run at once when its request is handled, so the
 * marker before it is waited for first, and the one after it is sent once
 * nvim_paste has returned.
 *
 * What Neovim 0.7.2 cannot be told is refused with the reason (focus, key
 * releases, pointer motion with no button, buttons 8 and 9, bare modifiers).
 * Keys its Terminal mode has no libvterm key for (shift/ctrl with Home, End,
 * Insert, Delete; the wheel left and right) it passes to libvterm as a
 * character whose code is its own internal key code (terminal.c at v0.7.2:
 * convert_key has no case for them, terminal_send_key falls back on
 * vterm_keyboard_unichar), which libvterm writes as a 6-byte UTF-8-like
 * sequence: measured, and recorded as it comes.
 */
import type { EventPlan, InputAction } from '../../corpus/input/event-plan.js';
import { inputKind, type InputEvent } from '../../corpus/input/input-schema.js';
import { CHORD_MODIFIERS, KEY_NAMES, MODIFIER_KEYS, parseChord, type ChordModifier } from '../../corpus/input/key-names.js';
import { escapeBytes } from '../../corpus/escape-bytes.js';
import type { InputChannel, InputDelivery, MarkerIo } from '../input-channel.js';
import { NeovimRpc, type RpcValue } from './msgpack-rpc.js';
import { neovimKey, neovimMouseMods } from './neovim-keys.js';

const MARKER = '\u2603';
const CONNECT_MS = 10_000;
/** How long Neovim may take to be in Terminal mode after "i" (or after being put back). */
const MODE_MS = 5000;

const MOD_OF_KEY = new Map(Object.entries(MODIFIER_KEYS).map(([mod, key]) => [key, mod as ChordModifier]));
const MOUSE_BUTTON: Record<number, string> = { 1: 'left', 2: 'middle', 3: 'right' };
const WHEEL: Record<number, string> = { 4: 'up', 5: 'down', 6: 'left', 7: 'right' };

export const NEOVIM_CANNOT = {
  focus: "Neovim 0.7.2 passes no focus change to a terminal's program: its Terminal mode handles keys, mouse and paste only (src/nvim/terminal.c at v0.7.2: terminal_execute, nothing calls libvterm for focus), and its RPC has no focus call",
  release: 'Neovim takes key presses only (nvim_input, key notation): no key release reaches its terminal',
  move: "Neovim 0.7.2's RPC moves no pointer without a button: nvim_input_mouse takes press, drag and release of left, middle and right, and the wheel (api/vim.c at v0.7.2); <MouseMove> through nvim_input carries no position (os/input.c handle_mouse_event)",
  button: "nvim_input_mouse in Neovim 0.7.2 has no back or forward button (buttons left, middle, right and the wheel: api/vim.c at v0.7.2)",
  modifier: "Neovim's key notation has no key for a modifier alone: nvim_input cannot press one",
};

export class NeovimInput implements InputChannel {
  readonly method = "Neovim's RPC (nvim --listen, msgpack-rpc): keys with nvim_input in Neovim's key notation, mouse with nvim_input_mouse (grid 0, row and column of the cell), paste with nvim_paste; Neovim's Terminal mode passes them to its libvterm, which encodes them";
  readonly markers = /\xe2\x98\x83/;
  readonly markerText = Buffer.from(MARKER, 'utf8').toString('latin1');
  readonly markerLimitMs = 1000;
  private rpc: NeovimRpc | undefined;

  constructor(private readonly socketPath: string, private readonly signal?: AbortSignal) {}

  async prepare(): Promise<Record<string, string>> {
    this.rpc = await NeovimRpc.connect(this.socketPath, CONNECT_MS, this.signal);
    await this.terminalMode();
    return { 'input.method': this.method, 'input.markers': 'U+2603 sent with nvim_input before and after each event' };
  }

  private call(method: string, ...params: RpcValue[]): Promise<RpcValue> {
    if (!this.rpc) return Promise.reject(new Error('the Neovim input channel is not prepared'));
    return this.rpc.request(method, ...params);
  }

  /** Into Terminal mode, as a person does from Normal mode ("i" on the terminal buffer), and wait until Neovim is in it. */
  private async terminalMode(): Promise<void> {
    const mode = async () => String(((await this.call('nvim_get_mode')) as Record<string, RpcValue>)['mode']);
    if ((await mode()) === 't') return;
    await this.call('nvim_input', '<C-\\><C-n>i');
    const t0 = performance.now();
    let now = '';
    while ((now = await mode()) !== 't') {
      if (performance.now() - t0 > MODE_MS) throw new Error(`Neovim did not enter Terminal mode within ${MODE_MS / 1000} s (its mode: ${now})`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  refuse(event: InputEvent): string | undefined {
    const kind = inputKind(event);
    if (kind === 'focus') return NEOVIM_CANNOT.focus;
    if (event.key !== undefined) {
      const chord = parseChord(event.key);
      if (typeof chord === 'string') return chord;
      if (KEY_NAMES.get(chord.key)?.modifier) return NEOVIM_CANNOT.modifier;
      if (event.phase === 'release') return NEOVIM_CANNOT.release;
      const key = neovimKey(chord.key, chord.mods);
      if ('cannot' in key) return key.cannot;
    }
    if (event.mouse) {
      if (event.mouse.action === 'move') return NEOVIM_CANNOT.move;
      if (event.mouse.button === 'back' || event.mouse.button === 'forward') return NEOVIM_CANNOT.button;
    }
    return undefined;
  }

  /** The calls that make `actions`, in order (the state of held modifiers and buttons carried across phases). */
  private held = new Set<ChordModifier>();
  private buttons = new Set<number>();
  private cell: readonly [number, number] = [1, 1];

  private async run(actions: InputAction[], made: string[]): Promise<void> {
    const mods = () => CHORD_MODIFIERS.filter((m) => this.held.has(m));
    const mouse = async (button: string, action: string) => {
      made.push(`nvim_input_mouse("${button}", "${action}", "${neovimMouseMods(mods())}", 0, ${this.cell[1] - 1}, ${this.cell[0] - 1})`);
      await this.call('nvim_input_mouse', button, action, neovimMouseMods(mods()), 0, this.cell[1] - 1, this.cell[0] - 1);
      await this.consumed();
    };
    for (const a of actions) {
      switch (a.kind) {
        case 'key-down':
        case 'key-repeat': {
          const mod = MOD_OF_KEY.get(a.key);
          if (mod) {
            this.held.add(mod);
            break;
          }
          const key = neovimKey(a.key, mods());
          if ('cannot' in key) throw new Error(key.cannot);
          made.push(`nvim_input("${key.notation}")`);
          await this.call('nvim_input', key.notation);
          break;
        }
        case 'key-up': {
          const mod = MOD_OF_KEY.get(a.key);
          if (mod) this.held.delete(mod);
          break;
        }
        case 'numlock':
          break; // Neovim's keypad names say which key: k1 is the keypad's 1 (NumLock on)
        case 'pointer':
          this.cell = a.cell;
          for (const b of this.buttons) if (MOUSE_BUTTON[b]) await mouse(MOUSE_BUTTON[b]!, 'drag');
          break;
        case 'button-down':
          if (WHEEL[a.button]) await mouse('wheel', WHEEL[a.button]!);
          else {
            this.buttons.add(a.button);
            await mouse(MOUSE_BUTTON[a.button]!, 'press');
          }
          break;
        case 'button-up':
          if (this.buttons.delete(a.button) && MOUSE_BUTTON[a.button]) await mouse(MOUSE_BUTTON[a.button]!, 'release');
          break;
        case 'paste':
          made.push(`nvim_paste(${escapeBytes(Buffer.from(a.text))})`);
          await this.call('nvim_paste', a.text, false, -1);
          break;
        case 'focus-away':
        case 'focus-back':
          throw new Error(NEOVIM_CANNOT.focus);
      }
    }
  }

  /**
   * Wait until Neovim has taken the input queued so far. nvim_input_mouse is a fast call: it queues the event and sets
   * the mouse position, a global, at once (os/input.c input_enqueue_mouse at v0.7.2), so a second event queued before
   * the first is taken moves the first (a drag's press was reported at the drag's end, in one run of two). A call that
   * is not fast (nvim_eval) waits in Neovim's event queue, which its loop serves only when no input is pending
   * (state.c state_enter at v0.7.2): its answer says the events before it were taken.
   */
  private async consumed(): Promise<void> {
    await this.call('nvim_eval', '0');
  }

  private async marker(io: MarkerIo): Promise<void> {
    await this.call('nvim_input', MARKER);
    await io.awaitMarker();
  }

  async deliver(event: InputEvent, plan: EventPlan, io: MarkerIo): Promise<InputDelivery> {
    const made: string[] = [];
    if (!io.leadDone) {
      await this.run(plan.before, []);
      await this.marker(io);
    }
    await this.run(plan.during, made);
    await this.marker(io);
    await this.run(plan.after, []);
    const chord = event.key === undefined ? undefined : parseChord(event.key);
    // Ctrl-\ starts Neovim's way out of Terminal mode (<C-\><C-n>): it keeps the key and passes the next one on
    // (terminal.c terminal_execute at v0.7.2: got_bsl); the next marker is that key, so the marker still comes back.
    const kept = chord && typeof chord !== 'string' && chord.key === '\\' && chord.mods.length === 1 && chord.mods[0] === 'ctrl';
    return {
      via: `neovim rpc: ${made.join(', ') || 'nothing'}`,
      ...(kept ? { kept: "Neovim kept ctrl+\\ for itself: in Terminal mode it waits for the next key (<C-\\><C-n> leaves Terminal mode) and passes any other on (src/nvim/terminal.c at v0.7.2, terminal_execute)" } : {}),
    };
  }

  /** Back into Terminal mode (a click the program did not ask for leaves it: terminal.c send_mouse_event), then a marker. */
  async recover(io: MarkerIo): Promise<boolean> {
    try {
      this.held.clear();
      for (const b of [...this.buttons]) {
        if (MOUSE_BUTTON[b]) await this.call('nvim_input_mouse', MOUSE_BUTTON[b]!, 'release', '', 0, this.cell[1] - 1, this.cell[0] - 1);
        await this.consumed();
      }
      this.buttons.clear();
      await this.terminalMode();
      await this.marker(io);
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    this.rpc?.close();
    this.rpc = undefined;
  }
}
