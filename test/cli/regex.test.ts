// Security issue 30, point 7, through the command line as CI runs it: a tool parameter's pattern of
// fourteen adjacent [0-9]* (O(n^14) on a backtracking engine; the shape screen passes it) met by a
// 40-digit caller line in a conversation test. `callboard test --provider offline` must end and
// report; `callboard lint` must end and name the pattern at the default it ran out of time on.
// Each child has a deadline (start-up measured on this machine, twice over, plus slack) and is
// killed past it: a regression fails the test, it does not hang the suite.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGIT_LINE, POLYNOMIAL_DIGITS } from '../security/regex-payloads';
import sampleJson from '../../public/examples/clinic-booking.json';
import type { AgentDocument } from '../../src/model';

const root = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(root, 'bin/callboard.mjs');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  killed: boolean;
}

function callboard(args: string[], limitMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { ...process.env, CALLBOARD_API_KEY: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, limitMs);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => (clearTimeout(timer), reject(error)));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started, killed });
    });
  });
}

const shown = (run: Run) => `exit ${run.code} after ${run.ms} ms${run.killed ? ' (killed)' : ''}\n--- stdout\n${run.stdout.slice(0, 2000)}\n--- stderr\n${run.stderr.slice(0, 2000)}`;

/** The sample agent with `pattern` on the greeting tool's words (the offline model reads the caller's line by it) and a conversation test of one line. */
function agentWith(pattern: string, line: string): string {
  const doc = structuredClone(sampleJson) as unknown as AgentDocument;
  Object.assign(doc.tools[0].parameters.properties!.intent_utterance, { pattern });
  // The phone's default is the lint case: a sample the pattern is tested on.
  Object.assign(doc.tools[2].parameters.properties!.phone, { pattern, default: line });
  doc.tests = [{ name: 'digits', input: [line], expect: { not: ['pwned'] } }];
  return JSON.stringify(doc, null, 2);
}

let dir: string;
let limitMs = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'callboard-regex-'));
  writeFileSync(join(dir, 'everyday.callboard.json'), agentWith('^[0-9]{7,15}$', DIGIT_LINE));
  writeFileSync(join(dir, 'slow.callboard.json'), agentWith(POLYNOMIAL_DIGITS, DIGIT_LINE));
  // Start-up and one test run with an everyday pattern, as the deadline's base on this machine.
  const plain = await callboard(['test', 'everyday.callboard.json', '--provider', 'offline'], 120_000);
  expect(plain.code, shown(plain)).toBe(0);
  limitMs = 2 * Math.max(plain.ms, 3000) + 5000;
}, 150_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a slow pattern through the CLI', () => {
  it('callboard test --provider offline: ends, runs the test and reports it (the pattern reads nothing, the run goes on)', async () => {
    const run = await callboard(['test', 'slow.callboard.json', '--provider', 'offline'], limitMs);
    expect(run.killed, `did not end within ${limitMs} ms\n${shown(run)}`).toBe(false);
    expect(run.code, shown(run)).toBe(0);
    expect(run.stdout, shown(run)).toMatch(/^PASS digits {2}1\/1 \(100%\)$/m);
    expect(run.stdout).toMatch(/^1 test, 1\/1 runs passed/m);
  }, 150_000);

  it('callboard lint: ends and names the pattern at the default it took too long on', async () => {
    const run = await callboard(['lint', 'slow.callboard.json'], limitMs);
    expect(run.killed, `did not end within ${limitMs} ms\n${shown(run)}`).toBe(false);
    const line = run.stdout.split('\n').find((l) => l.includes('parameter-pattern-slow'));
    expect(line, shown(run)).toMatch(/^slow\.callboard\.json:\d+:\d+: warning: tool collect_identity: pattern "\^\[0-9\]\*.*" took longer than 100 ms on the default "4{40}" and was stopped/);
  }, 150_000);
});
