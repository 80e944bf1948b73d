import { describe, expect, it } from 'vitest';
import { haveProgram } from '../../test-support/require-program.js';
import { withPackageVersion } from './self-package-version.js';

describe('a terminal that names itself but not its version', () => {
  it.skipIf(!haveProgram('alacritty', 'alacritty'))('gets the version of its Debian package, as run --target reports it', async () => {
    const id = await withPackageVersion({ name: 'alacritty', version: 'unknown', identifiedBy: 'env', chain: {} });
    expect(id).toMatchObject({ name: 'alacritty', version: '0.11.0', identifiedBy: 'dpkg', chain: { dpkg: expect.stringMatching(/^alacritty=0\.11\.0/) } });
  });

  it('keeps a version it already has, and a name no package has', async () => {
    const known = { name: 'kitty', version: '0.26.5', identifiedBy: 'xtversion' as const, chain: {} };
    expect(await withPackageVersion(known)).toBe(known);
    const odd = { name: 'no-such-terminal', version: 'unknown', identifiedBy: 'env' as const, chain: {} };
    expect(await withPackageVersion(odd)).toBe(odd);
  });
});
