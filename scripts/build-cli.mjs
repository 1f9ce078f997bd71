// Builds the `callboard` command into dist-cli/: src/cli and the core it uses, bundled and minified
// by esbuild, so a start runs plain JavaScript instead of compiling TypeScript through tsx (2-3 s
// before, issue 34). Each command's code is a chunk of its own, loaded when the command runs
// (src/cli/main.ts imports them dynamically), and so is what only some inputs need (the TypeScript
// compiler for Pinecall classes). QuickJS stays a package: its WebAssembly is found next to its own
// JavaScript. Run by `npm ci`/`npm install` (the prepare script) and by bin/callboard.mjs when
// src/ is newer than the build.
//   node scripts/build-cli.mjs
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { ROOT as root, cliIsFresh } from '../bin/cli-fresh.mjs';

export const CLI_OUT = `${root}dist-cli/`;

/** Builds dist-cli/ (first into a fresh folder, then renamed, so a half-written build is never run). */
export async function buildCli() {
  const { build } = await import('esbuild');
  const temp = `${root}dist-cli.${process.pid}.tmp/`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { callboard: 'bin/entry.mjs' },
    outdir: temp,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minify: process.env.CLI_MINIFY !== "0",
    sourcemap: false,
    legalComments: 'none',
    external: ['quickjs-emscripten', '@jitl/*'],
    chunkNames: 'chunks/[name]-[hash]',
    // Some bundled packages are CommonJS (TypeScript's compiler) and use require, __filename and
    // __dirname, which an ES module lacks: each output file defines them for itself.
    banner: {
      js: [
        "import { createRequire as __cbRequire } from 'node:module';",
        "import { fileURLToPath as __cbPath } from 'node:url';",
        'const require = __cbRequire(import.meta.url);',
        'const __filename = __cbPath(import.meta.url);',
        "const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
      ].join(' '),
    },
    metafile: true,
    logLevel: 'warning',
  });
  writeFileSync(`${temp}package.json`, '{ "type": "module" }\n');
  if (process.env.CALLBOARD_CLI_META) writeFileSync(process.env.CALLBOARD_CLI_META, JSON.stringify(result.metafile));
  const { renameSync } = await import('node:fs');
  rmSync(CLI_OUT, { recursive: true, force: true });
  renameSync(temp, CLI_OUT);
}

/** Builds dist-cli/ unless it is already as new as its sources (the test setup's call). */
export async function ensureCliBuilt() {
  if (!cliIsFresh()) await buildCli();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildCli();
