import { describe, expect, it } from 'vitest';
import { decodeNotation } from './escape-notation.js';
import { loadCorpus } from './load-corpus.js';
import { queryMnemonics, sequenceMnemonics } from './sequence-mnemonics.js';

const names = (notation: string) => sequenceMnemonics(decodeNotation(notation, { cols: 80, rows: 24 }));

describe('sequence mnemonics', () => {
  it('names controls by their final byte, prefix and intermediates, keeping selecting parameters', () => {
    expect(names('\\e[5;3Hmain\\e[?1049h')).toEqual(['CUP', 'DECSET 1049']);
    expect(names('\\e]52;c;aGk=\\a\\e[4:3mX\\e[1;4m')).toEqual(['OSC 52', 'SGR 4:3', 'SGR 1', 'SGR 4']);
    expect(names('\\e]8;;https://example.com\\e\\\\link\\e]8;;\\e\\\\')).toEqual(['OSC 8']);
    expect(names('\\e[?6h\\e[2;5r\\e[?69h\\e[3;10s\\e[s\\e[u')).toEqual(['DECSET 6', 'DECOM', 'DECSTBM', 'DECSET 69', 'DECLRMM', 'DECSLRM', 'SCOSC', 'SCORC']);
    expect(names('\\e7\\e8\\eD\\eM\\e#8\\e(0\\r\\n\\t\\b')).toEqual(['DECSC', 'DECRC', 'IND', 'RI', 'DECALN', 'SCS', 'SCS (0', 'CR', 'LF', 'HT', 'BS']);
    expect(names('\\e[4 q\\e[!p\\e[?2026$p\\eP$qm\\e\\\\')).toEqual(['DECSCUSR 4', 'DECSTR', 'DECRQM ?2026', 'DECRQSS', 'DECRQSS m']);
    expect(names('\\e[6n\\e[?6n\\e[>c')).toEqual(['DSR 6', 'CPR', 'DECXCPR', 'DA2']);
  });

  it('shows a control no table names by its shape, never drops it', () => {
    expect(names('\\e[?5y')).toEqual(['CSI ? Ps y']);
    expect(names('\\e[&z')).toEqual(['CSI & z']);
  });

  it('names queries', () => {
    expect(queryMnemonics(['cursor', 'decrqm:?7', 'decrqss: q', 'osc:52', 'xtversion'])).toEqual(['CPR', 'DSR 6', 'DECRQM', 'DECRQM ?7', 'DECAWM', 'DECRQSS', 'DECRQSS  q', 'OSC 52', 'XTVERSION']);
  });

  it('names every control the shipped corpus sends', async () => {
    const corpus = await loadCorpus();
    const unnamed = corpus.probes.flatMap((p) => [p.send, p.cleanup ?? ''].flatMap((s) => sequenceMnemonics(decodeNotation(s, { cols: 80, rows: 24 })).filter((n) => /^(CSI|ESC) /.test(n)).map((n) => `${p.id}: ${n}`)));
    expect(unnamed).toEqual([]);
  });
});

describe('mnemonic names', () => {
  it('says in words what a mnemonic stands for', async () => {
    const { mnemonicName } = await import('./mnemonic-names.js');
    expect(mnemonicName('OSC 8')).toBe('hyperlink');
    expect(mnemonicName('DECSCUSR 4')).toMatch(/cursor style \(shape/);
    expect(mnemonicName('CUP')).toBe('cursor position');
    expect(mnemonicName('OSC 99999')).toBeUndefined();
  });

  it('has words for every mnemonic the shipped corpus uses', async () => {
    const { mnemonicName } = await import('./mnemonic-names.js');
    const corpus = await loadCorpus();
    const all = new Set(corpus.probes.flatMap((p) => [...sequenceMnemonics(decodeNotation(p.send, { cols: 80, rows: 24 })), ...queryMnemonics(p.query)]));
    expect([...all].filter((m) => mnemonicName(m) === undefined)).toEqual([]);
  });
});
