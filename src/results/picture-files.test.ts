/**
 * A results file and its pictures are written as one set: the PNGs beside the
 * file under pictures/<base>/, each probe pointing at its own, the file valid
 * against the schema; a new set replaces the old one whole, a run without
 * pictures removes the old ones, and a failure half-way leaves the old set.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../test-support/temp-dirs.js';
import { pictureFolderName, writeResultsWithPictures, type CapturedPicture } from './picture-files.js';
import { readResults } from './read-results.js';
import type { ResultsFile } from './results-schema.js';

const tempDir = useTempDirs();
const fixture = JSON.parse(readFileSync(new URL('../report/fixtures/xterm.js-6.0.0.json', import.meta.url), 'utf8')) as ResultsFile;
const [first, second, third] = fixture.probes.map((p) => p.id) as [string, string, string];

const picture = (byte: number): CapturedPicture => ({ png: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, byte]), width: 3 + byte, height: 2 });

describe('writeResultsWithPictures', () => {
  it('puts each picture in pictures/<base>/<probe>.png and points the probe at it', () => {
    const dir = tempDir('termprobe-pictures-');
    const file = join(dir, 'xterm-379.json');
    const written = writeResultsWithPictures(file, fixture, new Map([[first, picture(1)], [third, picture(3)], ['not-a-probe-of-this-run', picture(9)]]));
    expect(readdirSync(join(dir, 'pictures'))).toEqual(['xterm-379']);
    expect(readdirSync(join(dir, 'pictures', 'xterm-379')).sort()).toEqual([`${first}.png`, `${third}.png`].sort());
    expect([...readFileSync(join(dir, 'pictures', 'xterm-379', `${third}.png`))]).toEqual([0x89, 0x50, 0x4e, 0x47, 3]);
    const read = readResults(file);
    expect(read).toEqual(written);
    expect(read.probes.find((p) => p.id === first)?.picture).toEqual({ path: `pictures/xterm-379/${first}.png`, width: 4, height: 2 });
    expect(read.probes.find((p) => p.id === second)?.picture).toBeUndefined();
  });

  it('replaces an earlier set whole, and removes it when the new run has no pictures', () => {
    const dir = tempDir('termprobe-pictures-');
    const file = join(dir, 'kitty-0.26.5.json');
    writeResultsWithPictures(file, fixture, new Map([[first, picture(1)], [second, picture(2)]]));
    writeResultsWithPictures(file, fixture, new Map([[third, picture(3)]]));
    expect(readdirSync(join(dir, 'pictures', 'kitty-0.26.5'))).toEqual([`${third}.png`]);
    expect(readdirSync(join(dir, 'pictures'))).toEqual(['kitty-0.26.5']); // nothing hidden left over
    writeResultsWithPictures(file, fixture, new Map());
    expect(existsSync(join(dir, 'pictures', 'kitty-0.26.5'))).toBe(false);
    expect(readResults(file).probes.some((p) => p.picture)).toBe(false);
  });

  it('names the folder after a file given with --out, whatever its name, and leaves other runs\' pictures alone', () => {
    const dir = tempDir('termprobe-pictures-');
    writeResultsWithPictures(join(dir, 'other.json'), fixture, new Map([[first, picture(1)]]));
    const file = join(dir, '.my run (2).json');
    expect(pictureFolderName(file)).toBe('my-run-2-');
    writeResultsWithPictures(file, fixture, new Map([[first, picture(1)]]));
    expect(readdirSync(join(dir, 'pictures')).sort()).toEqual(['my-run-2-', 'other']);
    expect(readResults(file).probes[0]?.picture?.path).toBe(`pictures/my-run-2-/${first}.png`);
  });

  it('puts the old set back when the results file cannot be written, and clears what a killed writer left', () => {
    const dir = tempDir('termprobe-pictures-');
    const file = join(dir, 'st-0.9.json');
    writeResultsWithPictures(file, fixture, new Map([[first, picture(1)]]));
    const before = readFileSync(file, 'utf8');
    // A writer killed half-way leaves a hidden folder; the next write removes it.
    mkdirSync(join(dir, 'pictures', '.st-0.9.4242.tmp'));
    writeFileSync(join(dir, 'pictures', '.st-0.9.4242.tmp', 'x.png'), 'half');
    const unwritable = { ...fixture, probes: fixture.probes.map((p, i) => (i === 0 ? { ...p, note: 'x' } : p)) } as ResultsFile;
    // The results file's temp name is taken by a folder: writing it fails after the pictures were swapped in.
    mkdirSync(join(dir, `.st-0.9.json.${process.pid}.tmp`));
    expect(() => writeResultsWithPictures(file, unwritable, new Map([[second, picture(2)]]))).toThrow();
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(readdirSync(join(dir, 'pictures', 'st-0.9'))).toEqual([`${first}.png`]);
    expect(readdirSync(join(dir, 'pictures'))).toEqual(['st-0.9']);
  });
});
