/**
 * The width suite in the user's own terminal: its real size, the 'alternate'
 * prelude (the main screen is never written), the terminal restored whatever happens.
 */
import type { WidthSuite } from '../corpus/width-suite/width-item.js';
import { FIRST_REPLY_MS, openSelfSession } from '../targets/own-terminal/self.js';
import { SELF_STEPS } from './self-steps.js';
import { measureSession, type UnicodeRun, type UnicodeRunOptions } from './run-unicode.js';

export async function runSelfUnicode(suite: WidthSuite, opts: UnicodeRunOptions = {}): Promise<UnicodeRun> {
  const session = await openSelfSession({ steps: SELF_STEPS, signal: opts.signal, touched: ['?2027'] });
  try {
    const { cols, rows } = session.size;
    return await measureSession('self', session, suite, { ...opts, cols, rows, prelude: 'alternate', idleTimeoutMs: opts.idleTimeoutMs ?? FIRST_REPLY_MS });
  } finally {
    await session.close();
  }
}
