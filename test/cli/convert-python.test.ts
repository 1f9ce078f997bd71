// `callboard convert --to py`: the agent as a Pinecall class in Python, run as users run it (a
// child process, from a temporary folder); the text is what the pure exporter gives, and the view
// lands where the SDK reads it, views/<slug>.jinja beside the class.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJson } from '../../src/formats/json';
import { exportPinecallPython } from '../../src/runtimes/pinecall/format/python/export';

const root = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(root, 'bin/callboard.mjs');
const SAMPLE = join(root, 'public/examples/clinic-booking.json');
const SPAWN_TIMEOUT = 60_000;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'callboard-py-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const callboard = (...args: string[]) => {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', timeout: SPAWN_TIMEOUT });
  if (result.error) throw result.error;
  return result;
};

const expected = () => {
  const loaded = importJson(readFileSync(SAMPLE, 'utf8'));
  if (!loaded.ok) throw new Error('the sample does not load');
  return exportPinecallPython(loaded.doc);
};

describe('convert --to py', () => {
  it('writes the class to -o (its kind told by .py) and its view beside it, the losses on standard error', () => {
    const run = callboard('convert', SAMPLE, '-o', 'agents/clinic-booking/agent.py');
    expect(run.stderr).not.toContain('error');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    const out = expected();
    expect(readFileSync(join(dir, 'agents/clinic-booking/agent.py'), 'utf8')).toBe(out.text);
    expect(readFileSync(join(dir, 'agents/clinic-booking/views/clinic-booking.jinja'), 'utf8')).toBe(out.files[1].text);
    for (const w of out.warnings) expect(run.stderr).toContain(`warning: ${w.path}: ${w.message}\n`);
  }, SPAWN_TIMEOUT);

  it('prints the class on standard output and says the view is not in it', () => {
    const run = callboard('convert', SAMPLE, '--to', 'py');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(expected().text);
    expect(run.stderr).toContain('note: views/clinic-booking.jinja is not in the output: give -o FILE to write it beside the class, where the SDK reads it\n');
  }, SPAWN_TIMEOUT);
});

describe('a Pinecall class in Python in, through the CLI', () => {
  const FOLDER = join(root, 'test/fixtures/pinecall/python-folder');
  const CLASS = join(FOLDER, 'agent.py');

  it('lints clean, its view read beside it', () => {
    const run = callboard('lint', CLASS, '--json');
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as { errors: number; findings?: unknown[] };
    expect(report.errors).toBe(0);
  }, SPAWN_TIMEOUT);

  it('converts back to Python unchanged (the class and its view, byte for byte), and to TypeScript naming what only Python holds', () => {
    const same = callboard('convert', CLASS, '-o', 'again/agent.py');
    expect(same.status).toBe(0);
    expect(readFileSync(join(dir, 'again/agent.py'), 'utf8')).toBe(readFileSync(CLASS, 'utf8'));
    expect(readFileSync(join(dir, 'again/views/pet-clinic.jinja'), 'utf8')).toBe(readFileSync(join(FOLDER, 'views/pet-clinic.jinja'), 'utf8'));
    const ts = callboard('convert', CLASS, '--to', 'ts');
    expect(ts.status).toBe(0);
    expect(ts.stdout).toContain('export default class PetClinic extends Agent');
    expect(ts.stderr).toContain('warning: /preserved/pinecallPython/bodies: Python tool body is not expressed in Pinecall: record_pet\'s body is Python');
  }, SPAWN_TIMEOUT);

  it('a class Python cannot read is an error at its line and column, and nothing is written', () => {
    const broken = join(dir, 'broken.py');
    writeFileSync(broken, 'from pinecall import Agent, tool\n\nclass Broken(Agent):\n    """Broken."""\n\n    @tool\n    def f(self, x: int:\n        """F."""\n');
    const run = callboard('convert', broken, '-o', 'broken-out.ts');
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/broken\.py:7:\d+: .*Python cannot read this line/);
    expect(existsSync(join(dir, 'broken-out.ts'))).toBe(false);
  }, SPAWN_TIMEOUT);
});
