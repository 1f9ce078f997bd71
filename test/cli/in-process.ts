// runCli in this process, on the real file system, with what a test needs to set: the environment,
// whether standard error is a terminal, and the status line the progress draws (progress.ts).
import { mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { runCli, type CliIo } from '../../src/cli/main';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** Each status line drawn, in order; null where it was cleared. */
  status: (string | null)[];
}

export interface RunOptions {
  env?: Record<string, string>;
  stderrIsTerminal?: boolean;
}

export function fsIo(options: RunOptions, run: Run): CliIo {
  const failed = (error: unknown) => ({ ok: false as const, reason: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String((error as Error).message) });
  return {
    readText: (path) => {
      try {
        return { ok: true, text: readFileSync(path, 'utf8') };
      } catch (error) {
        return failed(error);
      }
    },
    listDir: (path) => {
      try {
        return { ok: true, names: readdirSync(path, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) };
      } catch (error) {
        return failed(error);
      }
    },
    realPath: (path) => {
      try {
        return { ok: true, path: realpathSync(path) };
      } catch (error) {
        return failed(error);
      }
    },
    writeText: (path, text) => {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    },
    out: (text) => (run.stdout += text),
    err: (text) => (run.stderr += text),
    env: (name) => options.env?.[name],
    stderrIsTerminal: () => options.stderrIsTerminal === true,
    status: (line) => run.status.push(line),
  };
}

export async function cli(args: string[], options: RunOptions = {}): Promise<Run> {
  const run: Run = { code: -1, stdout: '', stderr: '', status: [] };
  run.code = await runCli(args, fsIo(options, run));
  return run;
}

/** The one JSON document a --json run printed on standard output. */
export function parsedJson<T>(run: Run): T {
  return JSON.parse(run.stdout) as T;
}
