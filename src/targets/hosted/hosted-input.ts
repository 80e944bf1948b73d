/**
 * Input probes in a program that hosts a terminal in the pty termprobe runs it in (Vim's :terminal, Emacs's term.el,
 * dvtm, mosh-client): the program's own input path — termprobe types into its tty what an outer xterm sends
 * (mux-input.ts), the program passes it to its terminal its own way, and the answer is what reaches the relay.
 */
import type { ChildProcess } from 'node:child_process';
import { MuxInput } from '../multiplexers/mux-input.js';
import type { HostedRecipe } from './hosted-recipes.js';

export function hostedInput(recipe: HostedRecipe, child: ChildProcess, opts: { cols: number; rows: number; env: NodeJS.ProcessEnv; write: (bytes: string) => void }): MuxInput {
  const listeners: ((text: string) => void)[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString('latin1');
    for (const l of listeners) l(text);
  });
  child.stdin?.on('error', () => undefined);
  return new MuxInput({
    name: recipe.name,
    client: { write: (bytes) => child.stdin?.write(bytes), listen: (l) => listeners.push(l) },
    env: opts.env,
    cols: opts.cols,
    rows: opts.rows,
    write: opts.write,
    settle: recipe.inputSettle ?? 'none',
    ...(recipe.inputRecoverKeys ? { recoverKeys: recipe.inputRecoverKeys } : {}),
    ...(recipe.inputCannot ? { cannot: recipe.inputCannot } : {}),
  });
}
