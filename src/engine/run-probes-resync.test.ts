/**
 * A probe that interrupts a sequence it opened, run through the engine into a model of rxvt-unicode 9.30's parser
 * (command.C): an ESC inside a CSI starts a sequence nested in it, the CSI stays open until a byte from 0x40 to
 * 0x7E outside the nested ones, and when the input runs out inside it the parse starts again from its ESC once more
 * bytes come, running the nested queries again. Fed one probe per read (the input ran out after each), the probes
 * after `CSI 5 ESC [ 3 C` got the replies of the ones before in a real urxvt under load; through the engine, each
 * probe here gets its own answer and the second thoughts are recorded with the probe that caused them.
 */
import { describe, expect, it } from 'vitest';
import { interruptsSequence } from '../corpus/interrupted-sequence.js';
import type { Probe } from '../corpus/probe-schema.js';
import type { TargetSession } from '../targets/target.js';
import { planContext, planProbe } from './probe-plan.js';
import { runProbes } from './run-probes.js';

const size = { cols: 80, rows: 24 };

function probe(id: string, send: string): Probe {
  return { id: `t.${id}`, category: 't', file: 'test', title: id, description: 'test probe', spec: 'ECMA-48 test', send, query: ['cursor'], expect: { implements: {} } };
}

class OutOfInput extends Error {}

/** A terminal whose parser nests sequences inside an open CSI and parses again from its start when input runs out. */
class NestingTerminal implements TargetSession {
  private buf = '';
  private pos = 0;
  private row = 1;
  private col = 1;
  private listener: ((d: Uint8Array) => void) | undefined;
  /** Reads the model was given (one per probe: every write is cut after each DA1). */
  reads = 0;

  write(data: Uint8Array): void {
    const text = Buffer.from(data).toString('latin1');
    // The input runs out after every DA1 request: the worst a pty's reads can do.
    for (const piece of text.split(/(?<=\x1b\[c)/)) {
      this.buf += piece;
      this.reads++;
      this.parse();
    }
  }

  onData(listener: (d: Uint8Array) => void): void {
    this.listener = listener;
  }

  async describe() {
    return {};
  }

  async close(): Promise<void> {}

  private reply(text: string): void {
    const bytes = Buffer.from(text, 'latin1');
    setImmediate(() => this.listener?.(bytes));
  }

  private get(): string {
    if (this.pos >= this.buf.length) throw new OutOfInput();
    return this.buf[this.pos++]!;
  }

  private parse(): void {
    for (;;) {
      const begin = this.pos;
      if (this.pos >= this.buf.length) break;
      const ch = this.get();
      try {
        if (ch === '\x1b') this.escape();
        else if (ch >= ' ' && ch !== '\x7f') this.col = Math.min(size.cols, this.col + 1);
      } catch (error) {
        if (!(error instanceof OutOfInput)) throw error;
        this.pos = begin; // parsed again from the sequence's start once more bytes come
        break;
      }
    }
    this.buf = this.buf.slice(this.pos);
    this.pos = 0;
  }

  private escape(): void {
    const c = this.get();
    if (c === '[') this.csi();
    else if (c === '(' || c === ')' || c === '#') this.get();
    else if (c === ']' || c === 'P') {
      for (let prev = ''; ; ) {
        const s = this.get();
        if (s === '\x07' || (prev === '\x1b' && s === '\\')) break;
        prev = s;
      }
    }
  }

  private csi(): void {
    let params = '';
    let c = this.get();
    while (c < '@') {
      if (c === '\x1b') this.escape(); // nested, as rxvt-unicode does
      else if (c >= ' ') params += c;
      c = this.get();
    }
    if (params.startsWith('?') || params.startsWith('>') || params.startsWith('!')) return;
    const n = params.split(';').map((p) => (p === '' ? 0 : Number(p)));
    if (c === 'H') [this.row, this.col] = [Math.min(size.rows, n[0] || 1), Math.min(size.cols, n[1] || 1)];
    else if (c === 'C') this.col = Math.min(size.cols, this.col + (n[0] || 1));
    else if (c === 'n' && n[0] === 6) this.reply(`\x1b[${this.row};${this.col}R`);
    else if (c === 'c' && params === '') this.reply('\x1b[?1;2c');
  }
}

describe('a probe that leaves a sequence open', () => {
  it('is told from the bytes: ESC, CAN or SUB inside a sequence, or one left open', () => {
    expect(interruptsSequence('\x1b[5\x1b[3C')).toBe(true);
    expect(interruptsSequence('\x1b[5\x18C')).toBe(true);
    expect(interruptsSequence('\x1b]2;x\x1b[3C\x1b\\')).toBe(true);
    expect(interruptsSequence('\x1bP$q\x18ab\x1b\\')).toBe(true);
    expect(interruptsSequence('\x1b]2;title')).toBe(true);
    expect(interruptsSequence('\x1b[1;2H\x1b]2;t\x07\x1bP$qm\x1b\\\x1b_G\x1b\\\x1b(B\x1b7ab\r\n')).toBe(false);
    const ctx = planContext(size);
    expect(planProbe(probe('esc', '\\e[5\\e[3C'), ctx).resync).toBe(true);
    expect(planProbe(probe('cuf', '\\e[3C'), ctx).resync).toBe(false);
  });

  it('in a terminal that keeps it open and parses it again, costs no later probe its answer', async () => {
    const probes = [probe('before', '\\e[2C'), probe('esc-restarts-csi', '\\e[5\\e[3C'), ...[1, 2, 3, 4, 5, 6].map((n) => probe(`cuf-${n}`, `\\e[${n}C`)), probe('text', 'ab')];
    const terminal = new NestingTerminal();
    const { results, gaveUp } = await runProbes(terminal, probes, { size });
    expect(gaveUp).toBeUndefined();
    expect(results.map((r) => [r.id, r.status, r.cursor?.col])).toEqual([
      ['t.before', 'ok', 3],
      ['t.esc-restarts-csi', 'ok', 4],
      ['t.cuf-1', 'ok', 2],
      ['t.cuf-2', 'ok', 3],
      ['t.cuf-3', 'ok', 4],
      ['t.cuf-4', 'ok', 5],
      ['t.cuf-5', 'ok', 6],
      ['t.cuf-6', 'ok', 7],
      ['t.text', 'ok', 3],
    ]);
    // The nested CUF, CPR and DA1 ran again when the resync's bytes came: the CPR then said column 7.
    expect(results[1]!.evidence?.['resync']).toBe("the terminal sent 2 more replies after this probe's answer, set aside: \\e[1;7R \\e[?1;2c");
    expect(results.filter((r) => r.evidence?.['resync']).length).toBe(1);
    expect(terminal.reads).toBeGreaterThan(probes.length);
  });
});
