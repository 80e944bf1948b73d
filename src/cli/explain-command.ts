/**
 * `termprobe explain <probe> <target> [results…]`: why a cell of the table shows
 * what it shows — the bytes, the target's and the reference's answers with their
 * raw replies, the class, and the registry entry's reason and evidence.
 */
import { makeSigner } from '../classify/answer-signer.js';
import { classifyCell } from '../classify/classify-cell.js';
import { chooseReference, DEFAULT_REFERENCE } from '../classify/choose-reference.js';
import { suggestClass } from '../classify/consensus.js';
import { loadDivergences } from '../classify/load-divergences.js';
import { probeLookup } from '../classify/probe-lookup.js';
import { specCheckByLookup } from '../classify/spec-check.js';
import { labelRuns, type RunView } from '../classify/run-view.js';
import { escapeBytes, printfCommand } from '../corpus/escape-bytes.js';
import { decodeNotation } from '../corpus/escape-notation.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { reproBytes } from '../engine/probe-plan.js';
import { UsageError } from './errors.js';
import { writeOut } from './write-out.js';
import { requireRuns } from './results-args.js';

export interface ExplainOptions {
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
  for (const u of r.unexpected ?? []) lines.push(`    unexpected   ${u}`);
  return lines;
}

export async function explainCommand(probeId: string, targetSpec: string, files: string[], opts: ExplainOptions): Promise<void> {
  const views = requireRuns(files);
  const target = pickTarget(targetSpec, views);
  const registry = loadDivergences(opts.registry);
  const reference = await chooseReference(opts.reference ?? DEFAULT_REFERENCE, views, { probes: opts.probes });
  const ref = reference.view;
  labelRuns(views.includes(ref) ? views : [ref, ...views]);
  if (!target.result(probeId) && !ref.result(probeId)) throw new UsageError(`probe "${probeId}" is in neither ${target.file} nor the reference's results`);
  const out = [`${probeId} — ${target.label} against the reference ${ref.label}`];
  let probe;
  let corpusProblem = '';
  try {
    probe = (await loadCorpus(opts.probes)).byId.get(probeId);
  } catch (e) {
    corpusProblem = (e as Error).message;
  }
  if (probe) {
    const size = probe.size ? { cols: Number(probe.size.split('x')[0]), rows: Number(probe.size.split('x')[1]) } : { cols: target.run.settings.cols, rows: target.run.settings.rows };
    out.push(`probe:     ${probe.title}`, `spec:      ${probe.spec}`, `bytes:     ${escapeBytes(decodeNotation(probe.send, size))}   (at ${size.cols}x${size.rows})`, `queries:   ${probe.query.join(', ')}`, `repro:     ${printfCommand(reproBytes(probe, size))}`);
  } else {
    out.push(corpusProblem ? `probe:     the corpus did not load (${corpusProblem}), so the bytes are unknown here` : 'probe:     not in the corpus at hand, so its bytes are unknown here');
  }
  out.push('', ...answerLines(target, probeId, 'target:'), ...answerLines(ref, probeId, 'reference:'), '');
  const all = views.includes(ref) ? views : [ref, ...views];
  const signer = makeSigner(all);
  const verdict = classifyCell(probeId, target, ref, registry, signer, specCheckByLookup(probeLookup(opts.probes)));
  if (target === ref) out.push('class:     (this is the reference)');
  else if (verdict.class === 'same') out.push('class:     same — the answers agree; nothing to explain');
  else if (verdict.class === 'not-run' || verdict.class === 'no-reference') out.push(`class:     ${verdict.class} — only one side has an answer`);
  else out.push(`class:     ${verdict.class}${verdict.class === 'reference' ? ' (the reference is off here; the entry is about it)' : ''}`);
  const e = verdict.entry;
  if (e) {
    out.push(`reason:    ${e.reason}`, 'evidence:', ...e.evidence.map((x) => `  - ${x}`), `entry:     ${e.file}${e.line ? `:${e.line}` : ''} (probe ${e.probe}, target ${e.target}, versions ${e.versions}, class ${e.class})`);
  } else if (verdict.class === 'unexplained') {
    const s = suggestClass(probeId, target, ref, all, signer);
    const refEntry = registry.find(probeId, ref.targetId, ref.version);
    const why = refEntry
      ? `the reference is known to be off here (${refEntry.file}${refEntry.line ? `:${refEntry.line}` : ''}), but this answer is not the one the probe specifies either`
      : `no registry entry explains it (${registry.file})`;
    out.push(`reason:    ${why}`, `triage:    ${s.class ? `suggest ${s.class === 'reference' ? 'reference' : 'bug or deliberate'}: ` : ''}${s.text}`);
  }
  writeOut(out.join('\n') + '\n');
}
