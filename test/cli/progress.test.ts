// The progress line of long runs (src/cli/progress.ts): drawn, redrawn in place, and erased at the
// end when standard error is a terminal and CI is not set; nothing of it otherwise. In-process with
// the terminal check injected, and through the real bin under a pseudo-terminal (script(1)) and piped.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli } from './in-process';

const root = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(root, 'bin/callboard.mjs');
const SAMPLE = join(root, 'public/examples/clinic-booking.json');
const SLOW = 120_000;
/** What the bin writes to redraw the line: back to its start, erase it (node-io.mjs). */
const REDRAW = '\r\x1b[K';

/** The environment of a person's shell: this test may itself run in CI. */
const withoutCi = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  delete env.CI;
  return env;
};

describe('progress of test --runs and check', () => {
  it('at a terminal: "test: done/total runs, passed" after each run, then erased; the report itself unchanged', async () => {
    const shown = await cli(['test', SAMPLE, '--runs', '20'], { stderrIsTerminal: true });
    const plain = await cli(['test', SAMPLE, '--runs', '20']);
    expect(shown.status[0]).toBe('test: 0/60 runs, 0 passed');
    const drawn = shown.status.filter((s) => s !== null);
    expect(drawn).toContain('test: 20/60 runs, 20 passed');
    expect(drawn.at(-1)).toBe('test: 60/60 runs, 60 passed');
    // Each run's line once, in order (and redrawn under each test's report line).
    const counts = [...new Set(drawn)].map((s) => Number(/^test: (\d+)\//.exec(s!)![1]));
    expect(counts).toEqual(Array.from({ length: 61 }, (_, i) => i));
    expect(shown.status.at(-1)).toBeNull();
    expect(shown.stdout).toBe(plain.stdout);
    expect(shown.code).toBe(0);
  }, SLOW);

  it('check shows it too', async () => {
    const shown = await cli(['check', SAMPLE, '--runs', '2'], { stderrIsTerminal: true });
    expect(shown.status.filter((s) => s !== null).at(-1)).toBe('check: 6/6 runs, 6 passed');
    expect(shown.status.at(-1)).toBeNull();
  }, SLOW);

  it('nothing when standard error is no terminal, or CI is set', async () => {
    expect((await cli(['test', SAMPLE, '--runs', '3'])).status).toEqual([]);
    expect((await cli(['test', SAMPLE, '--runs', '3'], { stderrIsTerminal: true, env: { CI: 'true' } })).status).toEqual([]);
    expect((await cli(['check', SAMPLE, '--runs', '3'], { stderrIsTerminal: true, env: { CI: '1' } })).status).toEqual([]);
  }, SLOW);

  it('through the bin: redrawn in place on a pseudo-terminal; not a byte of it piped or in CI', () => {
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} test ${JSON.stringify(SAMPLE)} --runs 2`;
    const tty = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env: withoutCi(), timeout: SLOW });
    expect(tty.stdout).toContain(`${REDRAW}test: 6/6 runs, 6 passed`);
    expect(tty.stdout).toContain('3 tests, 6/6 runs passed');
    const ci = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env: { ...withoutCi(), CI: 'true' }, timeout: SLOW });
    expect(ci.stdout).toContain('3 tests, 6/6 runs passed');
    expect(ci.stdout).not.toContain('\x1b[K');
    const piped = spawnSync(process.execPath, [BIN, 'test', SAMPLE, '--runs', '2'], { encoding: 'utf8', env: withoutCi(), timeout: SLOW });
    expect(piped.stdout).toContain('3 tests, 6/6 runs passed');
    expect(piped.stderr).toBe('');
  }, SLOW);
});
