/**
 * Who a GUI terminal is: the installed Debian package's version beside what the
 * terminal says of itself. The version is the terminal's own (XTVERSION) when it
 * names itself there, else the package's upstream version. The chain holds the
 * dpkg version; the engine's identify step adds XTVERSION, DA2 and DA1 to it.
 */
import { parseXtversion } from '../../protocol/xtversion.js';
import type { Identity } from '../../results/results-schema.js';

/** The upstream part of a Debian version: no epoch, no Debian revision, no repack suffix. */
export function upstreamVersion(debian: string): string {
  let v = debian.replace(/^\d+:/, '');
  const dash = v.lastIndexOf('-');
  if (dash > 0) v = v.slice(0, dash);
  return v.replace(/[+~](dfsg|ds|repack)\d*$/i, '');
}

export interface GuiIdentityInput {
  /** The terminal's usual name. */
  name: string;
  pkg: string;
  dpkg: string | undefined;
  /** XTVERSION text as the terminal sent it, if it answered. */
  xtversion: string | undefined;
  /** Lower-case names under which this terminal answers XTVERSION. */
  xtversionNames: readonly string[];
  /** Any XTVERSION names the terminal (a custom terminal): its name and version are the terminal's. */
  anyXtversion?: boolean;
}

export function guiIdentity(input: GuiIdentityInput): Pick<Identity, 'name' | 'version' | 'identifiedBy'> & { chain: Identity['chain'] } {
  const chain: Identity['chain'] = {};
  if (input.dpkg) chain.dpkg = `${input.pkg}=${input.dpkg}`;
  const xt = input.xtversion ? parseXtversion(input.xtversion) : null;
  if (xt && input.anyXtversion) return { name: xt.name, version: xt.version, identifiedBy: 'xtversion', chain };
  if (xt && xt.version !== 'unknown' && input.xtversionNames.includes(xt.name)) {
    return { name: input.name, version: xt.version, identifiedBy: 'xtversion', chain };
  }
  if (input.dpkg) return { name: input.name, version: upstreamVersion(input.dpkg), identifiedBy: 'dpkg', chain };
  return { name: input.name, version: 'unknown', identifiedBy: 'unknown', chain };
}
