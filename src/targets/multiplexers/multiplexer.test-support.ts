/** Shared helpers for the tmux and screen target tests: open a session, wait for replies, probe by hand. */
import { afterEach } from 'vitest';
import type { TargetFactory, TargetSession } from '../target.js';

const encoder = new TextEncoder();

/** Replies collected from a session, with a way to wait for a pattern. */
export class Replies {
  text = '';
  private waiter: (() => void) | undefined;

  constructor(session: TargetSession) {
    const decoder = new TextDecoder();
    session.onData((chunk) => {
      this.text += decoder.decode(chunk, { stream: true });
      this.waiter?.();
    });
  }

  waitFor(pattern: RegExp, timeoutMs = 5000): Promise<RegExpExecArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(this.text);
        if (!m) return false;
        this.text = this.text.slice(m.index + m[0].length);
        clearTimeout(timer);
        this.waiter = undefined;
        resolve(m);
        return true;
      };
      const timer = setTimeout(() => reject(new Error(`no reply matching ${pattern}; got ${JSON.stringify(this.text)}`)), timeoutMs);
      this.waiter = check;
      check();
    });
  }
}

export interface Opened {
  session: TargetSession;
  replies: Replies;
  /** Write text, then CSI 6n and DA1; resolves with the CPR once DA1 came (the terminal has processed it all). */
  cpr(text: string): Promise<string>;
}

/** Open sessions of a factory and close them after each test. */
export function useSessions(factory: TargetFactory) {
  const open: TargetSession[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  return async (cols = 80, rows = 24, signal?: AbortSignal): Promise<Opened> => {
    const session = await factory.open({ cols, rows, options: {}, signal });
    open.push(session);
    const replies = new Replies(session);
    return {
      session,
      replies,
      async cpr(text) {
        session.write(encoder.encode(text + '\x1b[6n\x1b[c'));
        const m = await replies.waitFor(/(\x1b\[\d+;\d+R)[^]*?\x1b\[\?[\d;]*c/);
        return m[1]!;
      },
    };
  };
}
