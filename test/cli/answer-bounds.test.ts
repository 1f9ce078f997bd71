// `callboard simulate` and `test` against a server that streams forever (security issue 30, point
// 8): the answer's size and total time bounds (--answer-size, --answer-time) end the run with a
// message naming the bound and the flag, and exit 1. Before them the idle timeout, reset by every
// chunk, never fired, and the CLI grew to 576 MB in 60 s.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../src/cli/main';
import { startMockLlm, type MockLlm } from '../mock-llm/server';
import { FOREVER, SLOW_FOREVER } from '../security/bounds-payloads';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SAMPLE = join(root, 'public/examples/clinic-booking.json');
const KEY = 'sk-test-NEVER-PRINT-bounds';

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    readText: (path) => {
      try {
        return { ok: true, text: readFileSync(path, 'utf8') };
      } catch {
        return { ok: false, reason: 'no such file' };
      }
    },
    writeText: () => {},
    out: (text) => (stdout += text),
    err: (text) => (stderr += text),
    env: () => undefined,
  };
  const code = await runCli(args, io);
  const events = () => stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string; message?: string });
  return { code, stdout, stderr, get events() { return events(); } };
}

let mock: MockLlm;
beforeAll(async () => {
  mock = await startMockLlm({ port: 0 });
});
afterAll(async () => {
  await mock.close();
});
beforeEach(() => mock.reset());

const remote = (provider: 'openai' | 'anthropic') => ['--provider', provider, '--base-url', provider === 'openai' ? mock.openaiBaseUrl : mock.anthropicBaseUrl, '--api-key', KEY];

describe('callboard simulate against a server that streams forever', () => {
  it.each(['openai', 'anthropic'] as const)('%s: stops at --answer-size, says so and exits 1', async (provider) => {
    mock.script([FOREVER]);
    const run = await cli(['simulate', SAMPLE, ...remote(provider), '--say', 'Hi, I need a cleaning', '--answer-size', '200KB']);
    expect(run.code).toBe(1);
    expect(run.events.at(-1)).toEqual({ type: 'error', message: "The model's answer passed 200 KB (⚙ LLM › Answer size, --answer-size in the CLI) and was stopped." });
    expect(run.stdout + run.stderr).not.toContain(KEY);
  });

  it('stops a slow endless answer at --answer-time, though the server is never silent', async () => {
    mock.script([SLOW_FOREVER]);
    const run = await cli(['simulate', SAMPLE, ...remote('openai'), '--say', 'Hi', '--answer-time', '0.5']);
    expect(run.code).toBe(1);
    expect(run.events.at(-1)).toEqual({ type: 'error', message: "The model's answer took longer than 0.5 s in all (⚙ LLM › Answer time, --answer-time in the CLI) and was stopped." });
  });

  it('callboard test fails the run the same way', async () => {
    mock.script([FOREVER]);
    const run = await cli(['test', join(root, 'public/examples/clinic-booking.json'), ...remote('openai'), '--answer-size', '100KB']);
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toContain("The model's answer passed 100 KB (⚙ LLM › Answer size, --answer-size in the CLI) and was stopped.");
  });

  it('refuses a size or a time it cannot read, naming the flag', async () => {
    const size = await cli(['simulate', SAMPLE, '--say', 'hi', '--answer-size', 'lots']);
    expect(size.code).toBe(2);
    expect(size.stderr).toContain('--answer-size is a size from 1KB to 1GB, e.g. 2MB, 500KB or 100000 (got "lots")');
    const time = await cli(['simulate', SAMPLE, '--say', 'hi', '--answer-time', '0']);
    expect(time.code).toBe(2);
    expect(time.stderr).toContain('--answer-time is a number of seconds from 0.1 to 3600');
  });

  it('the real bin ends under a 160 MB heap, with the default 2 MB bound, while the server never stops', async () => {
    mock.script([FOREVER]);
    // A heap the process cannot pass: before the bounds it filled it and died of "heap out of
    // memory" (or ran until the backstop). Now the stream is cut at 2 MB of answer.
    const child = spawn(process.execPath, ['--max-old-space-size=160', join(root, 'bin/callboard.mjs'), 'simulate', SAMPLE, ...remote('openai'), '--say', 'Hi'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(1);
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ type: 'error', message: "The model's answer passed 2 MB (⚙ LLM › Answer size, --answer-size in the CLI) and was stopped." });
  }, 120_000);
});
