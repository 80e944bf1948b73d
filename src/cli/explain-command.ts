/**
 * `termprobe explain <probe> <target> [results…]`: why a cell of the table shows
 * what it shows — the bytes, the target's and the reference's answers with their
 * raw replies, the class, and the registry entry's reason and evidence.
 */
import { classifyAgreement } from '../classify/agreement.js';
import { describeSteps } from '../corpus/probe-steps.js';
import { sameAnswer } from '../classify/answer-signer.js';
import { buildComparison, judgeCell } from '../classify/build-comparison.js';
import { chooseReference } from '../classify/choose-reference.js';
import { referenceRunner } from './reference-runner.js';
import { makeMarker } from '../classify/marks.js';
import { probeLookup } from '../classify/probe-lookup.js';
import { entryLabel } from '../classify/load-divergences.js';
import { describeConvention } from '../classify/reply-convention.js';
import { labelRuns, type RunView } from '../classify/run-view.js';
import { SUPPORT_SYMBOLS } from '../classify/support-mark.js';
import { suggestFor } from '../classify/triage.js';
import { AGREEMENT_WORDS, SUPPORT_WORDS } from '../report/class-marks.js';
import { againstOf } from './compare-command.js';
import { loadRegistryFor } from './load-registry.js';
import { escapeBytes } from '../corpus/escape-bytes.js';
import { decodeNotation } from '../corpus/escape-notation.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { reproCommand } from '../corpus/repro-bytes.js';
import { describeInput } from '../corpus/input/describe-input.js';
import { UsageError } from './errors.js';
import { writeOut } from './write-out.js';
import { cursorStyleText } from '../results/answer-key.js';
import { styleText } from '../results/style-text.js';
import { requireRuns } from './results-args.js';

export interface ExplainOptions {
  against?: string;
  reference?: string;
  registry?: string;
  probes?: string;
}

function pickTarget(spec: string, views: RunView[]): RunView {
  let hits = views.filter((v) => v.file === spec || v.targetId === spec);
  if (hits.length === 0) hits = views.filter((v) => v.name === spec || v.label === spec);
  if (hits.length === 1) return hits[0]!;
  if (hits.length > 1) throw new UsageError(`target "${spec}" matches ${hits.length} files (${hits.map((h) => h.file).join(', ')}); name the file instead`);
  throw new UsageError(`no results for target "${spec}"; these results hold: ${views.map((v) => `${v.targetId} (${v.file})`).join(', ')}`);
}

function answerLines(v: RunView, id: string, role: string): string[] {
  const r = v.result(id);
  if (!r) return [`${role.padEnd(10)} ${v.label} — not run`];
  const lines = [`${role.padEnd(10)} ${v.label} — ${v.summary(id)}${r.status === 'ok' ? '' : ` (${r.status}${r.note ? `: ${r.note}` : ''})`}`];
  if (r.cursor) lines.push(`    cursor       ${r.cursor.raw}`);
  for (const rep of r.replies) lines.push(`    ${rep.query.padEnd(12)} ${rep.raw ?? '(no reply)'}`);
  if (r.screen) for (const [i, line] of r.screen.text.entries()) lines.push(`    screen ${String(r.screen.region.top + i).padStart(2)}   ${JSON.stringify(line)}`);
  const first = r.screen?.cells?.[0]?.[0];
  if (first) {
    const untold = [...(r.screen?.untold ?? []), ...(first.u ?? [])];
    lines.push(`    style        ${styleText(first.s)} (first cell${r.screen?.styles === 'pixels' ? ', read from the pixels' : ''}${untold.length > 0 ? `; untold: ${untold.join(', ')}` : ''})`);
  }
  if (r.screen?.cursor) lines.push(`    cursor drawn ${cursorStyleText(r.screen.cursor)} (read from the pixels)`);
  for (const u of r.unexpected ?? []) lines.push(`    unexpected   ${u}`);
  return lines;
}

export async function explainCommand(probeId: string, targetSpec: string, files: string[], opts: ExplainOptions): Promise<void> {
  const views = requireRuns(files);
  const target = pickTarget(targetSpec, views);
  const registry = await loadRegistryFor(opts.registry, views);
  const reference = await chooseReference(againstOf(opts), views, { probes: opts.probes, runner: referenceRunner });
  const ref = reference.view;
  labelRuns(views.includes(ref) ? views : [ref, ...views]);
  if (!target.result(probeId) && !ref.result(probeId)) throw new UsageError(`probe "${probeId}" is in neither ${target.file} nor the results of ${ref.label}`);
  const out = [`${probeId} — ${target.label}, against ${ref.label}`];
  let probe;
  let corpusProblem = '';
  try {
    probe = (await loadCorpus(opts.probes)).byId.get(probeId);
  } catch (e) {
    corpusProblem = (e as Error).message;
  }
  if (probe) {
    const size = probe.size ? { cols: Number(probe.size.split('x')[0]), rows: Number(probe.size.split('x')[1]) } : { cols: target.run.settings.cols, rows: target.run.settings.rows };
    out.push(`probe:     ${probe.title}`, `spec:      ${probe.spec}`, `bytes:     ${escapeBytes(decodeNotation(probe.send, size))}   (at ${size.cols}x${size.rows})`, ...describeSteps(probe).map((line) => `${line.slice(0, 7).padEnd(11)}${line.slice(line.indexOf(':') + 2)}`), probe.input ? `event:     ${describeInput(probe.input)}` : `queries:   ${probe.query.join(', ')}`, `repro:     ${reproCommand(probe, size)}`);
  } else {
    out.push(corpusProblem ? `probe:     the corpus did not load (${corpusProblem}), so the bytes are unknown here` : 'probe:     not in the corpus at hand, so its bytes are unknown here');
  }
  out.push('', ...answerLines(target, probeId, 'target:'), ...answerLines(ref, probeId, 'against:'), '');
  const lookup = probeLookup(opts.probes);
  const marker = makeMarker(lookup);
  const mine = judgeCell(probeId, target, marker, registry);
  const theirs = judgeCell(probeId, ref, marker, registry);
  const markLine = (c: typeof mine) => `${SUPPORT_SYMBOLS[c.support.support]} ${c.support.support}${c.support.detail ? ` — ${c.support.detail}` : ` — ${SUPPORT_WORDS[c.support.support]}`}`;
  out.push(`support:   ${markLine(mine)}`, `           (${ref.label}: ${markLine(theirs)})`);
  // A disagreement between the replies and the screen as drawn is a finding of its own (the mark follows the replies).
  if (mine.support.conflict) {
    out.push(`finding:   ${mine.support.conflict.detail} (${SUPPORT_SYMBOLS[mine.support.conflict.drawn]} by its expect.drawn answers): the terminal reports one thing and its screen shows another`);
    // Explained by an entry: the terminal's own doing, with its source (below); else the screen read may be at fault.
    out.push(mine.entry ? `           the registry entry below explains it: not a fault of the screen read` : `           no registry entry explains it: until one cites the terminal's source, the screen read may be at fault`);
  }
  const c = mine.corrected;
  if (c) {
    const raw = target.result(probeId)?.cursor?.raw ?? '';
    out.push(`judged:    under a reply convention: ${describeConvention(c)}; the report ${raw} is judged as ${target.judged(probeId)?.cursor?.row};${target.judged(probeId)?.cursor?.col}`, `           ${c.reason}`, ...c.evidence.map((x) => `  - ${x}`), `           (${c.file}${c.line ? `:${c.line}` : ''}, ${entryLabel(c)}, versions ${c.versions})`);
  }
  if (target !== ref && target.result(probeId) && ref.result(probeId)) {
    const { same, level } = sameAnswer(target, ref, probeId);
    const a = classifyAgreement(same, level, mine.support, theirs.support, mine.entry);
    const readsScreen = target.result(probeId)?.screen !== undefined || ref.result(probeId)?.screen !== undefined;
    const how = !readsScreen ? '' : level === 'cells' ? ' (compared by screen cells)' : level === 'text' ? ' (compared by screen text: one side reads text only)' : ' (compared without the screen: one side could not read it)';
    out.push(`agreement: ${a.class} — ${AGREEMENT_WORDS[a.class]}${how}`);
  }
  const e = mine.entry;
  if (e) {
    out.push(`class:     ${e.class}`, `reason:    ${e.reason}`, 'evidence:', ...e.evidence.map((x) => `  - ${x}`), `entry:     ${e.file}${e.line ? `:${e.line}` : ''} (probe ${e.probe}, target ${e.target}, versions ${e.versions})`);
  } else if (mine.support.support === 'lacks') {
    out.push(`reason:    the answer is the probe's lacks answer: ${target.label} does not implement it (${probe?.spec ?? 'see the probe'}); no registry entry says it is deliberate`);
  } else if (mine.support.support === 'other') {
    const cmp = buildComparison(views, reference, registry, lookup);
    const s = suggestFor({ id: probeId, view: cmp.columns.find((v) => v.file === target.file) ?? target, answer: target.summary(probeId), probe }, cmp);
    out.push(`reason:    unexplained — no entry in ${registry.file} names this answer`, `spec:      ${s.spec}`, `engines:   ${s.engines}`, `record:    ${s.command}`);
  }
  writeOut(out.join('\n') + '\n');
}
