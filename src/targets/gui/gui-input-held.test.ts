/**
 * When a window the terminal mapped during an event is taken to hold the input (the marker after the event is not
 * coming): only while it is still mapped, and only once it has been for AFTER_MAP_MS of the terminal's own time. The
 * whole suite at once on two cores made xterm read the release that closes its ctrl+click menu more than 250 ms
 * after mapping it: the menu was taken for one that kept the keyboard, though it had closed and the marker was on
 * its way (CI, 2026-12-06).
 */
import { describe, expect, it } from 'vitest';
import { heldBy } from './gui-input.js';

describe('heldBy', () => {
  const model = () => {
    let t = 1000;
    const ready = { maps: { count: 2, at: 0, ids: [0x100, 0x200] }, open: new Set<number>([0x100]) };
    const map = (id: number) => {
      ready.maps.count++;
      ready.maps.at = t;
      ready.maps.ids.push(id);
      ready.open.add(id);
    };
    // Held or not, counting from the windows mapped before the event (0x100 is still open).
    const held = heldBy(ready, ready.maps.count, () => t);
    return { ready, map, held, pass: (ms: number) => (t += ms) };
  };

  it('holds once a window mapped since the event has stayed mapped 250 ms, not before, and never for windows mapped earlier', () => {
    const m = model();
    const { held } = m;
    m.pass(1000);
    expect(held()).toBe(false); // 0x100 is open, but was mapped before the event
    m.map(0x300);
    m.pass(250);
    expect(held()).toBe(false);
    m.pass(1);
    expect(held()).toBe(true);
  });

  it('does not hold once the window it mapped is gone, however long ago the map was (a menu the release closed)', () => {
    const m = model();
    const { held } = m;
    m.map(0x300);
    m.pass(400);
    m.ready.open.delete(0x300);
    expect(held()).toBe(false);
  });

  it('counts the time the terminal stood with no CPU out of the 250 ms', () => {
    const m = model();
    const { held } = m;
    m.map(0x300);
    m.pass(400);
    let asked = 0;
    const lost = (ms: number) => () => (asked++, ms);
    expect(held(lost(200))).toBe(false);
    expect(held(lost(100))).toBe(true);
    expect(asked).toBe(2);
    // Not read while nothing else says held: a window that is gone, or the 250 ms not yet past.
    m.ready.open.delete(0x300);
    expect(held(lost(0))).toBe(false);
    m.map(0x400);
    expect(held(lost(0))).toBe(false);
    expect(asked).toBe(2);
  });
});
