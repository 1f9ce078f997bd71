// `callboard test A --compare B` and `--model X --model Y` (issue 15, A/B runs): A's tests on both
// sides, pass rates side by side, a regression exits 1; against the offline model and the mock server.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../src/cli/main';
import type { AgentDocument, ConversationTest } from '../../src/model';
import { startMockLlm, type MockLlm, type MockTurn } from '../mock-llm/server';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sampleText = readFileSync(join(root, 'public/examples/clinic-booking.json'), 'utf8');
const SLOW = 180_000;

const io = (out: { stdout: string; stderr: string }): CliIo => ({
  readText: (path) => { try { return { ok: true, text: readFileSync(path, 'utf8') }; } catch { return { ok: false, reason: 'no such file' }; } },
  writeText: (path, text) => { mkdirSync(dirname(path), { recursive: true }); writeFileSync(path, text); },
  out: (text) => (out.stdout += text),
  err: (text) => (out.stderr += text),
  env: () => undefined,
});
async function cli(args: string[]) {
  const out = { stdout: '', stderr: '' };
  const code = await runCli(args, io(out));
  return { code, ...out };
}

let dir: string;
let mock: MockLlm;
beforeAll(async () => { dir = mkdtempSync(join(tmpdir(), 'callboard-compare-')); mock = await startMockLlm({ port: 0 }); });
afterAll(async () => { rmSync(dir, { recursive: true, force: true }); await mock.close(); });
beforeEach(() => mock.reset());

const write = (name: string, doc: unknown) => { const path = join(dir, name); writeFileSync(path, JSON.stringify(doc, null, 2)); return path; };
const sample = () => JSON.parse(sampleText) as AgentDocument;

describe('callboard test --compare', () => {
  // B renames the booking tool: the test that expects `book` to be called can no longer pass.
  const renamed = () => { const doc = sample(); doc.tools.find((t) => t.name === 'book')!.name = 'reserve'; return doc; };

  it('runs A\'s tests on A and B, side by side; a test A passes and B fails is a regression, exit 1', async () => {
    const a = write('a.json', sample());
    const b = write('b.json', renamed());
    const run = await cli(['test', a, '--compare', b, '--provider', 'offline']);
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toContain(`REGRESSION books-thursday-cleaning  ${a} 1/1 (100%)  ${b} 0/1 (0%)`);
    expect(lines).toContain(`same       small-talk-stays-in-greet  ${a} 1/1 (100%)  ${b} 1/1 (100%)`);
    expect(lines.at(-1)).toBe(`3 tests, ${a} vs ${b}: 1 regression (books-thursday-cleaning)`);
  }, SLOW);

  it('the same agent on both sides: no regressions, exit 0; --markdown prints a table; --junit the second side\'s runs', async () => {
    const a = write('a2.json', sample());
    const b = write('b2.json', sample());
    const junit = join(dir, 'junit.xml');
    const run = await cli(['test', a, '--compare', b, '--provider', 'offline', '--markdown', '--junit', junit]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('3 tests, 1 run each; no regressions.');
    // File and test names as code: what they hold is not read as Markdown or HTML.
    expect(run.stdout).toContain(`| Test | \`${a}\` | \`${b}\` | |`);
    expect(run.stdout).toContain('| `books-thursday-cleaning` | 1/1 (100%) | 1/1 (100%) | same |');
    expect(readFileSync(junit, 'utf8')).toMatch(/<testsuite [^>]*tests="3"[^>]*failures="0"/);
  }, SLOW);

  it('a fix shows as fixed, not as a regression', async () => {
    const a = write('a3.json', renamed());
    const b = write('b3.json', sample());
    const run = await cli(['test', a, '--compare', b, '--provider', 'offline']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^fixed\s+books-thursday-cleaning/m);
    expect(run.stdout.trim().split('\n').at(-1)).toBe(`3 tests, ${a} vs ${b}: no regressions, 1 fixed`);
  }, SLOW);

  it('usage: --markdown alone, --compare with two models, three models', async () => {
    const a = write('a4.json', sample());
    expect((await cli(['test', a, '--markdown'])).stderr).toContain('--markdown goes with --compare B or two --model');
    expect((await cli(['test', a, '--compare', a, '--model', 'x', '--model', 'y'])).code).toBe(2);
    expect((await cli(['test', a, '--model', 'x', '--model', 'y', '--model', 'z'])).stderr).toContain('--model compares two models at most');
  });
});

describe('callboard test --model X --model Y', () => {
  const intent: ConversationTest = { name: 'takes-the-intent', input: ['I need a cleaning'], expect: { tools: ['is_schedule_appointment'], stage: 'identify' } };
  const agent = () => { const { tests: _own, ...bare } = sample(); return write('models.json', { ...bare, opening: 'caller', tests: [intent] }); };
  const call = (model: string): MockTurn => ({ match: { model, toolChoice: 'auto' }, times: 0, reply: { toolCalls: [{ name: 'is_schedule_appointment', arguments: { schedule_appointment: true, intent_utterance: 'a cleaning' } }] } });
  const talk = (model: string): MockTurn => ({ match: { model }, times: 0, reply: { text: 'Hello! How can I help?' } });

  it('runs the agent on each model; the second failing what the first passes is a regression', async () => {
    // `good` fires the intent tool (then answers); `weak` only chats.
    mock.script([call('good'), { match: { model: 'good' }, times: 0, reply: { text: 'May I have your full name?' } }, talk('weak')]);
    const run = await cli(['test', agent(), '--provider', 'openai', '--base-url', mock.openaiBaseUrl, '--api-key', 'sk-x', '--model', 'good', '--model', 'weak', '--runs', '2']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('REGRESSION takes-the-intent  good 2/2 (100%)  weak 0/2 (0%)');
    const models = new Set(mock.requests().map((r) => (r.body as { model: string }).model));
    expect([...models].sort()).toEqual(['good', 'weak']);
  }, SLOW);
});
