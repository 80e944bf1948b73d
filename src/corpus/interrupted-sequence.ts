/**
 * Whether a probe's bytes interrupt a control sequence or string they opened (ESC, CAN or SUB inside a CSI, an
 * escape sequence, an OSC, DCS, SOS, PM or APC, other than the ESC of a closing ST), or leave one open at their
 * end. A terminal that follows the DEC parser (vt100.net's state diagram, ECMA-48 § 5.4) is back in its ground
 * state after them; one that does not may still be inside the sequence when the next probe's bytes come, and take
 * them for its own. rxvt-unicode 9.30 handles an ESC inside a CSI as a sequence nested in it (command.C,
 * process_csi_seq calls process_nonprinting for every control before the final byte): after `CSI 5 ESC [ 3 C` the
 * CSI is still open, every sequence after it runs nested, and the first byte from 0x40 to 0x7E outside them ends
 * it. When its input ran out meanwhile, it parsed the whole sequence again from its ESC once more bytes came
 * (cmd_parse: `cmdbuf_ptr = seq_begin` on out_of_input), answering the nested queries twice. The engine closes what
 * such a probe may have left open before the next probe goes out (run-probes.ts, resync).
 */

const ESC = 0x1b;
const CAN = 0x18;
const SUB = 0x1a;
const BEL = 0x07;

type State = 'ground' | 'escape' | 'escape-intermediate' | 'csi' | 'osc' | 'string';

/** `wire`: the bytes as the engine writes them (one char per byte). */
export function interruptsSequence(wire: string): boolean {
  let state: State = 'ground';
  for (let i = 0; i < wire.length; i++) {
    const c = wire.charCodeAt(i);
    switch (state) {
      case 'ground':
        if (c === ESC) state = 'escape';
        break;
      case 'escape':
        if (c === ESC || c === CAN || c === SUB) return true;
        if (c === 0x5b) state = 'csi';
        else if (c === 0x5d) state = 'osc';
        else if (c === 0x50 || c === 0x58 || c === 0x5e || c === 0x5f) state = 'string';
        else if (c >= 0x20 && c <= 0x2f) state = 'escape-intermediate';
        else if (c >= 0x30 && c <= 0x7e) state = 'ground';
        break;
      case 'escape-intermediate':
        if (c === ESC || c === CAN || c === SUB) return true;
        if (c >= 0x30 && c <= 0x7e) state = 'ground';
        break;
      case 'csi':
        if (c === ESC || c === CAN || c === SUB) return true;
        if (c >= 0x40 && c <= 0x7e) state = 'ground';
        break;
      case 'osc':
      case 'string':
        if (c === CAN || c === SUB) return true;
        if (state === 'osc' && c === BEL) state = 'ground';
        else if (c === ESC) {
          if (wire.charCodeAt(i + 1) !== 0x5c) return true;
          i++;
          state = 'ground';
        }
        break;
    }
  }
  return state !== 'ground';
}
