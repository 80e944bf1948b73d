/**
 * termprobe's command line: commander wiring only. Each command lives in its own
 * file and is imported lazily; one error boundary maps errors to exit codes.
 */
import { Command, CommanderError } from 'commander';
import { toolVersion } from '../util/tool-version.js';
import { EXIT, exitCodeFor, messageFor } from './errors.js';
import { DEFAULT_WINDOW } from '../engine/window.js';
import { registerVerdictCommands } from './verdict-commands.js';
import { quietBrokenPipes } from './write-out.js';

const collect = (value: string, prior: string[] = []) => [...prior, value];

export function buildProgram(): Command {
  const program = new Command('termprobe')
    .description('Measure how terminal emulators differ: probe a terminal, compare, publish the table.')
    .version(toolVersion())
    .exitOverride()
    .enablePositionalOptions()
    .showHelpAfterError('(run `termprobe --help` for usage)')
    .option('-o, --out <path>', 'results file, or a folder for it (default: ./termprobe-<terminal>-<version>.json)')
    .option('--json', 'print the results as JSON on stdout instead of the report')
    .option('--reference <name|file>', 'compare with xterm.js, ghostty, or a results file', 'xterm.js')
    .option('--window <n>', `probes in flight at once (default ${DEFAULT_WINDOW}; 1: one at a time)`)
    .action(async (opts) => (await import('./default-command.js')).defaultCommand(opts));

  program
    .command('list')
    .description('list the probe corpus')
    .option('-c, --category <name>', 'only this category (repeatable, or a,b)', collect)
    .option('--probes <dir>', 'probe folder (default: the corpus shipped with termprobe)')
    .option('--json', 'print the probes as JSON')
    .action(async (opts) => (await import('./list-command.js')).listCommand(opts));

  program
    .command('show <id>')
    .description('show one probe: its bytes escaped and a printf that reproduces it')
    .option('--probes <dir>', 'probe folder')
    .option('--size <COLSxROWS>', 'size used for ${cols}/${rows}', '80x24')
    .action(async (id, opts) => (await import('./show-command.js')).showCommand(id, opts));

  program
    .command('run')
    .description('run the corpus against targets and write one results file per target')
    .option('-t, --target <names>', 'targets (repeatable, or a,b; "all" = every available one); default: the embedded ones', collect)
    .option('-o, --out <dir>', 'where results files go', 'results')
    .option('-p, --probe <id>', 'only this probe (repeatable, or a,b)', collect)
    .option('-c, --category <name>', 'only this category (repeatable, or a,b)', collect)
    .option('--probes <dir>', 'probe folder')
    .option('--size <COLSxROWS>', 'terminal size for targets that can be sized', '80x24')
    .option('--option <key=value>', 'target setting, e.g. unicode=6 for xterm.js (repeatable)', collect)
    .option('--window <n>', `probes in flight at once (default ${DEFAULT_WINDOW}; 1: one at a time)`)
    .option('-j, --jobs <n>', 'targets run at once when several are named', '2')
    .option('-q, --quiet', 'no progress or table')
    .action(async (opts) => {
      await (await import('./run-command.js')).runCommand(opts);
    });

  program
    .command('targets')
    .description('list every target and whether it can run here (and what to install if not)')
    .option('--json', 'print the list as JSON')
    .action(async (opts) => (await import('./targets-command.js')).targetsCommand(opts));

  program
    .command('probe <bytes>')
    .description("send ad-hoc bytes (escape notation, e.g. '\\e[10C') to targets and print each answer")
    .option('-t, --target <names>', 'targets (repeatable, or a,b); default: the embedded ones', collect)
    .option('-q, --query <queries>', 'queries after the bytes (cursor, da1, decrqm:?2026, …)', collect)
    .option('--screen <T,L,B,R>', 'also read this screen region')
    .option('--size <COLSxROWS>', 'terminal size', '80x24')
    .option('--option <key=value>', 'target setting (repeatable)', collect)
    .action(async (bytes, opts) => (await import('./probe-command.js')).probeCommand(bytes, opts));

  program
    .command('site [results...]')
    .description('write the static compatibility site (matrix, probe and terminal pages, data.json, badges) from results files (default: results/*.json)')
    .option('-o, --out <dir>', 'output folder (replaced only if an earlier `termprobe site` made it)', 'site-out')
    .option('--reference <file|name>', 'reference: a results file, a target among them, or an embedded target run now (default: xterm.js)')
    .option('--registry <file>', 'divergence registry (default: probes/divergences.yaml)')
    .option('--probes <dir>', 'probe folder, for titles and bytes')
    .option('-q, --quiet', 'no summary line')
    .action(async (files, opts) => (await import('./site-command.js')).siteCommand(files, opts));

  registerVerdictCommands(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  quietBrokenPipes();
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      const helpOrVersion = err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help';
      process.exitCode = helpOrVersion ? EXIT.ok : EXIT.badInput;
      return;
    }
    process.stderr.write(messageFor(err) + '\n');
    process.exitCode = exitCodeFor(err);
  }
}
