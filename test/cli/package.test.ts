// Issue 34: the package installs and runs from any folder, as a user's CI would use it: `npm pack`,
// install the tarball into an empty project, and `npx callboard lint|convert|test` there. The
// installed package is the built CLI (dist-cli/) and its one run-time dependency (QuickJS); it has
// no TypeScript sources and compiles nothing when it starts.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SAMPLE = join(root, 'public/examples/clinic-booking.json');
// npm's own work (pack, install from its cache) on a busy 2-core machine: a backstop, not a measure.
const NPM_TIMEOUT = 240_000;

let dir: string;
let project: string;

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, encoding: 'utf8', timeout: NPM_TIMEOUT, env: { ...process.env, npm_config_update_notifier: 'false' } });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'callboard-pack-'));
  project = join(dir, 'project');
  // --ignore-scripts: the test setup built dist-cli/ already; prepare would rebuild it under the other CLI tests' feet.
  const packed = run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], root);
  expect(packed.status, packed.stderr).toBe(0);
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  expect(tarball).toBeDefined();
  run('mkdir', ['-p', project], dir);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-team-project', private: true }));
  const installed = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, tarball!)], project);
  expect(installed.status, installed.stderr).toBe(0);
  writeFileSync(join(project, 'agent.json'), readFileSync(SAMPLE, 'utf8'));
}, NPM_TIMEOUT * 2);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const npx = (...args: string[]) => run('npx', ['--no-install', 'callboard', ...args], project);

describe('npm pack, then install into an empty project', () => {
  it('installs the built CLI and its run-time dependency only: no sources, no UI libraries', () => {
    const pkg = join(project, 'node_modules/callboard');
    expect(existsSync(join(pkg, 'dist-cli/callboard.js'))).toBe(true);
    expect(existsSync(join(pkg, 'src'))).toBe(false);
    const installed = readdirSync(join(project, 'node_modules'));
    expect(installed).toContain('quickjs-emscripten');
    for (const heavy of ['react', 'monaco-editor', 'typescript', 'tsx', '@xyflow']) expect(installed).not.toContain(heavy);
  });

  it('npx callboard lint reads an agent and says what it found', () => {
    const result = npx('lint', 'agent.json');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout + result.stderr).toMatch(/agent\.json: 0 errors, 0 warnings, \d+ info/);
  });

  it('npx callboard convert writes Block Agent YAML and a Pinecall class (the TypeScript compiler is in the build)', () => {
    // Each in a folder of its own: convert writes the agent's tests beside its output.
    const yaml = npx('convert', 'agent.json', '--to', 'yaml', '-o', 'yaml/agent.yaml');
    expect(yaml.status, yaml.stderr).toBe(0);
    expect(readFileSync(join(project, 'yaml/agent.yaml'), 'utf8')).toMatch(/^blocks:/m);
    const ts = npx('convert', 'agent.json', '--to', 'ts', '-o', 'ts/agent.ts');
    expect(ts.status, ts.stderr).toBe(0);
    const back = npx('convert', 'ts/agent.ts', '--to', 'json');
    expect(back.status, back.stderr).toBe(0);
    expect(JSON.parse(back.stdout).stages.map((s: { name: string }) => s.name)).toEqual(JSON.parse(readFileSync(SAMPLE, 'utf8')).stages.map((s: { name: string }) => s.name));
  });

  it('npx callboard test runs the conversation tests on the offline model (QuickJS from the dependency)', () => {
    const result = npx('test', 'agent.json', '--provider', 'offline');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/3 tests, 3\/3 runs passed/);
  });
});
