import { expect, test } from 'vitest';
import { conptyAvailability, parseVerLine, windowsBuild } from './windows-build.js';

test('the Windows build and version, from os.release() and `ver`', () => {
  expect(windowsBuild('10.0.20348')).toBe(20348);
  expect(windowsBuild('6.1.0-28-amd64')).toBe(0);
  expect(windowsBuild('unknown')).toBeUndefined();
  expect(parseVerLine('Microsoft Windows [Version 10.0.20348.2582]')).toBe('10.0.20348.2582');
  expect(parseVerLine('Microsoft Windows [Versión 10.0.26100.1]')).toBeUndefined();
  expect(parseVerLine(undefined)).toBeUndefined();
});

test('ConPTY runs only on Windows from build 18309, with node-pty installed', () => {
  expect(conptyAvailability('linux', '6.1.0', '1.1.0')).toEqual({ ok: false, reason: "ConPTY is Windows' pseudo-console; this is linux" });
  expect(conptyAvailability('darwin', '24.0.0', '1.1.0')).toEqual({ ok: false, reason: "ConPTY is Windows' pseudo-console; this is darwin" });
  expect(conptyAvailability('win32', '10.0.17763', '1.1.0')).toEqual({ ok: false, reason: 'node-pty drives ConPTY from Windows build 18309 on (winpty below it); this is 10.0.17763' });
  expect(conptyAvailability('win32', '10.0.20348', undefined)).toEqual({ ok: false, reason: 'node-pty is not installed', install: 'npm install node-pty' });
  expect(conptyAvailability('win32', '10.0.20348', '1.1.0')).toEqual({ ok: true });
});
