/**
 * The East Asian Width tables the suite is dated by must be of the versions
 * they are taken for: get-east-asian-width builds its table from whatever the
 * UCD calls "latest" when it is released, and says no version. Checked against
 * Unicode 17.0's Assigned and 16.0's own EastAsianWidth.txt, at build time:
 * - the 17.0 table gives W/F only to code points assigned in 17.0, or in the
 *   ranges UAX #11 makes W for unassigned ones (an 18.0 table has more);
 * - it agrees with 16.0 on every code point assigned by 16.0 (17.0 changed none);
 * - the 15.1 table agrees with 16.0 except on code points 16.0 assigned and the
 *   183 that 16.0 made wide, and knows 15.1's wide additions (U+2FFC, U+31EF).
 */
export interface EawInputs {
  assigned: ReadonlySet<number>;
  age: ReadonlyMap<number, string>;
  eaw16: ReadonlyMap<number, string>;
  wide15: (cp: number) => boolean;
  wide17: (cp: number) => boolean;
}

/** The ranges UAX #11 gives W whether assigned or not. */
const DEFAULT_WIDE: [number, number][] = [[0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xf900, 0xfaff], [0x20000, 0x2fffd], [0x30000, 0x3fffd]];
const SIXTEEN_MADE_WIDE: [number, number][] = [[0x2630, 0x2637], [0x268a, 0x268f], [0x4dc0, 0x4dff], [0x1d300, 0x1d356], [0x1d360, 0x1d376]];
const within = (cp: number, ranges: [number, number][]) => ranges.some(([a, b]) => cp >= a && cp <= b);
const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

export class EawVersionError extends Error {
  override name = 'EawVersionError';
}

export function checkEastAsianWidthVersions(d: EawInputs): void {
  const fail = (what: string, cps: number[]) => {
    if (cps.length > 0) throw new EawVersionError(`width suite: ${what}: ${cps.slice(0, 5).map(hex).join(', ')}${cps.length > 5 ? ` and ${cps.length - 5} more` : ''} (pin the package version that holds that Unicode version's EastAsianWidth.txt)`);
  };
  const newer: number[] = [];
  for (let cp = 0; cp < 0x110000; cp++) if (d.wide17(cp) && !d.assigned.has(cp) && !within(cp, DEFAULT_WIDE)) newer.push(cp);
  fail('get-east-asian-width-1.6.0 makes code points wide that Unicode 17.0 does not assign', newer);
  const w16 = (cp: number) => ['W', 'F'].includes(d.eaw16.get(cp) ?? '');
  const differ17: number[] = [];
  const differ15: number[] = [];
  for (const cp of d.age.keys()) {
    if (d.wide17(cp) !== w16(cp)) differ17.push(cp);
    if (d.age.get(cp) !== '16.0' && d.wide15(cp) !== w16(cp) && !within(cp, SIXTEEN_MADE_WIDE)) differ15.push(cp);
  }
  fail('get-east-asian-width-1.6.0 differs from Unicode 16.0 on code points 16.0 assigned', differ17);
  fail('get-east-asian-width-1.2.0 differs from Unicode 16.0 beyond the changes 16.0 made', differ15);
  fail('get-east-asian-width-1.2.0 lacks the wide code points of 15.1', [0x2ffc, 0x31ef].filter((cp) => !d.wide15(cp)));
}
