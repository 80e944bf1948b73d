/**
 * Typed events produced by the reply parser from the bytes a terminal sends back.
 * Pure: no Node types. `raw` is the exact decoded text of the sequence, from its
 * introducer to its terminator; concatenating every event's `raw` (or `text`)
 * gives back the decoded input.
 *
 * `truncated` is set when part of the sequence was dropped to stay within the
 * parser's payload caps: the fields and `raw` then hold the part that was kept
 * (raw: its beginning, then the terminator as received).
 */
export type ReplyEvent =
  /** CSI Pr ; Pc R (or DECXCPR: CSI ? Pr ; Pc ; Pp R). Numbers may be negative or absent (null). */
  | { kind: 'cpr'; row: number | null; col: number | null; page?: number | null; private: boolean; raw: string; truncated?: true }
  /** CSI ? Ps ; ... c. Empty parameters read as 0 (their default); `raw` keeps them as sent. */
  | { kind: 'da1'; params: number[]; raw: string; truncated?: true }
  /** CSI > Ps ; ... c. Empty parameters read as 0. */
  | { kind: 'da2'; params: number[]; raw: string; truncated?: true }
  /** DCS ! | unit-id ST */
  | { kind: 'da3'; unitId: string; raw: string; truncated?: true }
  /** CSI ? Pd ; Ps $ y (private) or CSI Pd ; Ps $ y (ANSI) */
  | { kind: 'decrqm'; mode: number; private: boolean; value: number; raw: string; truncated?: true }
  /** DCS Ps $ r Pt ST: valid is Ps === 1 (xterm) — DEC documents 0 as valid; both recorded */
  | { kind: 'decrqss'; status: number; payload: string; raw: string; truncated?: true }
  /** DCS > | text ST */
  | { kind: 'xtversion'; text: string; raw: string; truncated?: true }
  /**
   * CSI Ps n or CSI ? Ps n (status reports other than CPR). When the report has
   * more than one parameter (e.g. DECDSR keyboard: CSI ? 27 ; Pn ; ... n),
   * `params` holds all of them, `code` first.
   */
  | { kind: 'dsr'; code: number; private: boolean; params?: number[]; raw: string; truncated?: true }
  /** OSC Ps ; Pt (BEL or ST). `command` is null when the string does not start with digits. */
  | { kind: 'osc'; command: number | null; data: string; raw: string; truncated?: true }
  /** CSI Ps ; … t: an XTWINOPS report (4;h;w pixels, 8;rows;cols characters, 1/2 iconified…). Empty parameters read as 0. */
  | { kind: 'xtwinops'; params: number[]; raw: string; truncated?: true }
  /** CSI ? flags u: the kitty keyboard protocol's current flags. */
  | { kind: 'kitty-keyboard'; flags: number; raw: string; truncated?: true }
  /** CSI ? Pi ; Ps ; Pv… S: XTSMGRAPHICS (item 1 colour registers, 2 sixel geometry, 3 ReGIS; status 0 success). */
  | { kind: 'xtsmgraphics'; item: number; status: number; values: number[]; raw: string; truncated?: true }
  /**
   * XTGETTCAP: DCS 1 + r name = value ST (known) or DCS 0 + r name ST (unknown), names and values
   * hex as sent. Several names asked at once may come back in one string, `;`-separated
   * (`1 + r n1=v1;n2=v2`; xterm 379 stops at an unknown name and leaves it out: `1 + r n1=v1;`), and a
   * failure may name nothing (`DCS 0 + r ST`: mlterm 3.9, xterm 379). `names[i]` and `values[i]` are
   * the entries in order ('' for an entry that names nothing; null for no `=`); none when the data is empty.
   */
  | { kind: 'xtgettcap'; valid: boolean; names: string[]; values: (string | null)[]; raw: string; truncated?: true }
  /** DCS Ps $ u data ST: DECRQPSR's answer, 1 DECCIR (cursor information), 2 DECTABSR (tab stops). */
  | { kind: 'decrqpsr'; report: number; data: string; raw: string; truncated?: true }
  /** DCS Pid ! ~ hex ST: DECRQCRA's rectangle checksum (DECCKSR), upper-case hex. */
  | { kind: 'checksum'; id: number; checksum: string; raw: string; truncated?: true }
  /** APC G keys ; message ST: a kitty graphics protocol answer (e.g. i=31 and OK). */
  | { kind: 'kitty-graphics'; control: string; message: string; raw: string; truncated?: true }
  /**
   * Any other complete CSI sequence. `prefix` is the private marker (< = > ?) or ''.
   * `malformed`: the sequence broke the VT500 grammar (a strict parser would ignore
   * it); the fields hold what came before the break, `raw` holds everything.
   */
  | { kind: 'csi'; prefix: string; params: string; intermediates: string; final: string; raw: string; truncated?: true; malformed?: true }
  /** Any other complete DCS string (`malformed` as for csi; `data` is then empty). */
  | { kind: 'dcs'; prefix: string; params: string; intermediates: string; final: string; data: string; raw: string; truncated?: true; malformed?: true }
  /** APC / PM / SOS strings */
  | { kind: 'string'; introducer: 'apc' | 'pm' | 'sos'; data: string; raw: string; truncated?: true }
  /**
   * Other escape sequences (ESC + intermediates + final), and 8-bit C1 controls
   * that are not introducers (U+0084 reads as ESC D). SS2/SS3 keys (ESC N x,
   * ESC O x, e.g. F1 = ESC O P) carry their character in `final`: 'OP'.
   */
  | { kind: 'esc'; intermediates: string; final: string; raw: string; truncated?: true }
  /**
   * A sequence that never completed: cancelled by CAN or SUB (included in `raw`),
   * cut short by an ESC or C1 introducer that starts a new sequence (not included),
   * or still open when the stream ended (flush). Recorded, never silently dropped.
   */
  | { kind: 'aborted'; reason: 'can' | 'sub' | 'escape' | 'end'; raw: string; truncated?: true }
  /** Plain text: keystrokes, stray bytes. Adjacent text events may be merged by consumers. */
  | { kind: 'text'; text: string };

export type ReplyKind = ReplyEvent['kind'];
