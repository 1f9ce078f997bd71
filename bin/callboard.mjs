#!/usr/bin/env node
// The `callboard` command. It runs the built CLI (dist-cli/, made by scripts/build-cli.mjs: plain
// bundled JavaScript, so a start compiles nothing; `npm ci` builds it), and in a checkout rebuilds
// it first when a source is newer than the build, so it is never stale. An installed package ships
// dist-cli/ and no sources, and runs it as it is. Where the build cannot be made, the sources run
// through tsx, as before (2-3 s a start).
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { BUILD_SCRIPT, BUILT_CLI, ROOT, cliIsFresh } from './cli-fresh.mjs';

async function rebuilt() {
  try {
    await (await import(pathToFileURL(BUILD_SCRIPT).href)).buildCli();
    return true;
  } catch (error) {
    process.stderr.write(`callboard: could not build dist-cli/ (${error?.message ?? error}); running the sources through tsx.\n`);
    return false;
  }
}

const checkout = existsSync(BUILD_SCRIPT);
if ((existsSync(BUILT_CLI) && (!checkout || cliIsFresh())) || (checkout && (await rebuilt()))) {
  await (await import(pathToFileURL(BUILT_CLI).href)).run();
} else {
  const { resolve } = await import('node:path');
  const { runWith } = await import('./node-io.mjs');
  let runCli;
  try {
    const { tsImport } = await import('tsx/esm/api');
    ({ runCli } = await tsImport('../src/cli/main.ts', { parentURL: import.meta.url, tsconfig: resolve(ROOT, 'tsconfig.app.json') }));
  } catch (error) {
    process.stderr.write(`callboard: cannot load its sources from ${ROOT}src (run npm ci there?):\n${error?.stack ?? error}\n`);
    process.exit(1);
  }
  await runWith(runCli);
}
