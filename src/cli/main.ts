// The `callboard` command line over the pure core (src/model, src/formats). bin/callboard.mjs
// loads this file through tsx and hands it the process's arguments and a Node implementation of
// CliIo; everything here is plain TypeScript with no Node or UI dependency.
import { version } from '../../package.json';
import { HELP, MAIN_HELP, parseArgs } from './args';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, UsageError, type CliIo } from './io';
import { visibleIo } from './terminal-io';

export type { CliIo, ReadResult } from './io';

/** Runs one command line (without `node` and the script); resolves to the exit code. */
export async function runCli(argv: string[], rawIo: CliIo): Promise<number> {
  // Every command prints through this io: names and texts of a hostile file cannot steer the terminal.
  const io = visibleIo(rawIo);
  try {
    const args = parseArgs(argv);
    switch (args.command) {
      case 'help':
        io.out(args.topic ? HELP[args.topic] : MAIN_HELP);
        return EXIT_OK;
      case 'version':
        io.out(`callboard ${version}\n`);
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
    }
  } catch (error) {
    if (error instanceof UsageError) {
      const prefix = error.command ? `callboard ${error.command}` : 'callboard';
      io.err(`${prefix}: ${error.message}\nRun "${prefix} --help" for usage.\n`);
      return EXIT_USAGE;
    }
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.err(`callboard: unexpected failure (a bug; please report it):\n${message}\n`);
    return EXIT_ERRORS;
  }
}
