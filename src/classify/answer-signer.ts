/**
 * Which signature answers are compared by, decided once per probe for a set of
 * runs: screen cells when every run that read the screen has cells, the screen's
 * text when some could only read text (DECRQCRA, hardcopy). Otherwise a target
 * without cell readback would differ from every other on every screen probe.
 */
import type { RunView, SignatureLevel } from './run-view.js';

export interface Signer {
  level(id: string): SignatureLevel;
  of(view: RunView, id: string): string | undefined;
}

export function makeSigner(views: RunView[]): Signer {
  const levels = new Map<string, SignatureLevel>();
  const level = (id: string): SignatureLevel => {
    let l = levels.get(id);
    if (l === undefined) {
      l = views.some((v) => {
        const screen = v.result(id)?.screen;
        return screen !== undefined && screen.cells === undefined;
      })
        ? 'text'
        : 'cells';
      levels.set(id, l);
    }
    return l;
  };
  return { level, of: (view, id) => view.signature(id, level(id)) };
}
