import pkg from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { DRAIN_PAYLOADS, drainPayload, PAYLOAD_BYTES, PAYLOAD_VERSION, payloadsHash, SCROLLBACK_LINES, scrollbackPayload, speedPayloads } from './speed-payloads.js';

const { Terminal } = pkg;
const SIZE = { cols: 80, rows: 24 };
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Feed bytes to xterm.js and wait until it has parsed them. */
async function draw(bytes: Uint8Array): Promise<InstanceType<typeof Terminal>> {
  const term = new Terminal({ cols: SIZE.cols, rows: SIZE.rows, allowProposedApi: true, scrollback: 0 });
  await new Promise<void>((resolve) => term.write(bytes, resolve));
  return term;
}

const row = (term: InstanceType<typeof Terminal>, y: number) => term.buffer.active.getLine(y)!.translateToString(true);

describe('speed payloads', () => {
  it('are the same bytes every time, named by a hash that changes only with the version', () => {
    const a = speedPayloads(SIZE);
    const b = [...DRAIN_PAYLOADS.map((id) => drainPayload(id, SIZE)), scrollbackPayload(SIZE)];
    expect(a.map((p) => Buffer.from(p.bytes).equals(Buffer.from(b.find((q) => q.id === p.id)!.bytes)))).toEqual(a.map(() => true));
    // If this hash changes, the payloads changed: bump PAYLOAD_VERSION, so no two files with different bytes name the same version.
    expect([PAYLOAD_VERSION, payloadsHash(a)]).toEqual(['speed-payloads/1', PINNED_HASH]);
    expect(payloadsHash(speedPayloads({ cols: 100, rows: 30 }))).not.toBe(payloadsHash(a));
  });

  it('hold at least the budget each, cut only at line ends of valid UTF-8, and say how many lines they draw', () => {
    for (const p of speedPayloads(SIZE)) {
      if (p.id !== 'scrollback') expect(p.bytes.length).toBeGreaterThanOrEqual(PAYLOAD_BYTES);
      expect(p.cuts.at(-1)).toBe(p.bytes.length);
      let from = 0;
      for (const cut of p.cuts) {
        expect(cut).toBeGreaterThan(from);
        // Each piece is whole UTF-8 (the decoder is fatal) and, but for a suffix, ends a line or a frame.
        decoder.decode(p.bytes.subarray(from, cut));
        from = cut;
      }
      const lf = p.bytes.reduce((n, b) => n + (b === 0x0a ? 1 : 0), 0);
      expect(p.lines).toBe(p.id === 'redraw' ? p.cuts.length * SIZE.rows : lf);
    }
    expect(speedPayloads(SIZE).find((p) => p.id === 'scrollback')!.lines).toBe(SCROLLBACK_LINES);
  });

  it('never wrap a line: each line of text is at most one column short of the width', () => {
    for (const id of ['ascii', 'sgr-colour', 'unicode', 'region-scroll'] as const) {
      const text = decoder.decode(drainPayload(id, SIZE).bytes).replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
      const widths = text.split('\r\n').map((l) => stringWidth(l));
      expect(Math.max(...widths), id).toBeLessThanOrEqual(SIZE.cols - 1);
    }
  });

  it('draw what they say in a real emulator: the region scroll leaves the rows outside its region blank, the redraw fills every row', async () => {
    const region = await draw(drainPayload('region-scroll', SIZE).bytes);
    expect([row(region, 0), row(region, 1), row(region, 22), row(region, 23)]).toEqual(['', '', '', '']);
    expect(row(region, 20)).not.toBe('');
    expect(region.buffer.active.cursorY).toBe(0); // DECSTBM's reset homes the cursor
    const redraw = await draw(drainPayload('redraw', SIZE).bytes);
    for (let y = 0; y < SIZE.rows; y++) expect(row(redraw, y)).toHaveLength(SIZE.cols);
    const unicode = await draw(drainPayload('unicode', SIZE).bytes);
    expect(unicode.buffer.active.cursorX).toBe(0);
  });

  it('are each of their own kind', () => {
    const text = (id: (typeof DRAIN_PAYLOADS)[number]) => decoder.decode(drainPayload(id, SIZE).bytes);
    expect(text('ascii')).toMatch(/^[\x20-\x7e\r\n]+$/);
    expect(text('sgr-colour').match(/\x1b\[[0-9;]*m/g)!.length).toBeGreaterThan(10_000);
    expect(text('unicode')).toMatch(/[\u4e00-\u9fff]/);
    expect(text('unicode')).toMatch(/[a-zA-Z][\u0300-\u036f]/);
    expect(text('redraw').match(/\x1b\[\d+;1H/g)!.length).toBe(drainPayload('redraw', SIZE).lines);
  });
});

const PINNED_HASH = 'b35b868d12d38ffd';
