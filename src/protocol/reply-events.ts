/**
 * Typed events produced by the reply parser from the bytes a terminal sends back.
 * Pure: no Node types. `raw` is the exact decoded text of the sequence.
 */
export type ReplyEvent =
  /** CSI Pr ; Pc R (or DECXCPR: CSI ? Pr ; Pc ; Pp R). Numbers may be negative or absent (null). */
  | { kind: 'cpr'; row: number | null; col: number | null; page?: number | null; private: boolean; raw: string }
  /** CSI ? Ps ; ... c */
  | { kind: 'da1'; params: number[]; raw: string }
  /** CSI > Ps ; ... c */
  | { kind: 'da2'; params: number[]; raw: string }
  /** DCS ! | unit-id ST */
  | { kind: 'da3'; unitId: string; raw: string }
  /** CSI ? Pd ; Ps $ y (private) or CSI Pd ; Ps $ y (ANSI) */
  | { kind: 'decrqm'; mode: number; private: boolean; value: number; raw: string }
  /** DCS Ps $ r Pt ST: valid is Ps === 1 (xterm) — DEC documents 0 as valid; both recorded */
  | { kind: 'decrqss'; status: number; payload: string; raw: string }
  /** DCS > | text ST */
  | { kind: 'xtversion'; text: string; raw: string }
  /** CSI Ps n or CSI ? Ps n (status reports other than CPR) */
  | { kind: 'dsr'; code: number; private: boolean; raw: string }
  /** OSC Ps ; Pt (BEL or ST) */
  | { kind: 'osc'; command: number | null; data: string; raw: string }
  /** Any other complete CSI sequence */
  | { kind: 'csi'; prefix: string; params: string; intermediates: string; final: string; raw: string }
  /** Any other complete DCS string */
  | { kind: 'dcs'; prefix: string; params: string; intermediates: string; final: string; data: string; raw: string }
  /** APC / PM / SOS strings */
  | { kind: 'string'; introducer: 'apc' | 'pm' | 'sos'; data: string; raw: string }
  /** Other escape sequences (ESC + intermediates + final), e.g. SS3 keys */
  | { kind: 'esc'; intermediates: string; final: string; raw: string }
  /** Plain text: keystrokes, stray bytes. Adjacent text events may be merged by consumers. */
  | { kind: 'text'; text: string };

export type ReplyKind = ReplyEvent['kind'];
