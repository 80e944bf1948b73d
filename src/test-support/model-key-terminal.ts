/**
 * A model terminal for the engine's input tests (run-input.ts): it answers DA1 and cursor reports at once, and a
 * key event goes through `key(name)`, which a test makes keep keys, send them late, or anything else; by default a
 * key sends `<name>` and the marker key MARKER. It is its own input channel: each event is delivered as a GUI
 * terminal's is, the lead marker (unless the last probe's stands for it), the key, the marker after it.
 */
import type { EventPlan } from '../corpus/input/event-plan.js';
import type { InputEvent } from '../corpus/input/input-schema.js';
import type { InputChannel, InputDelivery, MarkerIo } from '../targets/input-channel.js';
import type { TargetSession } from '../targets/target.js';

export const MARKER = '\x1b[57427u';

export class ModelKeyTerminal implements InputChannel {
  readonly method = 'the model';
  readonly markers = /\x1b\[57427u/;
  private listener: (data: Uint8Array) => void = () => undefined;

  /** @param markerLimitMs how long a marker may take before it counts as lost; @param via what each delivery records */
  constructor(
    readonly markerLimitMs: number,
    private readonly via = 'the model',
  ) {}

  /** Bytes from the terminal, `afterMs` from now (on the next turn of the event loop at the soonest). */
  protected send(text: string, afterMs = 0): void {
    const bytes = Buffer.from(text, 'latin1');
    setTimeout(() => this.listener(bytes), afterMs);
  }

  /** What the terminal does for a key (`marker` for the marker key). */
  protected key(name: string): void {
    this.send(name === 'marker' ? MARKER : `<${name}>`);
  }

  /** The terminal as a session of its own, with these processes (for the run-queue wait the engine reads). */
  session(processes: number[] = []): TargetSession {
    return {
      write: (data: Uint8Array) => {
        const text = Buffer.from(data).toString('latin1');
        if (text.includes('\x1b[6n')) this.send('\x1b[24;80R');
        if (text.includes('\x1b[c')) this.send('\x1b[?62;22c');
      },
      onData: (listener: (data: Uint8Array) => void) => {
        this.listener = listener;
      },
      input: this,
      processes: () => processes.map((pid) => ({ pid, own: true })),
      close: async () => undefined,
    } as unknown as TargetSession;
  }

  async prepare(): Promise<Record<string, string>> {
    return {};
  }

  refuse(): string | undefined {
    return undefined;
  }

  async deliver(event: InputEvent, _plan: EventPlan, io: MarkerIo): Promise<InputDelivery> {
    if (!io.leadDone) {
      this.key('marker');
      await io.awaitMarker();
    }
    this.key('key' in event ? String(event.key) : 'other');
    this.key('marker');
    await io.awaitMarker();
    return { via: this.via };
  }
}
