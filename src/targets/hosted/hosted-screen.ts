/**
 * The screen read-back of a hosted terminal, set up around its launch:
 * prepareScreen() runs before the host starts (a host-view socket to listen on
 * and the script that connects to it, or an outer-screen replay for the host's
 * pty output), ready() after the terminal answered (the host's script has
 * connected, or not: then the screen is not read, and the settings say why).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Region } from '../../corpus/probe-schema.js';
import type { ScreenAnswer } from '../../results/results-schema.js';
import { screenFromCells, screenFromRows, ScreenReadError } from '../gui/gui-screen-read.js';
import { HostViewChannel } from './host-view-channel.js';
import { viewRows } from './host-view-scripts.js';
import type { HostedRecipe } from './hosted-recipes.js';
import { OuterScreen } from './outer-screen.js';

export interface ScreenReader {
  read(region: Region, signal?: AbortSignal): Promise<ScreenAnswer>;
}

export interface PreparedScreen {
  /** For the launch: the host-view script's path. */
  viewScript?: string;
  /** For the launch: where the host's pty output goes (outer-screen), instead of nowhere. */
  feed?: (chunk: Uint8Array) => void;
  /** Once the terminal answered: the reader, or none and why (the results' settings.options.screen). */
  ready(timeoutMs: number, signal?: AbortSignal): Promise<{ reader?: ScreenReader; note: string }>;
  close(): Promise<void>;
}

/** How long one read may take before the probe goes without its screen. */
const READ_LIMIT_MS = 5000;

const none = (why: string) => `none: ${why}; answers are cursor reports and replies only`;

export async function prepareScreen(recipe: HostedRecipe, dir: string, cols: number, rows: number, writeInner: (bytes: Uint8Array) => void): Promise<PreparedScreen> {
  const screen = recipe.screen;
  if (screen.method === 'outer-screen') {
    const outer = new OuterScreen({ cols, rows, fences: screen.fences, writeInner, timeoutMs: 3000 });
    return {
      feed: (chunk) => outer.feed(chunk),
      ready: async () => ({ reader: { read: (region, signal) => outer.read(region, signal) }, note: screen.note }),
      close: async () => outer.close(),
    };
  }
  let channel: HostViewChannel;
  try {
    channel = await HostViewChannel.listen(join(dir, 'screen.sock'));
  } catch (error) {
    const why = none(`termprobe could not listen on a socket for ${recipe.name}'s script (${(error as Error).message})`);
    return { ready: async () => ({ note: why }), close: async () => undefined };
  }
  const viewScript = join(dir, screen.file);
  writeFileSync(viewScript, screen.script(channel.path, rows));
  const read = async (region: Region, signal?: AbortSignal): Promise<ScreenAnswer> => {
    const json = await channel.request(READ_LIMIT_MS, signal);
    let got;
    try {
      got = viewRows(json);
    } catch (error) {
      throw new ScreenReadError(`${recipe.name} answered the screen request with ${(error as Error).message}`);
    }
    return 'text' in got ? screenFromRows(region, cols, rows, got.text, 'host-view') : screenFromCells(region, cols, rows, got.grid, 'host-view');
  };
  return {
    viewScript,
    ready: async (timeoutMs, signal) => {
      try {
        await channel.connected(timeoutMs, signal);
        return { reader: { read }, note: screen.note };
      } catch (error) {
        if (signal?.aborted) throw error;
        await channel.close();
        return { note: none(`${recipe.name} ran the screen script but it did not connect (${(error as Error).message})`) };
      }
    },
    close: () => channel.close(),
  };
}
