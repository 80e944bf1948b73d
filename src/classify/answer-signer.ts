/**
 * How answers are compared, decided once per probe for a set of runs: by screen
 * cells when every run that answered read cells; by the screen's text when some
 * could only read text (DECRQCRA, hardcopy); without the screen when some could
 * not read it at all. Otherwise a target with less readback would differ from
 * every other on every screen probe. Tables show answers at the same level.
 */
import type { RunView, SignatureLevel } from './run-view.js';

export interface Signer {
  level(id: string): SignatureLevel;
  of(view: RunView, id: string): string | undefined;
  /** The short answer, without the screen where the probe is compared without it. */
  summary(view: RunView, id: string): string;
}

function levelFor(id: string, views: RunView[]): SignatureLevel {
  let level: SignatureLevel = 'cells';
  let anyScreen = false;
  let noScreen = false;
  for (const v of views) {
    const r = v.result(id);
    if (!r || (r.status !== 'ok' && r.status !== 'partial')) continue;
    if (!r.screen) noScreen = true;
    else {
      anyScreen = true;
      if (r.screen.cells === undefined) level = 'text';
    }
  }
  return anyScreen && noScreen ? 'none' : level;
}

export function makeSigner(views: RunView[]): Signer {
  const levels = new Map<string, SignatureLevel>();
  const level = (id: string): SignatureLevel => {
    let l = levels.get(id);
    if (l === undefined) levels.set(id, (l = levelFor(id, views)));
    return l;
  };
  return {
    level,
    of: (view, id) => view.signature(id, level(id)),
    summary: (view, id) => view.summary(id, level(id) !== 'none'),
  };
}
