/**
 * A console for the conpty target's tests, on Linux: the relay runs in a real
 * Unix pty, started by the target's own spawn (node-pty, spawnConPty), and the
 * test plays the console host around it. It reads what the relay writes (the
 * engine's bytes), feeds it to an emulator of its own (xterm.js, as the embedded
 * target runs it), and types that
 * emulator's replies to CSI 6n, DA1… into the pty, as conhost puts its replies in
 * the console's input. What reaches the session as the console's rendered output
 * is the pty's output as it is (a Unix pty passes everything through); it can be
 * held back, to show that a screen read waits for it.
 */
import type { Terminal } from '@xterm/headless';
import type { IPty } from 'node-pty';
import { createTerminal, XTERM_DEPENDENCY } from '../embedded/xterm-js.js';
import { RELAY_ENV } from './relay-link.js';
import { spawnConPty, type PseudoConsole, type SpawnConsole } from './pseudo-console.js';

export interface PlayOptions {
  /** How the console answers queries: as xterm.js does, or never (a console that passes them on to its host). */
  answers?: 'xterm' | 'none';
  /** Type each reply into the pty one byte per write. */
  bytewise?: boolean;
  /** Keep the rendered output from the session until release(). */
  holdRendering?: boolean;
  /** Start the relay without its side-channel token (it must refuse and say so in its console). */
  withoutToken?: boolean;
}

export class PlayedConsole {
  pty: IPty | undefined;
  /** The relay's TCP port, as its environment named it. */
  port: number | undefined;
  private output = Buffer.alloc(0);
  /** The console's own emulator: xterm.js as the embedded target runs it (Unicode 11 widths), so its answers can be compared. */
  private readonly emulator: Terminal = createTerminal(XTERM_DEPENDENCY, 80, 24, '11');
  private readonly render: ((data: string | Uint8Array) => void)[] = [];
  private held: Buffer[] = [];
  private waiters: (() => void)[] = [];

  constructor(private readonly opts: PlayOptions = {}) {
    this.emulator.onData((reply) => {
      if (opts.answers !== 'none') this.type(reply);
    });
  }

  /** The SpawnConsole to hand the target: the production one, with this console around it. */
  readonly spawn: SpawnConsole = (file, args, spawnOpts) => {
    this.port = Number(spawnOpts.env[RELAY_ENV]?.split(' ')[0]);
    const env = { ...spawnOpts.env };
    if (this.opts.withoutToken) delete env[RELAY_ENV];
    const pty = spawnConPty(file, args, { ...spawnOpts, env });
    this.emulator.resize(spawnOpts.cols, spawnOpts.rows);
    this.pty = pty;
    pty.onData((data) => this.fromRelay(Buffer.from(data as unknown as Uint8Array)));
    const view: PseudoConsole = {
      pid: pty.pid,
      onData: (listener) => this.render.push(listener),
      onExit: (listener) => pty.onExit(listener),
      kill: () => pty.kill(),
    };
    return view;
  };

  private fromRelay(data: Buffer): void {
    this.output = Buffer.concat([this.output, data]);
    this.emulator.write(new Uint8Array(data));
    if (this.opts.holdRendering) this.held.push(data);
    else for (const l of this.render) l(data);
    for (const w of this.waiters.splice(0)) w();
  }

  /** Type bytes into the console's input, as the console does with its replies. */
  type(reply: string | Uint8Array): void {
    const bytes = typeof reply === 'string' ? Buffer.from(reply, 'utf8') : Buffer.from(reply);
    if (!this.pty) throw new Error('the console has not started');
    if (this.opts.bytewise) for (const b of bytes) this.pty.write(Buffer.of(b));
    else this.pty.write(bytes);
  }

  /** Everything the relay has written to its console so far. */
  written(): Buffer {
    return this.output;
  }

  /** Resolves once what the relay wrote satisfies the test. */
  async waitForOutput(test: (output: Buffer) => boolean): Promise<void> {
    while (!test(this.output)) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** Let the held-back rendered output through, and what comes after. */
  release(): void {
    this.opts.holdRendering = false;
    for (const data of this.held.splice(0)) for (const l of this.render) l(data);
  }

  dispose(): void {
    this.emulator.dispose();
  }
}
