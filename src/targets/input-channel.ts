/**
 * How a target lets a person's input reach its terminal, for the input probes
 * (src/engine/run-input.ts): real X events into a GUI terminal's window, the
 * bytes an outer xterm would send into a multiplexer's client, … The engine sets
 * the probe's modes and reads the bytes; the channel makes the event.
 *
 * An event is delivered between two markers: a key (or bytes) the terminal turns
 * into something recognisable (`markers`), sent before the event and after it,
 * through the same path as the event, so the terminal handles them in order with
 * it. Everything the terminal sends between the two markers is the event's; a
 * key that sends nothing is known as soon as the second marker is back.
 */
import type { EventPlan } from '../corpus/input/event-plan.js';
import type { InputEvent, InputKind } from '../corpus/input/input-schema.js';

export interface InputDelivery {
  /** How the event went in, as the results record it (e.g. "xtest: keycodes 37 71 …"). */
  via: string;
  /** Set when the window lost the input focus while the event was made: why (the engine repeats the probe once). */
  focusLost?: string;
  /** Anything else worth recording about this delivery (a paste's selection requests, …). */
  note?: string;
  /** The terminal kept the event for itself though the marker after it came back (Neovim's ctrl+\): why. */
  kept?: string;
  /** The event made the terminal open a window (a menu, a dialog): what; the engine has the channel close it (recover). */
  opened?: string;
}

export interface MarkerIo {
  /**
   * Resolves once the terminal's bytes show the next marker; rejects with MarkerLostError past the channel's limit.
   * `poke` is called now and then while it waits (a terminal that reads queued X events only when more arrive);
   * `hopeless` says the marker will not come (the terminal opened a menu that took the keyboard): stop waiting. It is
   * given a clock of the time (ms) the terminal and its relays have stood ready to run with no CPU since the wait
   * began (read from /proc when called: only once the channel's own conditions hold): a channel that judges by how
   * long a window has been open counts that time out (a loaded machine is no menu).
   * `limitMs`: a shorter limit than the channel's, for a marker that only checks keys pass (recovery).
   */
  awaitMarker(poke?: () => void, hopeless?: (lostMs: () => number) => boolean, limitMs?: number): Promise<void>;
  /**
   * The marker just awaited, and lost, never reached the terminal (the channel knows it went nowhere: a window that had
   * lost its keyboard focus): the next marker stands in its place.
   */
  forgetLost?(): void;
  /** How many bytes the terminal has sent so far (to wait for a report the event may cause). */
  received(): number;
  /** What the terminal has sent since the event's first marker, markers left out (latin1: a character a byte). */
  sentSinceFirst(): string;
  /**
   * The last probe's second marker stands for this one's first (the event needs nothing made before it, and the last
   * left nothing to let go of): the channel makes neither `before` nor the first marker.
   */
  readonly leadDone?: boolean;
}

export class MarkerLostError extends Error {
  override name = 'MarkerLostError';
  /** The channel saw why: the terminal opened a window (a menu, a dialog) that took the keyboard. */
  constructor(message: string, readonly opened = false) {
    super(message);
  }
}

export interface InputChannel {
  /** How events reach the terminal, in a few words (the results' settings). */
  readonly method: string;
  /** Matches one marker's press as the terminal sends it (a latin1 string of its bytes), in any mode a probe sets. */
  readonly markers: RegExp;
  /** Matches what the terminal sends for a marker's release or repeat (kitty's event types): dropped, not counted. */
  readonly markerNoise?: RegExp;
  /**
   * The marker's bytes, when it is typed as text (a multiplexer's client): a terminal that takes the marker's first
   * byte as the end of a command of its own (screen's ctrl+a) passes the rest on, which is no answer.
   */
  readonly markerText?: string;
  /** How long a marker may take to come back before it counts as lost. */
  readonly markerLimitMs: number;
  /**
   * No event keeps the markers from coming back (nothing in the terminal takes the keyboard: an embedded emulator's
   * page): a marker is waited for up to markerLimitMs however quick the last round trips were, so a loaded machine
   * makes a run slow, never a marker lost.
   */
  readonly markersAlwaysPass?: boolean;
  /**
   * Something an earlier event started may take the keyboard only later (a GUI terminal's sidebar sliding in): a
   * probe whose second marker was lost with nothing to say why is made once more before it counts as kept.
   */
  readonly lateEffects?: boolean;
  /**
   * Get ready for events of these kinds (find the window, read the keymap, measure the grid…), once; resolves with
   * settings worth recording, or rejects with why no input reaches this terminal at all.
   */
  prepare(kinds: ReadonlySet<InputKind>): Promise<Record<string, string>>;
  /** Why this event cannot be made here (undefined: it can). Called after prepare. */
  refuse(event: InputEvent): string | undefined;
  /** Make the event: `before`, a marker, `during`, a marker, `after`; awaiting each marker through `io`. */
  deliver(event: InputEvent, plan: EventPlan, io: MarkerIo): Promise<InputDelivery>;
  /**
   * One marker through the events' path and back (awaited through `io`), after a group's modes and before its first
   * pointer event: whatever the terminal does for the modes besides answering (an X event mask it changes, sent when it
   * next reads events) is done once a marker it reads after them comes back.
   */
  settleModes?(io: MarkerIo): Promise<void>;
  /**
   * Put things back after a lost marker (close a menu or dialog the event opened, focus the terminal again) and check
   * a marker comes back through `io`; false when it still does not (the engine then starts the terminal afresh).
   */
  recover?(io: MarkerIo): Promise<boolean>;
  /**
   * Undo a font-size shortcut the last key was (the terminal changed its grid): press the terminal's own key that puts
   * the font back as it started, and wait for a marker through `io`. Resolves with the key and where the terminal says
   * so, or undefined when it has none; the engine then checks the grid is back.
   */
  resetFontSize?(io: MarkerIo): Promise<string | undefined>;
  /** Let go of the display or end the client it attached (the session is being replaced or closed). */
  close?(): void | Promise<void>;
}
