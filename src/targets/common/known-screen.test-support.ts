/**
 * A screen with known text for read-back tests: a wide character, blanks inside
 * a row, blank rows, a row that wrapped into the next, a wide character in the
 * last columns (probe notation), and the text of rows 1–11 it leaves on an
 * 80-column screen.
 */
export const KNOWN_SCREEN = `\\e[2;3Hab\\u{4E2D}c  d\\e[5;1Hxyz\\e[7;1H${'w'.repeat(80)}v\\e[10;78H\\u{4E2D}q`;
export const KNOWN_ROWS = ['', '  ab中c  d', '', '', 'xyz', '', 'w'.repeat(80), 'v', '', `${' '.repeat(77)}中q`, ''];
