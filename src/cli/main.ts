/**
 * termprobe's command line: commander wiring only. Each command lives in its own
 * file and is imported lazily; options shared by several commands come from one
 * validator each (src/cli/options/), which states its range in the help and in
 * its error and runs as the command line is read, before anything starts. One
 * error boundary maps errors to exit codes and one-line messages.
 */
import { Command, CommanderError, Option } from 'commander';
import { closeExecBroker } from '../util/exec-broker.js';
import { toolVersion } from '../util/tool-version.js';
import { EXIT, exitCodeFor, messageFor, UsageError } from './errors.js';
import { commanderMessage } from './commander-message.js';
import { registerVerdictCommands } from './verdict-commands.js';
import { registerGateCommands } from './gate-commands.js';
import { quietBrokenPipes } from './write-out.js';
import { jobsOption } from './options/jobs-option.js';
import { optionPairsOption } from './options/target-option-pairs.js';
import { outOption, parseOut, parseOutDir, parseOutFile } from './options/out-option.js';
import { parseSelfReference, referenceOption } from './options/reference-option.js';
import { RECORD_MIN_SIZE, sizeOption } from './options/size-option.js';
import { targetOption } from './options/target-names.js';
import { windowOption } from './options/window-option.js';
import { widthOption } from './options/width-option.js';

const collect = (value: string, prior: string[] = []) => {
  prior.push(value);
  return prior;
};
function parseTrials(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < 1 || n > 50) throw new UsageError(`--trials "${text}" is not a whole number from 1 to 50`);
  return n;
}
const OUT_RULE = 'a path ending in .json is one results file, anything else a folder';

export function buildProgram(): Command {
  const program = new Command('termprobe')
    .description('Measure how terminal emulators differ: probe a terminal, compare, publish the table.')
    .version(toolVersion())
    .exitOverride()
    .enablePositionalOptions()
    .showSuggestionAfterError()
    .configureOutput({ outputError: () => {} }) // main() prints the one line
    .addOption(outOption(`where results go (default: termprobe-results/); ${OUT_RULE}`))
    .option('--json', 'print the results as JSON on stdout instead of the report')
    .addOption(referenceOption('--reference <name|file>', 'compare with xterm.js (default), ghostty, or a results file', parseSelfReference))
    .addOption(windowOption())
    .option('--verbose', 'in a terminal: every difference in the report, not the first few per class')
    .option('--no-pager', 'in a terminal: print the report without a pager even when it is longer than the screen')
    .option('--unicode', 'in a terminal: also run the Unicode width suite (~38,000 items, seconds) and report which Unicode version your terminal draws widths as')
    .option('--all', 'without a terminal: list every difference between the embedded emulators, not the 20 most telling')
    .addOption(widthOption())
    .action(async (opts, cmd: Command) => {
      // The bare command takes no arguments: a word here is a mistyped command.
      if (cmd.args.length > 0) (cmd as unknown as { unknownCommand(): never }).unknownCommand();
      await (await import('./default-command.js')).defaultCommand(opts);
    });

  program
    .command('keys')
    .description('in a terminal: press the keys asked for and see what your terminal sends, beside the spec and the published terminals')
    .option('-p, --probe <id>', 'ask for this key probe (repeatable, or a,b; default: a short list)', collect)
    .option('--results <dir>', 'published results to compare with (default: results/ of a clone of termprobe)')
    .action(async (opts) => {
      process.exitCode = await (await import('./keys-command.js')).keysCommand(opts);
    });

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
    .addOption(sizeOption('size used for ${cols}/${rows}'))
    .action(async (id, opts) => (await import('./show-command.js')).showCommand(id, opts));

  program
    .command('run')
    .description('run the corpus against targets and write one results file per target')
    .addOption(targetOption('targets (repeatable, or a,b; "all" = every available one; `termprobe targets` lists them); default: the embedded ones'))
    .addOption(outOption(`where results files go (default: termprobe-results/; the published set: --out results); ${OUT_RULE}`))
    .option('-p, --probe <id>', 'this probe (repeatable, or a,b; with --category, beside that category’s probes)', collect)
    .option('-c, --category <name>', 'this category’s probes (repeatable, or a,b)', collect)
    .option('--probes <dir>', 'probe folder')
    .addOption(sizeOption('the terminal size every target is opened at (a target that cannot open at it fails to start, saying so; probes that need more are skipped, saying why)'))
    .addOption(optionPairsOption())
    .addOption(windowOption())
    .addOption(jobsOption())
    .option('-q, --quiet', 'no progress or table')
    .addOption(widthOption())
    .option('--pictures', "save a picture of each screen probe's region of GUI terminals' windows, as a PNG beside the results file under pictures/ (npm run regenerate-results takes them for the site; they cost 0.1 s a probe on terminals that redraw on a timer)")
    .option('--no-pictures', 'take no pictures (the default)')
    .option('--embedded-input', "make xterm.js's and ghostty-web's input probes (keys, mouse, paste, focus) in their browser builds in headless Chromium, seconds to start; the default with --pictures, --target all, or input probes named by --probe/--category")
    .option('--no-embedded-input', "skip xterm.js's and ghostty-web's input probes whatever else is given")
    .addOption(new Option('--suite <name>', 'what to run: the probe corpus, the Unicode width suite (~38,000 items; files go to the unicode/ subfolder of --out), or the speed figures (as `termprobe speed`; files go to speed/)').choices(['corpus', 'unicode', 'speed']).default('corpus'))
    .option('--chunking', "send each probe's bytes whole and cut at every boundary (random ones for long probes), and report the probes whose answer depends on the cut (to <out>/chunking/)")
    .action(async (opts) => {
      if (opts.suite === 'speed') {
        if (opts.probe || opts.category || opts.probes || opts.chunking) throw new UsageError('--suite speed writes its own payloads; --probe, --category, --probes and --chunking are for the probe corpus');
        await (await import('./speed-command.js')).speedCommand(opts);
        return;
      }
      if (opts.suite === 'unicode') {
        if (opts.probe || opts.category || opts.probes) throw new UsageError('--suite unicode runs the whole width suite; --probe, --category and --probes select corpus probes');
        if (opts.chunking) throw new UsageError('--chunking runs the probe corpus; it cannot be combined with --suite unicode');
        await (await import('./run-unicode.js')).runUnicodeCommand(opts);
        return;
      }
      if (opts.chunking) await (await import('./chunking-command.js')).chunkingCommand(opts);
      else await (await import('./run-command.js')).runCommand(opts);
    });

  program
    .command('speed')
    .description('how fast terminals are: reply latency, drain throughput per payload, first frame after output, memory; one speed results file each, in the speed/ subfolder of --out')
    .addOption(targetOption('GUI terminals and multiplexers (repeatable, or a,b; "all" = every one available here)'))
    .addOption(outOption(`where speed files go, under speed/ (default: termprobe-results/; the published set: --out results); ${OUT_RULE}`))
    .addOption(sizeOption('terminal size'))
    .addOption(optionPairsOption())
    .addOption(new Option('--trials <n>', 'trials per figure, 1 to 50').argParser(parseTrials).default(5))
    .option('-q, --quiet', 'no progress or table')
    .action(async (opts) => void (await (await import('./speed-command.js')).speedCommand(opts)));

  program
    .command('targets')
    .description('list every target and whether it can run here (and what to install if not)')
    .option('--json', 'print the list as JSON')
    .action(async (opts) => (await import('./targets-command.js')).targetsCommand(opts));

  program
    .command('probe <bytes>')
    .description("send ad-hoc bytes (escape notation, e.g. '\\e[10C') to targets and print each answer")
    .addOption(targetOption('targets (repeatable, or a,b); default: the embedded ones', false))
    .option('-q, --query <queries>', 'queries after the bytes (cursor, da1, decrqm:?2026, …)', collect)
    .option('--screen <T,L,B,R>', 'also read this screen region')
    .addOption(sizeOption('terminal size'))
    .addOption(optionPairsOption())
    .action(async (bytes, opts) => (await import('./probe-command.js')).probeCommand(bytes, opts));

  program
    .command('site [results...]')
    .description('write the static compatibility site (features overview, feature, probe and terminal pages, the probe table, compare view, JSON API, badges) from results files (default: termprobe-results/*.json, else results/*.json, else the published runs shipped with termprobe)')
    .addOption(outOption('output folder (replaced only if an earlier `termprobe site` made it)', parseOutDir).default({ kind: 'dir', path: 'site-out' }, 'site-out'))
    .addOption(referenceOption('-a, --against <file|name>', 'the emulator differences are classified against: a results file, a target among them, or an embedded target run now (default: xterm.js)'))
    .addOption(referenceOption('--reference <file|name>', 'the older name of --against'))
    .option('--registry <path>', 'divergence registry, a folder or one YAML file (default: probes/divergences/)')
    .option('--probes <dir>', 'probe folder, for titles and bytes')
    .option('--features <dir>', 'features folder (default: the shipped features/, or a features/ beside --probes)')
    .option('-q, --quiet', 'no summary line')
    .option('--all-versions', 'every version of each terminal in the table, not only the newest (the others are always on its history page)')
    .option('--history <path>', 'runs of other versions for the history pages, files or folders (repeatable; default without files: results/history/)', collect)
    .action(async (files, opts) => {
      (await import('./baseline-tier.js')).optimiseWithoutInlining();
      return (await import('./site-command.js')).siteCommand(files, opts);
    });

  program
    .command('contribute <file>')
    .description('check a results file from another machine (schema, corpus, identity, every answer against its raw reply), normalise it, and write it to results/contributed/<terminal>-<version>-<platform>.json for a pull request')
    .addOption(outOption(`where it goes (default: results/contributed/); ${OUT_RULE}`))
    .option('--platform <name>', 'where it was made (macos, windows, linux, …), for a file that does not record it')
    .option('--terminal-version <version>', 'the terminal\'s version, for a terminal that does not tell it')
    .action(async (file, opts) => (await import('./contribute-command.js')).contributeCommand(file, opts));

  program
    .command('record')
    .description('run a program in a pseudo-terminal of the given size and write its output as an asciinema v2 cast')
    .argument('<command...>', 'the program and its arguments (after --)')
    .option('-o, --out <file.cast>', 'the cast to write (default: session.cast); written only when the recording ends', parseOutFile)
    .addOption(sizeOption('the terminal size the program sees', RECORD_MIN_SIZE))
    .option('--term <name>', 'TERM for the program', 'xterm-256color')
    .option('-k, --key <keys>', "keys to type once the output is quiet, in escape notation (repeatable, in order), e.g. ':q\\r'", collect)
    .option('--quiet-ms <ms>', 'how long the output must be quiet before the next key (default 400)')
    .option('--cut', 'after the last key and the output it causes, stop recording and end the program, so the cast ends on its screen')
    .passThroughOptions()
    .action(async (command: string[], opts) => (await import('./record-command.js')).recordCommand(command, opts));

  program
    .command('replay <casts...>')
    .description('feed recorded sessions (asciinema v2 .cast) into targets at the recorded size and compare the final screens pairwise')
    .addOption(targetOption('targets (repeatable, or a,b; "all" = every available one); default: the embedded ones'))
    .option('-o, --out <folder|file.json>', 'write the comparison as JSON: one file per session into a folder, or one .json file for one session', (text: string) => parseOut(text).path)
    .option('-q, --quiet', 'no progress lines')
    .action(async (casts: string[], opts) => (await import('./replay-command.js')).replayCommand(casts, opts));

  program
    .command('bisect <cast>')
    .description('find the shortest prefix of a recorded session after which two targets differ, shrink it to the least bytes that show it, and print them as a probe')
    .addOption(targetOption('the two targets, as A,B', false))
    .option('-o, --out <file.yaml>', 'write the probe file there instead of printing it', parseOutFile)
    .action(async (cast: string, opts) => (await import('./bisect-command.js')).bisectCommand(cast, opts));

  program
    .command('fuzz')
    .description('differential fuzzing: cases from the corpus grammar run in every target, cursor and screen compared, each divergence shrunk and kept once per shape')
    .addOption(targetOption('the targets, as A,B[,…] (the first is compared with each other)', false))
    .option('--seconds <n>', 'run this long (default 10, unless --cases is given)')
    .option('--cases <n>', 'run this many cases (with --seed, an exact repeat of a run)')
    .option('--seed <n>', 'the seed the cases come from (default 1)')
    .addOption(sizeOption('terminal size').default({ cols: 20, rows: 6 }, '20x6'))
    .option('-o, --out <file.yaml>', 'write the findings as candidate probes', parseOutFile)
    .option('--probes <dir>', 'the corpus the grammar is read from')
    .action(async (opts) => (await import('./fuzz-command.js')).fuzzCommand(opts));

  registerVerdictCommands(program);
  registerGateCommands(program);
  // Only the bare command: subcommands, made above, keep commander's "too many arguments".
  program.allowExcessArguments(true);
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
      if (!helpOrVersion) process.stderr.write(`termprobe: ${commanderMessage(err)}\n`);
      process.exitCode = helpOrVersion ? EXIT.ok : EXIT.badInput;
      return;
    }
    process.stderr.write(messageFor(err) + '\n');
    process.exitCode = exitCodeFor(err);
  } finally {
    await closeExecBroker();
  }
}
