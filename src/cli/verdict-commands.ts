/**
 * Commander wiring for the verdict commands (compare, diff, check, triage,
 * explain); each command's code is imported only when it runs.
 */
import type { Command } from 'commander';

const collect = (value: string, prior: string[] = []) => [...prior, value];
const REFERENCE_HELP = 'reference: a target name (xterm.js, ghostty) or a results file; a target not among the files is run now';
const REGISTRY_HELP = 'divergence registry (default: probes/divergences.yaml shipped with termprobe)';

export function registerVerdictCommands(program: Command): void {
  program
    .command('compare [results...]')
    .description('table of probes × targets, each answer classified against the reference (default: termprobe-results/*.json, else results/*.json)')
    .option('-c, --category <name>', 'only this category (repeatable, or a,b)', collect)
    .option('-d, --only-differences', 'only probes where some target differs from the reference')
    .option('-f, --format <format>', 'text, markdown or json', 'text')
    .option('-r, --reference <target|file>', REFERENCE_HELP, 'xterm.js')
    .option('--registry <file>', REGISTRY_HELP)
    .option('--probes <dir>', 'probe folder (for a reference run now)')
    .action(async (files, opts) => (await import('./compare-command.js')).compareCommand(files, opts));

  program
    .command('diff <a> <b>')
    .description('what changed between two results files; exit 0 none, 1 answers changed, 2 bad input')
    .option('-f, --format <format>', 'text, markdown or json', 'text')
    .option('--probes <dir>', 'probe folder (for the printf repro)')
    .action(async (a, b, opts) => (await import('./diff-command.js')).diffCommand(a, b, opts));

  program
    .command('check [results...]')
    .description('validate the divergence registry; fail on entries no current difference matches (default: results/*.json)')
    .option('-r, --reference <target|file>', REFERENCE_HELP, 'xterm.js')
    .option('--registry <file>', REGISTRY_HELP)
    .option('--probes <dir>', 'probe folder')
    .action(async (files, opts) => (await import('./check-command.js')).checkCommand(files, opts));

  program
    .command('triage [args...]')
    .description('unexplained differences with consensus and a suggested class; --write <probe> <target> records one')
    .option('--write', 'append a registry entry for <probe> <target> (the two arguments)')
    .option('--class <class>', 'with --write: bug, deliberate or reference')
    .option('--reason <text>', 'with --write: one or two sentences saying why (required)')
    .option('--evidence <source>', 'with --write: a spec section, upstream issue, commit or changelog line (repeatable)', collect)
    .option('--versions <range>', 'with --write: version range ("*", "3.3a", ">=3.3", ">=3.3 <3.5")')
    .option('-c, --category <name>', 'only this category (repeatable, or a,b)', collect)
    .option('-r, --reference <target|file>', REFERENCE_HELP, 'xterm.js')
    .option('--registry <file>', REGISTRY_HELP)
    .option('--probes <dir>', 'probe folder')
    .action(async (args, opts) => (await import('./triage-command.js')).triageCommand(args, opts));

  program
    .command('explain <probe> <target> [results...]')
    .description('why a cell shows its class: bytes, both answers with raw replies, class, reason, evidence')
    .option('-r, --reference <target|file>', REFERENCE_HELP, 'xterm.js')
    .option('--registry <file>', REGISTRY_HELP)
    .option('--probes <dir>', 'probe folder')
    .action(async (probe, target, files, opts) => (await import('./explain-command.js')).explainCommand(probe, target, files, opts));
}
