// Issue 33 on files people write: YAML errors that say what to write, every problem in one run,
// and diff across formats. Each runs `node bin/callboard.mjs` as users do, from a temp folder.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(root, 'bin/callboard.mjs');
const fixture = (name: string) => join(root, 'test/fixtures/block-agent', name);
const SPAWN_TIMEOUT = 60_000;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'callboard-truth-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function callboard(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', timeout: SPAWN_TIMEOUT });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const ONE_PASS_RULES = ['tool-name-openai', 'parameters-required-unknown', 'stage-wait-token-missing', 'template-unknown-name'];

describe('every problem in one pass', () => {
  it('lint prints the import errors and lint\'s findings on the rest, in one run', () => {
    const run = callboard('lint', fixture('problems-one-pass.yaml'));
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/problems-one-pass\.yaml:24:39: error: no tool named log_repair .* \[import\]/);
    expect(run.stdout).toMatch(/problems-one-pass\.yaml:25:35: error: connect_to names turn confirm, .* \[import\]/);
    expect(run.stdout).toMatch(/problems-one-pass\.yaml:33:35: error: connect_to names turn book_visit, .* \[import\]/);
    expect(run.stdout).toContain('note: the rest of the agent was checked without what the errors above are about');
    for (const rule of ONE_PASS_RULES) expect(run.stdout).toContain(`[${rule}]`);
    expect(run.stderr).toMatch(/problems-one-pass\.yaml: 6 errors, 4 warnings, 1 info/);
  }, SPAWN_TIMEOUT);

  it('convert refuses the file, with the same problems on standard error and nothing written', () => {
    const run = callboard('convert', fixture('problems-one-pass.yaml'), '--to', 'ts');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('error: no tool named log_repair');
    expect(run.stderr).toContain('error: connect_to names turn book_visit');
    for (const rule of ONE_PASS_RULES) expect(run.stderr).toContain(`[${rule}]`);
  }, SPAWN_TIMEOUT);

  it('a YAML syntax error says what to write, and that it stops the reading', () => {
    const run = callboard('lint', fixture('syntax-errors/apostrophe.yaml'));
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`apostrophe.yaml:8:32: error: an apostrophe inside text in single quotes ends the text there`);
    expect(run.stdout).toContain(`write the apostrophe twice: content: 'Tell them it''s done'`);
    expect(run.stdout).toContain('apostrophe.yaml: note: this error stops the reading of the file, so nothing after it was checked; fix it and run again to see any other problem');
    const convert = callboard('convert', fixture('syntax-errors/apostrophe.yaml'), '--to', 'json');
    expect(convert.status).toBe(1);
    expect(convert.stderr).toContain('note: this error stops the reading of the file');
  }, SPAWN_TIMEOUT * 2);
});
