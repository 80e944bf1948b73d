/** `termprobe diff --format json`: the diff as data, with the exit status it implies. */
import { diffExitCode, type ResultsDiff } from './diff-results.js';

export function renderDiffJson(diff: ResultsDiff): string {
  return JSON.stringify({ ...diff, answersChanged: diff.changed.length > 0, exitCode: diffExitCode(diff) }, null, 2) + '\n';
}
