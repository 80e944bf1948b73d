/**
 * Finds CSI sequences of interest in a byte stream written to an emulator,
 * e.g. the DA1 queries that Ghostty's wasm engine leaves unanswered. A small
 * VT500-style state machine whose state lives on the instance, so a query
 * split across writes is still found, and a "query" inside an OSC/DCS/APC
 * payload is not. It mirrors how Ghostty's parser treats the edge cases
 * (measured against the wasm engine with CPR, see csi-query-scanner.test.ts):
 * ESC, CAN and SUB act in every state; bytes ≥ 0x80 are text in ground and
 * payload in strings, while C1 controls (0x80–0x9F) act inside escape and CSI
 * sequences and other high bytes are skipped there.
 */

export interface CsiSequence {
  /** Private marker (one of < = > ?) when the first parameter byte was one, else ''. */
  marker: string;
  /** Intermediate bytes (0x20–0x2F). */
  intermediates: string;
  /** Parameter bytes (digits, ';', ':'), cut at MAX_PARAM_TEXT (as are intermediates). */
  params: string;
  final: string;
}

enum State { Ground, Escape, EscapeIntermediate, CsiEntry, CsiParam, CsiIntermediate, CsiIgnore, String }

const MAX_PARAM_TEXT = 256;
/** Ghostty drops a CSI sequence with more parameters than this (measured with SGR). */
export const GHOSTTY_MAX_PARAMS = 24;

/** DA1 as Ghostty's parser sees it: final 'c', no marker or intermediate; any parameters, but no colon. */
export function isGhosttyDa1(seq: CsiSequence): boolean {
  if (seq.final !== 'c' || seq.marker !== '' || seq.intermediates !== '' || seq.params.includes(':')) return false;
  const count = seq.params === '' ? 0 : seq.params.split(';').length;
  return count <= GHOSTTY_MAX_PARAMS;
}

export class CsiQueryScanner {
  private state = State.Ground;
  private marker = '';
  private intermediates = '';
  private params = '';

  constructor(private readonly match: (seq: CsiSequence) => boolean) {}

  /** Feed the next chunk; returns the offset just past each matching sequence that ends in it. */
  scan(chunk: Uint8Array): number[] {
    const ends: number[] = [];
    for (let i = 0; i < chunk.length; i++) {
      if (this.step(chunk[i]!)) ends.push(i + 1);
    }
    return ends;
  }

  /** Advance by one byte; true when it completes a matching sequence. */
  private step(b: number): boolean {
    if (b === 0x18 || b === 0x1a) return this.to(State.Ground);
    if (b === 0x1b) return this.to(State.Escape);
    if (this.state === State.Ground || this.state === State.String) return false;
    if (b >= 0x80) return this.c1(b);
    if (b < 0x20 || b === 0x7f) return false; // C0 controls execute and DEL is ignored mid-sequence
    switch (this.state) {
      case State.Escape:
        if (b < 0x30) return this.to(State.EscapeIntermediate);
        if (b === 0x5b) return this.enterCsi();
        if (b === 0x5d || b === 0x50 || b === 0x58 || b === 0x5e || b === 0x5f) return this.to(State.String);
        return this.to(State.Ground);
      case State.EscapeIntermediate:
        return b < 0x30 ? false : this.to(State.Ground);
      case State.CsiEntry:
        if (b >= 0x3c && b <= 0x3f) {
          this.marker = String.fromCharCode(b);
          return this.to(State.CsiParam);
        }
        return this.csiByte(b);
      case State.CsiParam:
        if (b >= 0x3c && b <= 0x3f) return this.to(State.CsiIgnore);
        return this.csiByte(b);
      case State.CsiIntermediate:
        if (b < 0x30) return this.addIntermediate(b);
        return b < 0x40 ? this.to(State.CsiIgnore) : this.dispatch(b);
      case State.CsiIgnore:
        return b < 0x40 ? false : this.to(State.Ground);
    }
  }

  /** A parameter, intermediate or final byte in CSI entry/param state. */
  private csiByte(b: number): boolean {
    if (b < 0x30) return this.addIntermediate(b);
    if (b < 0x3c) {
      if (this.params.length < MAX_PARAM_TEXT) this.params += String.fromCharCode(b);
      return this.to(State.CsiParam);
    }
    return this.dispatch(b);
  }

  private addIntermediate(b: number): boolean {
    if (this.intermediates.length < MAX_PARAM_TEXT) this.intermediates += String.fromCharCode(b);
    return this.to(State.CsiIntermediate);
  }

  /** C1 controls inside an escape or CSI sequence; other high bytes are skipped. */
  private c1(b: number): boolean {
    if (b > 0x9f) return false;
    if (b === 0x9b) return this.enterCsi();
    if (b === 0x90 || b === 0x9d || b === 0x98 || b === 0x9e || b === 0x9f) return this.to(State.String);
    return this.to(State.Ground);
  }

  private enterCsi(): boolean {
    this.marker = '';
    this.intermediates = '';
    this.params = '';
    return this.to(State.CsiEntry);
  }

  private dispatch(b: number): boolean {
    const seq = { marker: this.marker, intermediates: this.intermediates, params: this.params, final: String.fromCharCode(b) };
    this.state = State.Ground;
    return this.match(seq);
  }

  private to(state: State): false {
    this.state = state;
    return false;
  }
}
