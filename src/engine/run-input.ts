/**
 * The input probes: for each, the terminal is put in the probe's modes, a
 * person's event is made through the target's input channel, and every byte
 * the terminal sends for it is recorded as the reply `input`.
 *
 * Probes that set the same modes (the same `send` and `cleanup`) run as a group,
 * in corpus order: the input baseline, the prelude and the modes, then a DA1
 * round trip (the modes are in effect once it is back: the event travels another
 * path, the X server or the multiplexer's client, so only a round trip orders
 * the two); then each probe's event between its two markers; then the cleanup and
 * another round trip. So the modes are in effect for each probe of the group and
 * reset after it, and a round trip per group, not per probe, keeps terminals that
 * answer DA1 only on their next redraw (VTE: 10–30 ms) fast.
 *
 * Faults: a probe whose window lost the input focus while it was made is made
 * once more, then recorded as failed with the reason; a marker that does not
 * come back is a probe without an answer (the channel puts things back), and two
 * in a row end the input probes of this run.
 */
import { escapeBytes } from '../corpus/escape-bytes.js';
import type { SizeVars } from '../corpus/escape-notation.js';
import { planEvent } from '../corpus/input/event-plan.js';
import { INPUT_BASELINE } from '../corpus/input/input-baseline.js';
import { describeInput, INPUT_REPLY, inputKind, type InputKind } from '../corpus/input/input-schema.js';
import { preludeBytes, type PreludeKind } from '../corpus/prelude.js';
import { probeWire, wireBytes } from '../corpus/probe-wires.js';
import type { Probe } from '../corpus/probe-schema.js';
import type { ProbeResult } from '../results/results-schema.js';
import { MarkerLostError, type InputChannel, type MarkerIo } from '../targets/input-channel.js';
import type { TargetSession } from '../targets/target.js';
import { InputStream } from './input-stream.js';

export interface InputRunOptions {
  size: SizeVars;
  prelude?: PreludeKind;
  /** Bytes the prelude adds to put toggled modes back (see run-target.ts). */
  restore?: string;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  skip?: (probe: Probe) => string | undefined;
  /** How long a DA1 round trip may take before the terminal counts as not answering. */
  roundTripMs?: number;
}

export interface InputRun {
  results: ProbeResult[];
  /** Settings the channel reported (how events went in), for the results file. */
  settings: Record<string, string>;
  gaveUp?: string;
}

const DA1 = '\x1b[c';
/**
 * For modes that leave the terminal in VT52 mode (DECANM reset), where no CSI is understood: VT52's identify first
 * (answered ESC / Z), then DA1 for a terminal without VT52 mode (one with DECID, the obsolete form of DA1, answers
 * both: the second reply comes before the event's first marker, with the bytes dropped there).
 */
const VT52_IDENTIFY = '\x1bZ\x1b[c';
const enterVt52 = (bytes: string) => /\x1b\[\?(?:[\d;]*;)?2(?:;[\d;]*)?l/.test(bytes);

/** Probes that set the same modes, in a row. */
function groups(probes: Probe[]): Probe[][] {
  const out: Probe[][] = [];
  for (const p of probes) {
    const last = out[out.length - 1];
    const head = last?.[0];
    if (head && head.send === p.send && head.cleanup === p.cleanup) last!.push(p);
    else out.push([p]);
  }
  return out;
}

export async function runInputProbes(session: TargetSession, probes: Probe[], opts: InputRunOptions): Promise<InputRun> {
  const results = new Map<string, ProbeResult>();
  const finish = (settings: Record<string, string> = {}, gaveUp?: string): InputRun => ({
    results: probes.map((p) => results.get(p.id) ?? { id: p.id, status: 'no-reply', replies: [], note: gaveUp ? `not sent: ${gaveUp}` : 'no result recorded' }),
    settings,
    ...(gaveUp ? { gaveUp } : {}),
  });
  const channel = session.input;
  if (!channel) {
    const why = session.noInputBecause ?? 'this target has no way to make input events';
    for (const p of probes) results.set(p.id, { id: p.id, status: 'skipped', replies: [], note: `input: ${why}` });
    return finish();
  }
  const kinds = new Set<InputKind>(probes.map((p) => inputKind(p.input!)));
  let settings: Record<string, string>;
  try {
    settings = await channel.prepare(kinds);
  } catch (error) {
    if (opts.signal?.aborted) throw opts.signal.reason ?? error;
    const why = `input events cannot be made in this terminal: ${error instanceof Error ? error.message : String(error)}`;
    for (const p of probes) results.set(p.id, { id: p.id, status: 'skipped', replies: [], note: why });
    return finish({ 'input.method': `none: ${why}` });
  }
  return new InputRunner(session, channel, opts, results).run(probes, settings, finish);
}

class InputRunner {
  private readonly stream: InputStream;
  private lostInARow = 0;
  private done = 0;

  constructor(
    private readonly session: TargetSession,
    private readonly channel: InputChannel,
    private readonly opts: InputRunOptions,
    private readonly results: Map<string, ProbeResult>,
  ) {
    this.stream = new InputStream(channel.markers, channel.markerNoise);
    session.onData((chunk) => this.stream.feed(chunk));
  }

  async run(probes: Probe[], settings: Record<string, string>, finish: (s: Record<string, string>, gaveUp?: string) => InputRun): Promise<InputRun> {
    const prelude = INPUT_BASELINE + preludeBytes(this.opts.size, this.opts.prelude ?? 'default', this.opts.restore ?? '');
    try {
      for (const group of groups(probes)) {
        const live = group.filter((p) => !this.setAside(p));
        if (live.length === 0) continue;
        await this.roundTrip(prelude + this.bytes(live[0]!, 'send'));
        this.stream.setMarking(true);
        for (const probe of live) {
          await this.probe(probe);
          this.opts.onProgress?.(++this.done, probes.length);
        }
        this.stream.setMarking(false);
        await this.roundTrip(live[0]!.cleanup ? this.bytes(live[0]!, 'cleanup') : '');
      }
      await this.roundTrip(prelude);
    } catch (error) {
      if (error instanceof GiveUp) return finish(settings, error.message);
      throw error;
    }
    return finish(settings);
  }

  private bytes(probe: Probe, field: 'send' | 'cleanup'): string {
    return probeWire(probe, field, this.opts.size);
  }

  /** A reason this probe is not made here (recorded as skipped), or false. */
  private setAside(probe: Probe): boolean {
    const why = this.opts.skip?.(probe) ?? this.channel.refuse(probe.input!);
    if (!why) return false;
    this.results.set(probe.id, { id: probe.id, status: 'skipped', replies: [], note: why });
    this.done++;
    return true;
  }

  /** Write the bytes and a DA1 request, and wait for its reply: the terminal has then processed them. */
  private async roundTrip(bytes: string): Promise<void> {
    const want = this.stream.da1Replies + 1;
    this.session.write(wireBytes(bytes + (enterVt52(bytes) ? VT52_IDENTIFY : DA1)));
    const limit = this.opts.roundTripMs ?? 5000;
    if (!(await this.stream.until(() => this.stream.da1Replies >= want, limit, this.opts.signal))) {
      throw new GiveUp(`the terminal did not answer DA1 within ${limit / 1000} s while the input probes set its modes`);
    }
  }

  private async probe(probe: Probe): Promise<void> {
    const t0 = performance.now();
    const input = probe.input!;
    let focusNote: string | undefined;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const start = this.stream.markers;
      let expected = start;
      let lead = -1;
      const io: MarkerIo = {
        awaitMarker: async (poke) => {
          const want = ++expected;
          if (lead < 0) lead = want - 1;
          const ok = await this.stream.until(() => this.stream.markers >= want, this.channel.markerLimitMs, this.opts.signal, poke);
          if (!ok) throw new MarkerLostError(`the ${want - start === 1 ? 'marker before' : 'marker after'} the event (${describeInput(input)}) did not come back within ${this.channel.markerLimitMs / 1000} s`);
        },
        received: () => this.stream.received,
      };
      try {
        const delivery = await this.channel.deliver(input, planEvent(input), io);
        this.lostInARow = 0;
        if (delivery.focusLost && attempt === 1) {
          focusNote = delivery.focusLost;
          continue;
        }
        if (delivery.focusLost) {
          this.results.set(probe.id, { id: probe.id, status: 'error', replies: [], note: `the terminal's window lost the input focus while the event was made, twice: ${focusNote}; then ${delivery.focusLost}` });
          return;
        }
        const bytes = this.stream.between(lead, expected - 1);
        const value = escapeBytes(Buffer.from(bytes, 'latin1'));
        this.results.set(probe.id, {
          id: probe.id,
          status: 'ok',
          replies: [{ query: INPUT_REPLY, value, raw: value }],
          evidence: { via: delivery.via, ...(delivery.note ? { input: delivery.note } : {}), ...(focusNote ? { focusLostOnce: focusNote } : {}) },
          elapsedMs: Math.round((performance.now() - t0) * 100) / 100,
        });
        return;
      } catch (error) {
        if (!(error instanceof MarkerLostError)) throw error;
        this.results.set(probe.id, { id: probe.id, status: 'no-reply', replies: [], note: `${error.message}: the terminal stopped passing keys on, or kept this one for itself` });
        const recovered = (await this.channel.recover?.()) ?? false;
        if (++this.lostInARow >= 2 || !recovered) throw new GiveUp(`the terminal stopped passing termprobe's marker key on (${error.message})`);
        // Whatever the event left the terminal in, the modes are set again before the next probe.
        this.stream.setMarking(false);
        await this.roundTrip(this.bytes(probe, 'send'));
        this.stream.setMarking(true);
        return;
      }
    }
  }
}

class GiveUp extends Error {}
