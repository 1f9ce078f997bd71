#!/usr/bin/env node
// The `callboard` command. Plain JavaScript, so Node 20 runs it as is: it loads the TypeScript
// sources of src/cli through tsx (a dependency, so it is there right after `npm ci`) and gives
// them the file system and the process's streams. Paths resolve from this file, not the cwd.
import { mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));

const REASONS = {
  ENOENT: 'no such file',
  EISDIR: 'is a folder, not a file',
  EACCES: 'permission denied',
};

/** @type {import('../src/cli/io').CliIo} */
const io = {
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
  // Every symbolic link and junction resolved (the OS's own answer: realpath(3), GetFinalPathNameByHandle).
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
  err: (text) => process.stderr.write(text),
  env: (name) => process.env[name],
};

// `callboard … | head` closes the pipe early: stop quietly instead of throwing EPIPE.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

let runCli;
try {
  ({ runCli } = await tsImport('../src/cli/main.ts', {
    parentURL: import.meta.url,
    // The project's own compiler options, whatever tsconfig.json the cwd has.
    tsconfig: resolve(root, 'tsconfig.app.json'),
  }));
} catch (error) {
  process.stderr.write(`callboard: cannot load its sources from ${root}src (run npm ci there?):\n${error?.stack ?? error}\n`);
  process.exit(1);
}
// exitCode, not exit(): let piped output drain first.
process.exitCode = await runCli(process.argv.slice(2), io);
