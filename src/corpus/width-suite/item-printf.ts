/**
 * A `printf` that shows one width item's advance by hand: clear the screen,
 * set or reset mode 2027 as the pass did, write the item at the top left and
 * ask for the cursor; the terminal answers ESC [ 1 ; N R, N - 1 being the advance.
 */
import { printfCommand } from '../escape-bytes.js';

export function itemPrintf(text: string, pass: 'off' | 'on'): string {
  return printfCommand(new TextEncoder().encode(`\x1b[?2027${pass === 'on' ? 'h' : 'l'}\x1b[2J\x1b[H${text}\x1b[6n`));
}
