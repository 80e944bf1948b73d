/**
 * The header of a CSI or DCS sequence: private marker, parameters, intermediates.
 *
 * `accept` is the VT500 header grammar (entry → param → intermediate, with an
 * ignore state for what breaks it) with one deliberate widening: a '-' at the
 * start of a parameter is read as a sign, because real terminals send negative
 * numbers (zutty answers CPR with `CSI -1 ; 3 R`). A '-' that no digit follows is
 * given back to the intermediates, where VT500 would have put it.
 *
 * Storage is two fixed arrays, so the header can never grow past its caps; what
 * does not fit is dropped and remembered as `truncated`.
 */

export type HeaderPhase = 'entry' | 'param' | 'intermediate' | 'ignore' | 'final';

export interface HeaderLimits {
  /** Most parameters kept (separated by ';'). */
  maxParams: number;
  /** Most parameter characters kept, separators included. */
  maxParamChars: number;
  /** Most intermediate characters kept. */
  maxIntermediates: number;
}

const SEMICOLON = 0x3b;
const COLON = 0x3a;
const MINUS = 0x2d;
const DEL = 0x7f;

export class SequenceHeader {
  private readonly paramUnits: Uint16Array;
  private readonly interUnits: Uint16Array;
  private paramLen = 0;
  private interLen = 0;
  private separators = 0;
  private prefixUnit = 0;
  /** A '-' is the last parameter character and no digit has confirmed it yet. */
  private signPending = false;
  /** The parameter caps were reached: further parameter characters are dropped. */
  private dropping = false;
  private dropped = false;
  /** Parameters are one contiguous run of the raw text (nothing skipped or dropped). */
  private contiguous = true;

  constructor(readonly limits: HeaderLimits) {
    this.paramUnits = new Uint16Array(limits.maxParamChars);
    this.interUnits = new Uint16Array(limits.maxIntermediates);
  }

  reset(): void {
    this.paramLen = this.interLen = this.separators = this.prefixUnit = 0;
    this.signPending = this.dropping = this.dropped = false;
    this.contiguous = true;
  }

  /** A C0 control inside the header: ignored, so the parameters are no longer one run of raw. */
  skipControl(): void {
    this.contiguous = false;
  }

  /** True while the parameters can be read straight out of the raw text. */
  get tidy(): boolean {
    return this.contiguous && !this.dropped;
  }

  /** Take one printable character (0x20–0x7E or non-ASCII) and return the next phase. */
  accept(c: number, phase: HeaderPhase): HeaderPhase {
    if (c >= 0x40 && c <= 0x7e) {
      this.settle();
      return 'final';
    }
    if (phase === 'ignore') return 'ignore';
    if (c >= 0x30 && c <= 0x3f) {
      if (c >= 0x3c) {
        if (phase !== 'entry') return this.breakGrammar();
        this.prefixUnit = c; // private marker: only as the first character
        return 'param';
      }
      if (phase === 'intermediate') return this.breakGrammar();
      this.signPending = false;
      this.storeParam(c);
      return 'param';
    }
    if (c >= 0x20 && c <= 0x2f) {
      if (c === MINUS && phase !== 'intermediate' && this.atParamStart()) {
        this.signPending = this.storeParam(c);
        return 'param';
      }
      this.addIntermediate(c);
      return 'intermediate';
    }
    this.contiguous = false;
    if (c === DEL) return phase;
    return 'ignore'; // non-ASCII has no place in a header
  }

  private breakGrammar(): HeaderPhase {
    this.contiguous = false;
    return 'ignore';
  }

  addIntermediate(c: number): void {
    this.settle();
    if (this.interLen < this.interUnits.length) this.interUnits[this.interLen++] = c;
    else this.dropped = true;
  }

  /** A '-' left unconfirmed at the end of the parameters was an intermediate after all. */
  private settle(): void {
    if (!this.signPending) return;
    this.signPending = false;
    this.paramLen--;
    this.addIntermediate(MINUS);
  }

  private atParamStart(): boolean {
    if (this.paramLen === 0) return true;
    const last = this.paramUnits[this.paramLen - 1];
    return last === SEMICOLON || last === COLON;
  }

  /** Store one parameter character; false when it was dropped by a cap. */
  private storeParam(c: number): boolean {
    if (this.dropping) {
      this.dropped = true;
      return false;
    }
    const tooManyParams = c === SEMICOLON && this.separators + 1 >= this.limits.maxParams;
    if (tooManyParams || this.paramLen >= this.paramUnits.length) {
      // Keep only whole parameters: cut back to the end of the last complete one.
      if (!tooManyParams && c !== SEMICOLON) {
        let k = this.paramLen;
        while (k > 0 && this.paramUnits[k - 1] !== SEMICOLON) k--;
        if (k > 0) this.separators--;
        this.paramLen = Math.max(k - 1, 0);
      }
      this.dropping = this.dropped = true;
      return false;
    }
    if (c === SEMICOLON) this.separators++;
    this.paramUnits[this.paramLen++] = c;
    return true;
  }

  get prefix(): string {
    return this.prefixUnit === 0 ? '' : String.fromCharCode(this.prefixUnit);
  }

  get params(): string {
    return unitsToString(this.paramUnits, this.paramLen);
  }

  get intermediates(): string {
    return unitsToString(this.interUnits, this.interLen);
  }

  get truncated(): boolean {
    return this.dropped;
  }

  get intermediateCount(): number {
    return this.interLen;
  }

  /** For tests and debugging: what the fixed buffers hold now. */
  get sizes(): { paramChars: number; params: number; intermediates: number } {
    const params = this.paramLen === 0 ? 0 : this.separators + 1;
    return { paramChars: this.paramLen, params, intermediates: this.interLen };
  }
}

function unitsToString(units: Uint16Array, length: number): string {
  if (length === 0) return '';
  return String.fromCharCode.apply(null, units.subarray(0, length) as unknown as number[]);
}
