// The `callboard` command line over the pure core (src/model, src/formats). bin/callboard.mjs runs
// the bundle scripts/build-cli.mjs builds from it (through tsx only where no build can be made) and
// hands it the process's arguments and a Node implementation of CliIo; everything here is plain
// TypeScript with no Node or UI dependency.
import { version } from '../../package.json';
import { COMMANDS, HELP, MAIN_HELP, OPTIONS, parseArgs, type HelpArgs } from './args';
import { EXIT_CODES } from './exit-codes';
import { EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, UsageError, type CliIo } from './io';
import { jsonText, type CommandHelpJson, type HelpJson, type UsageErrorJson, type VersionJson } from './json-shapes';
import { visibleIo } from './terminal-io';

export type { CliIo, ReadResult } from './io';
export type * from './json-shapes';
export { EXIT_CODES, EXIT_ERRORS, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE } from './exit-codes';

/** The main help's "Usage:" line of each command, and its line under "Commands:". */
function helpJson(): HelpJson {
  const usage = (name: string) => MAIN_HELP.split('\n').find((l) => l.trimStart().startsWith(`callboard ${name} `))?.trim() ?? `callboard ${name}`;
  const summary = (name: string) => MAIN_HELP.split('\n').find((l) => l.startsWith(`  ${name} `))?.slice(name.length + 2).trim() ?? '';
  return { commands: COMMANDS.map((name) => ({ name, usage: usage(name), summary: summary(name) })), exitCodes: EXIT_CODES.map((c) => ({ ...c })) };
}

function help(args: HelpArgs, io: CliIo): number {
  if (!args.json) io.out(args.topic ? HELP[args.topic as keyof typeof HELP] : MAIN_HELP);
  else if (!args.topic) io.out(jsonText(helpJson()));
  else {
    const topic = args.topic as keyof typeof HELP;
    io.out(jsonText({ command: topic, help: HELP[topic], options: OPTIONS[topic].map((o) => ({ ...o })) } satisfies CommandHelpJson));
  }
  return EXIT_OK;
}

/** Runs one command line (without `node` and the script); resolves to the exit code (exit-codes.ts). */
export async function runCli(argv: string[], rawIo: CliIo): Promise<number> {
  // Every command prints through this io: names and texts of a hostile file cannot steer the terminal.
  const io = visibleIo(rawIo);
  try {
    const args = parseArgs(argv);
    switch (args.command) {
      case 'help':
        return help(args, io);
      case 'version':
        io.out(args.json ? jsonText({ name: 'callboard', version } satisfies VersionJson) : `callboard ${version}\n`);
        return EXIT_OK;
      // The commands load the core (validators, yaml, the sandbox) on demand: --help and usage errors stay quick.
      case 'convert':
        return await (await import('./convert')).convert(args, io);
      case 'lint':
        return await (await import('./lint')).lintCommand(args, io);
      case 'simulate':
        return await (await import('./simulate')).simulateCommand(args, io);
      case 'test':
        return await (await import('./test-command')).testCommand(args, io);
      case 'diff':
        return await (await import('./diff')).diffCommand(args, io);
      case 'check':
        return await (await import('./check')).checkCommand(args, io);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      const prefix = error.command ? `callboard ${error.command}` : 'callboard';
      io.err(`${prefix}: ${error.message}\nRun "${prefix} --help" for usage.\n`);
      // A script that asked for JSON gets JSON even when the command line was wrong (the words before `--` only).
      const options = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
      if (options.includes('--json')) io.out(jsonText({ ok: false, exitCode: EXIT_USAGE, command: error.command ?? null, error: error.message } satisfies UsageErrorJson));
      return EXIT_USAGE;
    }
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.err(`callboard: unexpected failure (a bug; please report it):\n${message}\n`);
    return EXIT_INTERNAL;
  }
}
