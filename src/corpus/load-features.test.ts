/**
 * The feature files: the shipped ones load against the shipped corpus, and a
 * bad file fails with one line naming the file, the line and the feature.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../test-support/temp-dirs.js';
import { loadCorpus } from './load-corpus.js';
import { FeatureError, loadFeatures } from './load-features.js';

const tempDir = useTempDirs();
const corpus = await loadCorpus();
const known = (id: string) => corpus.byId.has(id);

const SECTION = `section: tests
title: Tests
order: 1
description: A section written by the test.
features:
`;

const FEATURE = `  - id: first
    name: First feature
    aliases: [ONE, uno]
    description: A feature the test writes, with one facet and a rule that names it.
    facets:
      - { probe: cursor.cup-zero, checks: 'CUP 0;0 goes home' }
`;

function featuresDir(files: Record<string, string>): string {
  const dir = join(tempDir('termprobe-features-'), 'features');
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function problem(files: Record<string, string>): string {
  try {
    loadFeatures(known, featuresDir(files));
  } catch (e) {
    expect(e).toBeInstanceOf(FeatureError);
    return (e as Error).message.replace(/\/[^\s:()]*\/features\//g, 'features/');
  }
  throw new Error('the files loaded');
}

describe('the shipped features', () => {
  const set = loadFeatures(known);

  it('cover the ten sections of the issue with at least 150 measured features', () => {
    expect(set.sections.map((s) => s.title)).toEqual([
      'Cursor and editing',
      'Scrolling and margins',
      'Text styles',
      'Colours',
      'Unicode and character sets',
      'Modes and reports',
      'Input',
      'Graphics',
      'OSC extensions',
      'Multiplexer passthrough',
    ]);
    const measured = set.features.filter((f) => f.facets.length > 0);
    expect(measured.length).toBeGreaterThanOrEqual(150);
    for (const f of set.features) expect(f.facets.length > 0 || f.unmeasured !== undefined, f.id).toBe(true);
  });

  it('name the features people search for, each with aliases, a description and an https spec link', () => {
    for (const id of ['synchronized-output', 'curly-underline', 'hyperlinks', 'mouse-sgr', 'kitty-keyboard-protocol', 'truecolour', 'bracketed-paste', 'alternate-screen-1049']) {
      const f = set.byId.get(id);
      expect(f, id).toBeDefined();
      expect(f!.aliases.length, id).toBeGreaterThan(0);
      expect(f!.specs.every((s) => s.url.startsWith('https://')), id).toBe(true);
    }
    expect(set.byId.get('synchronized-output')!.aliases).toContain('mode 2026');
  });

  it('reach every probe category of the corpus through some facet, the input ones included', () => {
    const used = new Set(set.features.flatMap((f) => f.facets.map((x) => x.probe.split('.')[0]!)));
    expect(corpus.categories.filter((c) => !used.has(c))).toEqual([]);
    expect(set.features.filter((f) => f.kind === 'input').length).toBeGreaterThanOrEqual(20);
  });
});

describe('a bad features file', () => {
  it('naming a probe the corpus lacks: file, line, feature', () => {
    expect(problem({ 'a.yaml': SECTION + FEATURE.replace('cursor.cup-zero', 'cursor.no-such-probe') })).toBe(
      'features/a.yaml:11: feature "first": facet 1: probe "cursor.no-such-probe" is not in the corpus (termprobe list)',
    );
  });

  it('with a rule naming no facet of its feature', () => {
    expect(problem({ 'a.yaml': SECTION + FEATURE + '    rule: { present: [cup-one] }\n' })).toBe(
      'features/a.yaml:12: feature "first": rule: present names "cup-one", which is not a facet of this feature (facets: cup-zero)',
    );
  });

  it('with an alias another feature has', () => {
    const second = FEATURE.replace('id: first', 'id: second').replace('First feature', 'Second feature').replace('[ONE, uno]', '[two, one]');
    expect(problem({ 'a.yaml': SECTION + FEATURE, 'b.yaml': SECTION.replace('order: 1', 'order: 2').replace('tests', 'more') + second })).toBe(
      'features/b.yaml:8: feature "second": "one" is also a name or alias of "first" (features/a.yaml): a search for it could not say which feature',
    );
  });

  it('with an alias given twice, an unknown field, bad YAML, or no facet and no reason', () => {
    expect(problem({ 'a.yaml': SECTION + FEATURE.replace('[ONE, uno]', '[ONE, uno, one]') })).toBe('features/a.yaml:8: feature "first": alias "one" is given twice');
    expect(problem({ 'a.yaml': SECTION + FEATURE + '    colour: red\n' })).toBe('features/a.yaml:12: feature "first": unknown field "colour"');
    expect(problem({ 'a.yaml': SECTION + '  - id: [unclosed\n' })).toMatch(/^features\/a\.yaml:7: invalid YAML: /);
    expect(problem({ 'a.yaml': SECTION + FEATURE.replace(/ {4}facets:\n.*\n/, '') })).toBe('features/a.yaml:6: feature "first": a feature without facets says why in unmeasured:');
  });
});
