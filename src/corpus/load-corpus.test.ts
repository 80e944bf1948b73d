import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { CorpusError } from './corpus-error.js';
import { loadCorpus } from './load-corpus.js';
import { parseCorpus } from './parse-corpus.js';
import { useTempDirs } from '../test-support/temp-dirs.js';

const tempDir = useTempDirs();

const GOOD = `category: demo
title: Demo
probes:
  - id: demo.one
    title: Cursor forward
    description: CUF moves the cursor right by its parameter.
    spec: ECMA-48 §8.3.20 CUF
    send: '\\e[10C'
    expect:
      implements: { cursor: "1;11" }
      lacks: { cursor: "1;1" }
`;

function corpusDir(files: Record<string, string>): string {
  const dir = tempDir('termprobe-corpus-');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function loadError(files: Record<string, string>): CorpusError {
  try {
    parseCorpus(corpusDir(files));
  } catch (e) {
    if (e instanceof CorpusError) return e;
    throw e;
  }
  throw new Error('expected a CorpusError');
}

describe('loadCorpus', () => {
  it('loads a valid file from any folder, applies defaults and hashes it stably', async () => {
    const a = await loadCorpus(corpusDir({ 'demo.yaml': GOOD }));
    const b = await loadCorpus(corpusDir({ 'demo.yaml': GOOD }));
    expect(a.probes).toHaveLength(1);
    expect(a.probes[0]!.query).toEqual(['cursor']);
    expect(a.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(a.hash).toBe(b.hash);
    expect((await loadCorpus(corpusDir({ 'demo.yaml': GOOD.replace('10C', '11C') }))).hash).not.toBe(a.hash);
  });

  it('names file, line and problem for invalid YAML', () => {
    const e = loadError({ 'demo.yaml': GOOD + '  - id: [unclosed\n' });
    expect(e.message).toMatch(/demo\.yaml:\d+: invalid YAML/);
  });

  it('names file and line for a duplicate key', () => {
    const e = loadError({ 'demo.yaml': GOOD.replace("    send: '", "    title: again\n    send: '") });
    expect(e.message).toMatch(/demo\.yaml:8: invalid YAML: .*(duplicate|unique)/i);
  });

  it('names file, probe, line and field for an unknown field', () => {
    const e = loadError({ 'demo.yaml': GOOD.replace("    send: '", "    sned: 'x'\n    send: '") });
    expect(e.message).toMatch(/demo\.yaml:8: probe "demo\.one": unknown field "sned"/);
  });

  it('names file, probe and character for an invalid escape', () => {
    const e = loadError({ 'demo.yaml': GOOD.replace('\\e[10C', '\\q[10C') });
    expect(e.message).toMatch(/demo\.yaml:8: probe "demo\.one": send: invalid escape at character 1: unknown escape "\\q"/);
  });

  it('names the probe and the field for a query listed twice', () => {
    const e = loadError({ 'demo.yaml': GOOD.replace("    send: '", "    query: [cursor, da1, cursor]\n    send: '") });
    expect(e.message).toMatch(/demo\.yaml:\d+: probe "demo\.one": query: a query is listed twice/);
  });

  it('rejects a duplicate id', () => {
    const probe = GOOD.slice(GOOD.indexOf('  - id:'));
    const e = loadError({ 'demo.yaml': GOOD + probe });
    expect(e.message).toMatch(/demo\.yaml: probe "demo\.one": duplicate id/);
  });

  it('rejects a missing field, a wrong id prefix, a bad spec and a dangling control', () => {
    expect(loadError({ 'demo.yaml': GOOD.replace(/    spec: .*\n/, '') }).message).toMatch(/probe "demo\.one": spec: /);
    expect(loadError({ 'demo.yaml': GOOD.replace('id: demo.one', 'id: wrong.one') }).message).toMatch(/must start with the category "demo\."/);
    expect(loadError({ 'demo.yaml': GOOD.replace('ECMA-48 §8.3.20 CUF', 'my memory') }).message).toMatch(/spec starts with one of/);
    expect(loadError({ 'demo.yaml': GOOD.replace('    send:', '    control: demo.nope\n    send:') }).message).toMatch(/control "demo\.nope" is not a probe id/);
  });
});

describe('queries a probe file may not ask', () => {
  const withQuery = (q: string) => ({ 'demo.yaml': GOOD.replace("    send: '", `    query: ['${q}']\n    send: '`) });
  const cases: [string, RegExp][] = [
    ['colour-of-the-sky', /demo\.yaml:\d+: probe "demo\.one": query\.0: unknown query kind "colour-of-the-sky"; a query is one of cursor, /],
    ['osc:52', /demo\.yaml:\d+: probe "demo\.one": query\.0: "osc:52": OSC number out of range/],
    ['osc4:256', /demo\.yaml:\d+: probe "demo\.one": query\.0: "osc4:256": OSC 4 colour index out of range/],
    ['xtgettcap:TN', /demo\.yaml:\d+: probe "demo\.one": query\.0: "xtgettcap:TN": an XTGETTCAP name is hex pairs/],
    ['xtgettcap:544', /demo\.yaml:\d+: probe "demo\.one": query\.0: "xtgettcap:544": an XTGETTCAP name is hex pairs/],
  ];
  for (const [query, message] of cases) {
    it(`names file and probe for ${query}`, () => {
      expect(loadError(withQuery(query)).message).toMatch(message);
    });
  }

  it('refuses the same in an expected reply', () => {
    const e = loadError({ 'demo.yaml': GOOD.replace('implements: { cursor: "1;11" }', "implements: { replies: { 'osc:99': '#000000' } }") });
    expect(e.message).toMatch(/probe "demo\.one": .*"osc:99": OSC number out of range/);
  });

  it('fails `list` with one line naming file and probe, exit 2', () => {
    const r = runCli(['list', '--probes', corpusDir(withQuery('xtgettcap:zz'))]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/demo\.yaml:\d+: probe "demo\.one": query\.0: "xtgettcap:zz": an XTGETTCAP name is hex pairs/);
  });
});

describe('a malformed probe file through the CLI', () => {
  const bad = { 'demo.yaml': GOOD.replace("    send: '", "    sned: 'x'\n    send: '") };

  it('fails `list` with one line, exit 2', () => {
    const r = runCli(['list', '--probes', corpusDir(bad)]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/demo\.yaml:8: probe "demo\.one": unknown field "sned"/);
  });

  it('fails `run` with one line, exit 2, and writes no results file', () => {
    const out = join(tempDir('termprobe-out-'), 'results');
    const r = runCli(['run', '--probes', corpusDir(bad), '--target', 'xterm.js', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  });
});
