import { describe, expect, it } from 'vitest';
import { bytes, describeEmbeddedTarget, useSessions } from './embedded.test-suite.js';
import { GHOSTTY_DA1_REPLY, ghosttyTarget } from './ghostty.js';
import { loadCorpus } from '../../corpus/load-corpus.js';
import { runTarget } from '../../engine/run-target.js';
import { supportMark } from '../../classify/support-mark.js';

const DA1 = GHOSTTY_DA1_REPLY;

describeEmbeddedTarget(ghosttyTarget, /\x1b\[\?62;22;52c/);

describe('ghostty target', () => {
  const openSession = useSessions(ghosttyTarget);

  it('marks the DA1 replies its pipe writes as host-supplied, so they are never judged as Ghostty\'s', async () => {
    const corpus = await loadCorpus();
    const probe = corpus.byId.get('reports.da1')!;
    const { results } = await runTarget('ghostty', corpus, [probe, corpus.byId.get('cursor.cuu-default')!]);
    expect(results.probes[0]!.replies).toEqual([{ query: 'da1', value: '62;22;52', raw: '\\e[?62;22;52c', source: 'host' }]);
    expect(supportMark(probe, results.probes[0], results.settings)).toMatchObject({ support: 'inconclusive', why: 'host-reply' });
    expect(results.probes[1]!.cursor).toBeDefined();
  });

  it("answers DA1 in the pipe, in order between the engine's own CPR replies", async () => {
    const { session, log } = await openSession();
    session.write(bytes('\x1b[1;1H\x1b[6n\x1b[c\x1b[2;2H\x1b[6n\x1b[0c\x1b[3;3H\x1b[6n'));
    expect(await log.waitFor(/R/, 3)).toBe(`\x1b[1;1R${DA1}\x1b[2;2R${DA1}\x1b[3;3R`);
  });

  it('answers a DA1 query split across writes, and one written a byte at a time', async () => {
    const { session, log } = await openSession();
    session.write(bytes('\x1b[4;4H\x1b[6n\x1b'));
    session.write(bytes('[c\x1b[6n'));
    for (const byte of bytes('\x1b[5;5H\x1b[6n\x1b[c\x1b[6n')) session.write(Uint8Array.of(byte));
    expect(await log.waitFor(/R/, 4)).toBe(`\x1b[4;4R${DA1}\x1b[4;4R\x1b[5;5R${DA1}\x1b[5;5R`);
  });

  it('does not answer DA2, nor a "DA1" inside an OSC or DCS payload', async () => {
    const { session, log } = await openSession();
    session.write(bytes('\x1b[>c\x1b[>0c\x1b]2;[c\x07\x1bP1$q[c\x1b\\\x1b[6n\x1b[c'));
    expect(await log.waitFor(/c/)).toBe(`\x1b[1;1R${DA1}`);
  });

  it('reads its own cursor as absolute, while its CPR is relative to the margins in origin mode', async () => {
    const { session, log } = await openSession();
    session.write(bytes('\x1b[5;10r\x1b[?6h\x1b[2;3H\x1b[6n'));
    expect(await log.waitFor(/R/)).toBe('\x1b[2;3R');
    expect(await session.readCursor!()).toEqual({ row: 6, col: 3 });
  });

  it('maps the tagged palette home: bright names, 256-colour indices, truecolour', async () => {
    const { session } = await openSession();
    session.write(bytes('\x1b[91;104mA\x1b[0;38;5;231;48;5;232mB\x1b[0;38;2;17;34;51mC'));
    // The documented limit: a truecolour equal to a 256-colour entry reads as its index.
    session.write(bytes('\x1b[0;38;2;95;0;0mD\x1b[0m'));
    const { cells } = await session.readScreen!({ top: 1, left: 1, bottom: 1, right: 4 });
    expect(cells?.[0]?.map((c) => c.s)).toEqual([
      { fg: 'bright-red', bg: 'bright-blue' },
      { fg: 231, bg: 232 },
      { fg: '#112233' },
      { fg: 52 },
    ]);
  });

  it('shows the spacer left by a wide character that wrapped early as a blank cell', async () => {
    const { session } = await openSession();
    session.write(bytes('x'.repeat(79) + '日'));
    const end = await session.readScreen!({ top: 1, left: 79, bottom: 1, right: 80 });
    const next = await session.readScreen!({ top: 2, left: 1, bottom: 2, right: 3 });
    expect(end.cells).toEqual([[{ t: 'x', w: 1 }, { t: ' ', w: 1 }]]);
    expect(next.cells).toEqual([[{ t: '日', w: 2 }, { t: '', w: 0 }, { t: ' ', w: 1 }]]);
  });

  it('reads a grapheme cluster (mode 2027 is on) as one cell', async () => {
    const { session } = await openSession();
    session.write(bytes('\u{1F44D}\u{1F3FD}e\u0301|'));
    const { cells } = await session.readScreen!({ top: 1, left: 1, bottom: 1, right: 4 });
    expect(cells).toEqual([[{ t: '\u{1F44D}\u{1F3FD}', w: 2 }, { t: '', w: 0 }, { t: 'e\u0301', w: 1 }, { t: '|', w: 1 }]]);
  });

  it('describes itself from its package, with mode 2027 and who answers DA1', async () => {
    const { session } = await openSession();
    const described = await session.describe();
    expect(described).toMatchObject({
      name: 'ghostty',
      version: '0.4.0',
      identifiedBy: 'package',
      chain: { package: 'ghostty-web@0.4.0' },
      settings: { cols: 80, rows: 24, modes: { '?2027': 'set' } },
    });
    expect(described.settings?.options?.['da1-answered-by']).toMatch(/termprobe pipe/);
  });

  it('keeps sessions apart: each has its own engine', async () => {
    const a = await openSession();
    const b = await openSession();
    a.session.write(bytes('\x1b[7;7H'));
    b.session.write(bytes('\x1b[6n'));
    expect(await b.log.waitFor(/R/)).toBe('\x1b[1;1R');
  });

  it('refuses options, since it takes none', async () => {
    await expect(ghosttyTarget.open({ cols: 80, rows: 24, options: { unicode: '6' } })).rejects.toThrow(/takes no options/);
  });
});
