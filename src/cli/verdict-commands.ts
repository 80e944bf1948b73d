/**
 * Commander wiring for the verdict commands (compare, diff, check, triage,
 * explain); each command's code is imported only when it runs.
 */
import type { Command } from 'commander';
import { widthOption } from './options/width-option.js';

const collect = (value: string, prior: string[] = []) => [...prior, value];
const AGAINST_HELP = 'the emulator differences are classified against: a target name (xterm.js, ghostty, xterm) or a results file; an embedded target not among the files is run now (default xterm.js)';
const REFERENCE_HELP = 'the older name of --against';
const REGISTRY_HELP = 'divergence registry, a folder or one YAML file (default: probes/divergences/ shipped with termprobe)';

export function registerVerdictCommands(program: Command): void {
  program
    .command('compare [results...]')
    .description('table of probes × targets: each answer\'s support mark (✓ ✗ ~ ?) and its agreement with an emulator (default: termprobe-results/*.json, else results/*.json)')
    .option('-c, --category <name>', 'only this category (repeatable, or a,b)', collect)
    .option('-d, --only-differences', 'only probes where some target answers otherwise than the emulator')
    .option('-f, --format <format>', 'text, markdown or json', 'text')
    .option('-a, --against <target|file>', AGAINST_HELP)
    .option('-r, --reference <target|file>', REFERENCE_HELP)
    .option('--registry <file>', REGISTRY_HELP)
    .option('--probes <dir>', 'probe folder (for a reference run now)')
    .option('--all-versions', 'every version of each terminal, not only the newest (a row is terminal, version, platform)')
    .option('-u, --unicode', 'the Unicode verdicts of Unicode results files (run --suite unicode; default: termprobe-results/unicode/*.json, else results/unicode/*.json)')
    .addOption(widthOption())
    .option('--no-pager', 'print the table without a pager even when stdout is a terminal and the table is longer than the screen')
    .action(async (files, opts) => {
      (await import('./baseline-tier.js')).baselineTierOnly();
      return (await import('./compare-command.js')).compareCommand(files, opts);
    });

  program
    .command('diff <a> <b>')
    .description('what changed between two results files; exit 0 none, 1 answers changed, 2 bad input')
    .option('-f, --format <format>', 'text, markdown or json', 'text')
    .option('--probes <dir>', 'probe folder (for the printf repro)')
    .action(async (a, b, opts) => (await import('./diff-command.js')).diffCommand(a, b, opts));

  program
    .command('history <terminal> [results...]')
    .description('which probes changed answer between consecutive versions of one terminal, with both answers (default: results/history/*.json)')
    .option('-f, --format <format>', 'text, markdown or json', 'text')
    .option('--probes <dir>', 'probe folder (for the printf repro in json)')
    .action(async (terminal, files, opts) => (await import('./history-command.js')).historyCommand(terminal, files, opts));

  program
    .command('check [results...]')
    .description('validate the divergence registry; fail on stale entries (an answer no longer given, no cell classified) and evidence that is not the measured release (default: results/*.json)')
    .option('--registry <file>', REGISTRY_HELP)
    .option('--probes <dir>', 'probe folder')
    .option('--releases <file>', 'the pinned table of measured releases, tags and commits (default probes/release-commits.json)')
    .action(async (files, opts) => (await import('./check-command.js')).checkCommand(files, opts));

  program
    .command('triage [args...]')
    .description('unexplained cells (~ answers no entry explains) with the spec, the engines and a command; --write <probe> <target> records one')
    .option('--write', 'append a registry entry for <probe> <target> (the two arguments), to this project\'s registry or --registry')
    .option('--answer <answer>', 'with --write: the answer the entry explains, as compare shows it (repeatable; default: the target\'s answer in the results at hand)', collect)
    .option('--class <class>', 'with --write: bug or deliberate')
    .option('--reason <text>', 'with --write: one or two sentences saying why (required)')
    .option('--evidence <source>', 'with --write: a spec section, upstream issue, commit or changelog line (repeatable)', collect)
    .option('--intent <source>', 'with --write and --class deliberate: where the maintainers state the choice, "changelog|docs|comment|issue|test <where> <what it says>" (required for deliberate; repeatable)', collect)
    .option('--versions <range>', 'with --write: version range ("*", "3.3a", ">=3.3", ">=3.3 <3.5")')
    .option('-c, --category <name>', 'only this category (repeatable, or a,b)', collect)
    .option('-a, --against <target|file>', AGAINST_HELP)
    .option('-r, --reference <target|file>', REFERENCE_HELP)
    .option('--registry <file>', REGISTRY_HELP)
    .option('--probes <dir>', 'probe folder')
    .action(async (args, opts) => (await import('./triage-command.js')).triageCommand(args, opts));

  program
    .command('explain <probe> <target> [results...]')
    .description('why a cell shows its mark and class: bytes, both answers with raw replies, support, agreement, reason, evidence')
    .option('-a, --against <target|file>', AGAINST_HELP)
    .option('-r, --reference <target|file>', REFERENCE_HELP)
    .option('--registry <file>', REGISTRY_HELP)
    .option('--probes <dir>', 'probe folder')
    .action(async (probe, target, files, opts) => (await import('./explain-command.js')).explainCommand(probe, target, files, opts));
}
