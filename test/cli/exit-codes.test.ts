// The exit codes of src/cli/exit-codes.ts, one test per code, through the real bin (as a CI job
// sees them: the process's status) where a command line can cause the code, and in-process for 3,
// which only a bug in the CLI causes: there an io that throws stands in for the bug.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES, EXIT_ERRORS, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, runCli } from '../../src/cli/main';
import { MAIN_HELP } from '../../src/cli/args';
import { fsIo, type Run } from './in-process';

const root = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(root, 'bin/callboard.mjs');
const SAMPLE = join(root, 'public/examples/clinic-booking.json');
const SPAWN_TIMEOUT = 120_000;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'callboard-exit-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function callboard(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', timeout: SPAWN_TIMEOUT });
  if (result.error) throw result.error;
  return result;
}

describe('exit codes', () => {
  it('are 0, 1, 2 and 3, each listed once with its meaning, and the main help says them', () => {
    expect([EXIT_OK, EXIT_ERRORS, EXIT_USAGE, EXIT_INTERNAL]).toEqual([0, 1, 2, 3]);
    expect(EXIT_CODES.map((c) => c.code)).toEqual([0, 1, 2, 3]);
    expect(MAIN_HELP).toContain('Exit codes: 0 ok, 1 findings, 2 usage, 3 internal failure of the CLI (a bug; please report it).');
  });

  it('0: the command found nothing wrong (lint of the sample)', () => {
    expect(callboard('lint', SAMPLE, '--quiet').status).toBe(EXIT_OK);
  }, SPAWN_TIMEOUT);

  it('1: the command found something (lint of an agent with an error)', () => {
    const doc = JSON.parse(readFileSync(SAMPLE, 'utf8'));
    doc.state[1].visibility = 'public';
    const file = join(dir, 'pii-public.json');
    writeFileSync(file, JSON.stringify(doc));
    const lint = callboard('lint', file, '--quiet');
    expect(lint.stdout).toContain('[state-pii-public]');
    expect(lint.status).toBe(EXIT_ERRORS);
  }, SPAWN_TIMEOUT);

  it('2: the command could not run as asked (an unknown option; a missing file)', () => {
    const option = callboard('check', SAMPLE, '--bogus');
    expect(option.stderr).toContain('callboard check: unknown option --bogus');
    expect(option.status).toBe(EXIT_USAGE);
    const missing = callboard('lint', join(dir, 'nowhere.json'));
    expect(missing.stderr).toContain('nowhere.json: no such file');
    expect(missing.status).toBe(EXIT_USAGE);
  }, SPAWN_TIMEOUT);

  it('3: the CLI itself failed (a bug): said as one, never as a verdict on the agent', async () => {
    const run: Run = { code: -1, stdout: '', stderr: '', status: [] };
    const io = fsIo({}, run);
    const broken = { ...io, readText: () => { throw new Error('a bug in reading'); } };
    run.code = await runCli(['lint', SAMPLE], broken);
    expect(run.stderr).toContain('callboard: unexpected failure (a bug; please report it):\nError: a bug in reading');
    expect(run.code).toBe(EXIT_INTERNAL);
  });
});
