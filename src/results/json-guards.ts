/**
 * The small type tests the hand-written checks (fast-results-check.ts, fast-replay-check.ts) build their rules from:
 * what a JSON value is, without zod.
 */
export type Rec = Record<string, unknown>;

export const isObj = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isStr = (v: unknown): v is string => typeof v === 'string';
export const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
export const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const optStr = (v: unknown) => v === undefined || isStr(v);
export const optInt = (v: unknown) => v === undefined || isInt(v);

/** Every key of o is one of `keys` (a strict object). */
export function onlyKeys(o: Rec, keys: ReadonlySet<string>): boolean {
  for (const k in o) if (!keys.has(k)) return false;
  return true;
}
