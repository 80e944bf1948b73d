/**
 * Laying the width suite out in batches: many items per screen row, each at a
 * column of its own (CUP, the item, CPR), so an item's advance is the reported
 * column minus the one it started at, and a mis-drawn item cannot shift the
 * next. One batch fills the screen but its last two rows once; the runner
 * ends it with its tag (a CPR at a column of the last row that names the batch)
 * and the DA1 sentinel (run-widths.ts).
 */
import { itemBytes, type WidthItem } from '../corpus/width-suite/width-item.js';

export interface Placement {
  /** Index of the item in the list measured. */
  index: number;
  row: number;
  col: number;
}

export interface WidthBatch {
  placements: Placement[];
  bytes: Uint8Array;
}

const encoder = new TextEncoder();
export const CPR = '\x1b[6n';
export const DA1 = '\x1b[c';

/** The columns an item's slot takes: room for what it should advance and for a terminal that draws it wider. */
export function slotWidth(item: WidthItem, cols: number): number {
  const widest = Math.max(item.expect ?? 1, item.cluster ?? 0);
  return Math.min(cols, Math.max(8, widest + 4));
}

export interface BatchOptions {
  cols: number;
  rows: number;
  /** Bytes before the first item (mode settings); a batch clears the screen after them. */
  prefix: string;
  /** A batch stays under this many bytes (one item always goes). */
  maxBytes: number;
}

/** Bytes of a string in UTF-8, counted without encoding it. */
function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * Split items (by index into `items`) into batches. A batch is built as text and
 * encoded once (164,208 items were half a million small encodes, the largest
 * part of termprobe's own CPU time in a run); items given as raw bytes (the
 * choke items, measured alone) are not batched.
 */
export function planBatches(items: readonly WidthItem[], indexes: readonly number[], o: BatchOptions): WidthBatch[] {
  const batches: WidthBatch[] = [];
  const prefix = `${o.prefix}\x1b[2J`;
  const prefixSize = utf8Length(prefix);
  let parts: string[] = [prefix];
  let placements: Placement[] = [];
  let size = prefixSize;
  let row = 1;
  let col = 1;
  const finish = () => {
    if (placements.length > 0) batches.push({ placements, bytes: encoder.encode(parts.join('')) });
    parts = [prefix];
    placements = [];
    size = prefixSize;
    row = 1;
    col = 1;
  };
  for (const index of indexes) {
    const item = items[index]!;
    if (item.bytes !== undefined) throw new Error(`width batches: ${item.id} is raw bytes, measured alone`);
    const slot = slotWidth(item, o.cols);
    const body = item.text ?? '';
    const bodySize = utf8Length(body);
    for (;;) {
      if (col + slot - 1 > o.cols) {
        row++;
        col = 1;
      }
      const head = `\x1b[${row};${col}H`;
      const cost = head.length + bodySize + CPR.length;
      // The last two rows stay empty: an item drawn too wide wraps at most into the one
      // before last, and the last holds the batch's tag, which no item's report can then look like.
      if (placements.length > 0 && (row >= o.rows - 1 || size + cost > o.maxBytes)) {
        finish();
        continue;
      }
      parts.push(head, body, CPR);
      size += cost;
      placements.push({ index, row, col });
      col += slot;
      break;
    }
  }
  finish();
  return batches;
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** One item alone at the top left, after `prefix` (the isolation prelude and mode settings). */
export function aloneBatch(items: readonly WidthItem[], index: number, prefix: string): WidthBatch {
  const head = encoder.encode(`${prefix}\x1b[2J\x1b[1;1H`);
  const body = itemBytes(items[index]!);
  const tail = encoder.encode(CPR);
  return { placements: [{ index, row: 1, col: 1 }], bytes: concat([head, body, tail], head.length + body.length + tail.length) };
}
