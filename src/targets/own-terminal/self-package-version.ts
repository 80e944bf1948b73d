/**
 * A terminal that names itself but not its version from inside (alacritty, the
 * VTE front ends) gets the version of its Debian package, when one is installed
 * under the name the GUI targets know it by — so `npx termprobe` in a terminal
 * and `termprobe run --target` of the same terminal write files that line up.
 */
import type { Identity } from '../../results/results-schema.js';
import { GUI_RECIPES } from '../gui/gui-recipes.js';
import { upstreamVersion } from '../common/package-identity.js';
import { dpkgVersion } from '../common/program-version.js';

export async function withPackageVersion(identity: Identity): Promise<Identity> {
  if (identity.version !== 'unknown') return identity;
  const recipe = GUI_RECIPES.find((r) => r.name === identity.name || r.id === identity.name);
  if (!recipe) return identity;
  const dpkg = await dpkgVersion(recipe.pkg);
  if (!dpkg) return identity;
  return { ...identity, version: upstreamVersion(dpkg), identifiedBy: 'dpkg', chain: { ...identity.chain, dpkg: `${recipe.pkg}=${dpkg}` } };
}
