// vitest globalSetup: the CLI tests start `node bin/callboard.mjs`, which rebuilds dist-cli/ when a
// source is newer. Build it once here, before any test file runs, so parallel test files never
// rebuild it at the same time (and no test's time includes a build).
import { ensureCliBuilt } from '../../scripts/build-cli.mjs';

export default async function setup(): Promise<void> {
  await ensureCliBuilt();
}
