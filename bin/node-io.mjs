// The file system and the process's streams as src/cli sees them (CliIo). Shared by the built CLI
// (dist-cli/, bundled from bin/entry.mjs) and the fallback that runs the sources through tsx.
import { mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const REASONS = {
  ENOENT: 'no such file',
  EISDIR: 'is a folder, not a file',
  EACCES: 'permission denied',
};

/** @type {import('../src/cli/io').CliIo} */
export const nodeIo = {
  readText(path) {
    try {
      return { ok: true, text: readFileSync(path === '-' ? 0 : path, 'utf8') };
    } catch (error) {
      return { ok: false, reason: REASONS[error.code] ?? error.message };
    }
  },
  listDir(path) {
    try {
      return { ok: true, names: readdirSync(path, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) };
    } catch (error) {
      return { ok: false, reason: error.code === 'ENOTDIR' ? 'is a file, not a folder' : (REASONS[error.code] ?? error.message) };
    }
  },
  // Every symbolic link and junction resolved (the OS's own answer: realpath(3), GetFinalPathNameByHandle):
  // the CLI reads a file beside the agent only where its real path stays inside the agent's folder.
  realPath(path) {
    try {
      return { ok: true, path: realpathSync.native(path) };
    } catch (error) {
      return { ok: false, reason: REASONS[error.code] ?? error.message };
    }
  },
  writeText(path, text) {
    try {
      mkdirSync(dirname(resolve(path)), { recursive: true });
      writeFileSync(path, text);
    } catch (error) {
      throw new Error(REASONS[error.code] ?? error.message, { cause: error });
    }
  },
  out: (text) => process.stdout.write(text),
  stdoutIsTerminal: () => process.stdout.isTTY === true,
  err: (text) => process.stderr.write(text),
  stderrIsTerminal: () => process.stderr.isTTY === true,
  // Back to the line's start and erase it (ECMA-48 EL), then the new text: one line redrawn in place.
  status: (line) => process.stderr.write(`\r\x1b[K${line ?? ''}`),
  env: (name) => process.env[name],
};

/** Runs one command line with runCli and sets the exit code (exitCode, not exit(): piped output drains first). */
export async function runWith(runCli) {
  // `callboard … | head` closes the pipe early: stop quietly instead of throwing EPIPE.
  process.stdout.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  process.exitCode = await runCli(process.argv.slice(2), nodeIo);
}
