/**
 * The selection a paste probe pastes from: termprobe's own window owns PRIMARY
 * and CLIPBOARD, holding the probe's text, and answers the terminal's requests
 * for it (TARGETS, then the text as UTF8_STRING, TEXT or STRING), the way any X
 * client holding a selection does (ICCCM §2.2). The terminal's paste binding (a
 * middle click, shift+Insert, ctrl+shift+v) makes it ask; what it then writes to
 * its program is the probe's answer.
 */
import type { XLink } from './x-link.js';
import { changeProperty32, notifySelection, readSelectionRequest, type SelectionRequest } from './x-input-requests.js';
import { ATOM_CUT_BUFFERS, ATOM_PRIMARY, ATOM_STRING, changeProperty, deleteProperty, EV, getSelectionOwner, internAtom, setSelectionOwner } from './x11-requests.js';

const ATOM_ATOM = 4;

export class SelectionOffer {
  private text: Buffer | undefined;
  /** Requests seen since the text was offered, by target name, in order. */
  readonly asked: string[] = [];
  /** Conversions to text answered since the text was offered. */
  served = 0;
  /** Requests refused because they came after the offer was withdrawn (see withdraw). */
  late = 0;
  /** Requests for the targets since `triggered()` (the paste binding was used). */
  targetsAfterTrigger = 0;
  private triggeredAt = Infinity;

  /** The paste binding is being used now: a request for the targets from now on announces one for the text. */
  triggered(): void {
    this.triggeredAt = this.asked.length;
  }

  /** Requests since `triggered()` (before it: those the offer itself brought, a toolkit asking what it could paste). */
  get askedSinceTrigger(): number {
    return Math.max(0, this.asked.length - this.triggeredAt);
  }
  private readonly unlisten: () => void;

  private constructor(
    private readonly link: XLink,
    private readonly atoms: { clipboard: number; targets: number; utf8: number; text: number; plain: number },
    private readonly names: Map<number, string>,
  ) {
    this.unlisten = link.x.onEvent((ev) => {
      if (ev.code === EV.SelectionRequest) this.answer(readSelectionRequest(ev.bytes));
    });
  }

  static async open(link: XLink): Promise<SelectionOffer> {
    const [clipboard, targets, utf8, text, plain] = await Promise.all(['CLIPBOARD', 'TARGETS', 'UTF8_STRING', 'TEXT', 'text/plain;charset=utf-8'].map((n) => internAtom(link.x, n)));
    const atoms = { clipboard: clipboard!, targets: targets!, utf8: utf8!, text: text!, plain: plain! };
    const names = new Map<number, string>([[atoms.targets, 'TARGETS'], [atoms.utf8, 'UTF8_STRING'], [atoms.text, 'TEXT'], [atoms.plain, 'text/plain;charset=utf-8'], [ATOM_STRING, 'STRING']]);
    return new SelectionOffer(link, atoms, names);
  }

  /**
   * Own PRIMARY and CLIPBOARD with this text (until the next offer), from a real server timestamp (ICCCM §2.1: not
   * CurrentTime): the server answers a conversion asked with an earlier time itself, refusing it, so a paste binding
   * whose event is stamped a millisecond before a CurrentTime ownership would paste nothing, now and then (seen in
   * xterm: one run in about ten).
   */
  async offer(text: Uint8Array): Promise<void> {
    this.text = Buffer.from(text);
    this.asked.length = 0;
    this.served = 0;
    this.late = 0;
    this.targetsAfterTrigger = 0;
    this.triggeredAt = Infinity;
    const time = await this.serverTime();
    setSelectionOwner(this.link.x, this.link.helper, ATOM_PRIMARY, time);
    setSelectionOwner(this.link.x, this.link.helper, this.atoms.clipboard, time);
  }

  /** The server's time now: the timestamp of the PropertyNotify a zero-length append to our own window makes. */
  private async serverTime(): Promise<number> {
    const { x, helper, atoms } = this.link;
    const stamp = this.link.waitFor({ limitMs: 5000, test: (ev) => (ev.code === EV.PropertyNotify && ev.bytes.readUInt32LE(4) === helper ? ev.bytes.readUInt32LE(12) : undefined) });
    changeProperty(x, helper, atoms.wake, atoms.utf8, Buffer.alloc(0));
    const time = await stamp;
    if (time === undefined) throw new Error('the X server sent no PropertyNotify for a change to termprobe\'s own window');
    return time;
  }

  /**
   * Nothing for the terminal to paste, before each event: PRIMARY and CLIPBOARD are taken back (with a real server
   * timestamp, as in offer) from whoever holds them, holding nothing (a request is refused), and the root window's
   * cut buffers are deleted. Else a key that pastes (xterm's shift+Insert: insert-selection(SELECT, CUT_BUFFER0))
   * pasted what was left: text the terminal selected for an earlier event (a drag with mouse tracking off), or the
   * screen the selection read-back dragged across (x-selection-read.ts), which xterm also stores in CUT_BUFFER0 and
   * pastes from there once PRIMARY is refused (button.c, SelectionReceived's fail path). The refusal comes from
   * termprobe's own connection, after the markers that follow the key, so the paste landed in a later probe's answer
   * (`X` and 23 CRs, a screen probe's screen, in ctrl+z's answer: 2 gates of 3 with 16 instances).
   */
  async clear(): Promise<void> {
    this.text = undefined;
    const { x, helper } = this.link;
    const [primary, clipboard] = await Promise.all([getSelectionOwner(x, ATOM_PRIMARY), getSelectionOwner(x, this.atoms.clipboard)]);
    if (primary !== helper || clipboard !== helper) {
      const time = await this.serverTime();
      if (primary !== helper) setSelectionOwner(x, helper, ATOM_PRIMARY, time);
      if (clipboard !== helper) setSelectionOwner(x, helper, this.atoms.clipboard, time);
    }
    for (const buffer of ATOM_CUT_BUFFERS) deleteProperty(x, x.setup.root, buffer);
  }

  /**
   * The probe is over: a request that comes now is refused (the terminal pastes nothing), so a paste the terminal
   * asks for late can never land in the next probe's answer.
   */
  withdraw(): void {
    this.text = undefined;
  }

  private answer(req: SelectionRequest): void {
    const x = this.link.x;
    const property = req.property || req.target;
    const text = this.text;
    if (!text) this.late++;
    else this.asked.push(this.names.get(req.target) ?? `atom ${req.target}`);
    if (!text || (req.selection !== ATOM_PRIMARY && req.selection !== this.atoms.clipboard)) return notifySelection(x, req, 0);
    if (req.target === this.atoms.targets) {
      if (this.asked.length > this.triggeredAt) this.targetsAfterTrigger++;
      changeProperty32(x, req.requestor, property, ATOM_ATOM, [this.atoms.targets, this.atoms.utf8, this.atoms.plain, this.atoms.text, ATOM_STRING]);
      return notifySelection(x, req, property);
    }
    const utf8 = req.target === this.atoms.utf8 || req.target === this.atoms.text || req.target === this.atoms.plain;
    // STRING is Latin-1 (ICCCM): offered only for text that is plain ASCII, where the two agree.
    const latin = req.target === ATOM_STRING && text.every((b) => b < 0x80);
    if (!utf8 && !latin) return notifySelection(x, req, 0);
    changeProperty(x, req.requestor, property, latin ? ATOM_STRING : this.atoms.utf8, text);
    this.served++;
    notifySelection(x, req, property);
  }

  close(): void {
    this.unlisten();
  }
}
