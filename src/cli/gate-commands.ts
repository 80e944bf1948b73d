/**
 * Commander wiring for a terminal author's CI gate: `init` writes a first
 * expectations profile from a run, `gate` holds a build to it (see
 * docs/ci-gate.md); each command's code is imported only when it runs.
 */
import type { Command } from 'commander';
import { instancesOption } from './options/instances-option.js';
import { sizeOption } from './options/size-option.js';
import { targetOption } from './options/target-names.js';

export function registerGateCommands(program: Command): void {
  program
    .command('init')
    .description('write a first expectations profile (termprobe.yaml) and its committed answers (termprobe/answers.json) from one run of a terminal, every ✗ and ~ as a ledger entry to review')
    .addOption(targetOption("the terminal, as a command: 'x11:./build/myterm -e {command}', 'wayland:…', 'stdio:…', or a registry name", false))
    .option('--profile <file.yaml>', 'the profile to write (default: termprobe.yaml)')
    .option('--answers <file.json>', 'the answers to write, relative to the profile (default: termprobe/answers.json)')
    .addOption(sizeOption('terminal size the answers are measured at'))
    .addOption(instancesOption())
    .option('--force', 'replace an existing profile and answers')
    .action(async (opts) => (await import('./init-command.js')).initCommand(opts));

  program
    .command('gate')
    .description("run the profile's terminal and hold it to the committed answers: exit 1 on a regression or an unexpected fix (with --strict also on a failing new probe), 0 otherwise, 2 for bad input")
    .option('--profile <file.yaml>', 'the expectations profile (default: termprobe.yaml)')
    .option('-t, --target <target>', "run this target instead of the profile's (the same terminal, built elsewhere)")
    .option('--strict', 'also fail on probes new in the corpus at hand that answer ✗ or ~ (always reported apart)')
    .option('-f, --format <format>', 'stdout: text, markdown or json', 'text')
    .option('-o, --out <dir>', 'where the fresh results, junit.xml, gate.sarif and summary.md go (default: termprobe-gate/)')
    .addOption(instancesOption())
    .option('--no-input', 'leave out the input probes (keys, mouse, paste and focus, made as real events in a GUI terminal): for a runner that cannot make them')
    .action(async (opts) => (await import('./gate-command.js')).gateCommand(opts));
}
