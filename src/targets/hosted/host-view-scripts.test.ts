/** The hosts' answers read into screen rows, and the scripts' quoting of the socket path. */
import { describe, expect, it } from 'vitest';
import { emacsScript, neovimScript, vimScript, viewRows } from './host-view-scripts.js';

describe('viewRows', () => {
  it('takes text lines as they are (Neovim) and cells with their widths as a grid (Vim, Emacs)', () => {
    expect(viewRows('{"lines":["ab中c",""]}')).toEqual({ text: ['ab中c', ''] });
    expect(viewRows('{"cells":[[["a",1],["中",2],["",1],["e\\u0301",1]],[]]}')).toEqual({ grid: [['a', '中', '', ' ', 'e\u0301'], []] });
    // A character of width 0 (term.el keeps a combining mark as a character of its own) joins the cell before it.
    expect(viewRows('{"cells":[[["e",1],["\\u0301",0],["x",1]]]}')).toEqual({ grid: [['e\u0301', 'x']] });
  });

  it('reports the host\'s own error, and an answer of neither kind', () => {
    expect(() => viewRows('{"error":"E121: Undefined variable"}')).toThrow('E121: Undefined variable');
    expect(() => viewRows('{"other":1}')).toThrow(/neither lines nor cells/);
  });
});

describe('host-view scripts', () => {
  const path = `/tmp/dir with "quote" and 'apostrophe' \\ back/screen.sock`;
  it('quote the socket path for each language', () => {
    expect(neovimScript(path, 24)).toContain(String.raw`"/tmp/dir with \"quote\" and 'apostrophe' \\ back/screen.sock"`);
    expect(vimScript(path, 24)).toContain(`'unix:/tmp/dir with "quote" and ''apostrophe'' \\ back/screen.sock'`);
    expect(emacsScript(path)).toContain(String.raw`"/tmp/dir with \"quote\" and 'apostrophe' \\ back/screen.sock"`);
    expect(emacsScript(path).split('\n')[0]).toMatch(/-\*- lexical-binding: t -\*-$/);
  });
});
