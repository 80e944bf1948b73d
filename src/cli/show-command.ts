/** `termprobe show <id>`: one probe with its bytes escaped and a printf that reproduces it. */
import { escapeBytes } from '../corpus/escape-bytes.js';
import { describeSteps } from '../corpus/probe-steps.js';
import { decodeNotation } from '../corpus/escape-notation.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { describeExpectation, describeInconclusiveAnswers } from '../corpus/describe-expectation.js';
import { MIN_SIZE, probeNeeds, regionAt } from '../corpus/probe-needs.js';
import { reproCommand } from '../corpus/repro-bytes.js';
import { describeInput } from '../corpus/input/describe-input.js';
import { UsageError } from './errors.js';
import { DEFAULT_SIZE, readSize, type Size } from './options/size-option.js';

export interface ShowOptions {
  probes?: string;
  size?: Size;
}

export async function showCommand(id: string, opts: ShowOptions): Promise<void> {
  const corpus = await loadCorpus(opts.probes);
  const probe = corpus.byId.get(id);
  if (!probe) {
    const near = corpus.probes.filter((p) => p.id.includes(id)).slice(0, 5).map((p) => p.id);
    throw new UsageError(`unknown probe "${id}"${near.length ? `; did you mean ${near.join(', ')}?` : ' (see `termprobe list`)'}`);
  }
  // A probe with its own size is shown at it (the corpus schema checks it is COLSxROWS).
  const size = (probe.size ? readSize(probe.size) : undefined) ?? opts.size ?? DEFAULT_SIZE;
  const lines = [
    `${probe.id} — ${probe.title}`,
    `category:  ${probe.category}  (${probe.file})`,
    `spec:      ${probe.spec}`,
    '',
    probe.description,
    '',
    `send:      ${probe.send}`,
    `bytes:     ${escapeBytes(decodeNotation(probe.send, size))}   (at ${size.cols}x${size.rows})`,
    ...describeSteps(probe).map((line) => `${line.slice(0, 7).padEnd(11)}${line.slice(line.indexOf(':') + 2)}`),
    probe.input ? `event:     ${describeInput(probe.input)} (an input probe: its answer is what the terminal sends for it)` : `queries:   ${probe.query.join(', ')}${probe.steps ? ' (after the last step)' : ''}`,
  ];
  if (probe.screen) {
    const r = regionAt(probe.screen, size);
    lines.push(`screen:    rows ${r.top}–${r.bottom}, columns ${r.left}–${r.right}${Object.values(probe.screen).some((v) => typeof v === 'string') ? `   (at ${size.cols}x${size.rows})` : ''}`);
  }
  if (probe.cleanup) lines.push(`cleanup:   ${probe.cleanup}`);
  if (probe.size) lines.push(`size:      ${probe.size}`);
  const need = probeNeeds(probe);
  lines.push(`needs:     ${need ? `at least ${need.cols}x${need.rows}: ${need.why}` : `any size from ${MIN_SIZE.cols}x${MIN_SIZE.rows} up`}`);
  if (probe.control) lines.push(`control:   ${probe.control}`);
  if (probe.tags?.length) lines.push(`tags:      ${probe.tags.join(', ')}`);
  lines.push(`implements: ${describeExpectation(probe.expect.implements)}`);
  if (probe.expect.lacks) lines.push(`lacks:      ${describeExpectation(probe.expect.lacks)}`);
  for (const line of describeInconclusiveAnswers(probe.expect.inconclusive)) lines.push(`inconclusive: ${line}`);
  for (const [target, verdict] of Object.entries(probe.known ?? {})) lines.push(`known:      ${target} ${verdict}`);
  const how = probe.input ? 'it sets the modes, waits for the event and shows what arrived' : 'the reply appears as typed input';
  lines.push('', `reproduce in ${probe.input ? 'bash' : 'any shell'} (${how}):`, `  ${reproCommand(probe, size)}`);
  process.stdout.write(lines.join('\n') + '\n');
}
