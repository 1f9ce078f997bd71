// What the CLI needs from the outside world. bin/callboard.mjs implements it with node:fs and the
// process's streams; keeping it an interface leaves src/cli free of Node types (it type-checks
// with the rest of src) and lets the commands run against an in-memory file system if needed.

export type ReadResult = { ok: true; text: string } | { ok: false; reason: string };
export type ListResult = { ok: true; names: string[] } | { ok: false; reason: string };
export type RealPathResult = { ok: true; path: string } | { ok: false; reason: string };

export interface CliIo {
  /** The file's text (`-` is standard input), or why it cannot be read (e.g. "no such file"). */
  readText(path: string): ReadResult;
  /**
   * The names of the files in a folder (not recursive), or why it cannot be listed ("no such
   * file"). `test` finds *.golden.json with it; absent, only the agent's own tests are known.
   */
  listDir?(path: string): ListResult;
  /**
   * Where `path` really is: absolute, every symbolic link and junction resolved (fs.realpath), or
   * why it cannot be told ("no such file"). The files beside an agent (its base class, helpers,
   * tests/) are read only when their real path stands inside the real path of the agent's folder
   * (security issue 30); without it, none are read.
   */
  realPath?(path: string): RealPathResult;
  /** Writes (creating missing folders); throws with a readable message when it cannot. */
  writeText(path: string, text: string): void;
  /** Standard output and standard error, written as given (runCli hands commands a visibleIo of these: terminal-io.ts). */
  out(text: string): void;
  err(text: string): void;
  /**
   * The command's result when it is a file (`convert` without -o) on standard output. visibleIo
   * writes it as is when standard output is no terminal (`> agent.ts` gets the same bytes as -o),
   * and with its control characters escaped when a person reads it. Absent: `out`.
   */
  outFile?(text: string): void;
  /** Whether standard output is a terminal (bin: process.stdout.isTTY); absent: it is not. */
  stdoutIsTerminal?(): boolean;
  /** Whether standard error is a terminal (bin: process.stderr.isTTY); absent: it is not. */
  stderrIsTerminal?(): boolean;
  /**
   * Redraws the one status line at the foot of standard error in place (`null` clears it): the
   * progress of a long run (progress.ts). A channel of its own because redrawing needs a carriage
   * return and an erase sequence, which `err` shows as visible escapes (terminal-io.ts). Absent: no progress.
   */
  status?(line: string | null): void;
  /** An environment variable (`simulate` reads its API key from one); absent: none are set. */
  env?(name: string): string | undefined;
}

/** The exit codes live in exit-codes.ts, with what each means; re-exported for the commands. */
export { EXIT_ERRORS, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE } from './exit-codes';

/** A mistake in how the command was called: printed with a pointer to --help, exit 2. */
export class UsageError extends Error {
  readonly command: string | undefined;
  constructor(message: string, command?: string) {
    super(message);
    this.command = command;
  }
}
