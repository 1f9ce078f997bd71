// Whether dist-cli/ (the built `callboard`) is at least as new as everything it is built from.
// bin/callboard.mjs asks before each run, and the test setup before the tests that start the CLI.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUILT_CLI = `${ROOT}dist-cli/callboard.js`;
/** Present in a checkout, absent from an installed package (which ships dist-cli/ built). */
export const BUILD_SCRIPT = `${ROOT}scripts/build-cli.mjs`;

const BUILD_INPUTS = ['bin/entry.mjs', 'bin/node-io.mjs', 'scripts/build-cli.mjs', 'package.json'];

/** The newest modification time of the sources the build reads (src/ and the files above). */
function newestInput() {
  let newest = 0;
  const visit = (path) => {
    let entries;
    try {
      entries = readdirSync(path, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = `${path}/${entry.name}`;
      if (entry.isDirectory()) visit(full);
      else if (/\.(ts|tsx|mjs|js|json)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  visit(`${ROOT}src`);
  for (const file of BUILD_INPUTS) if (existsSync(`${ROOT}${file}`)) newest = Math.max(newest, statSync(`${ROOT}${file}`).mtimeMs);
  return newest;
}

export function cliIsFresh() {
  return existsSync(BUILT_CLI) && statSync(BUILT_CLI).mtimeMs >= newestInput();
}
