// `callboard test` (and `convert` carrying tests), in-process through runCli with the real file
// system, against the built-in offline model and the scripted mock LLM server; plus one run through
// the real bin, as CI would call it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../src/cli/main';
import { goldenText } from '../../src/formats/bundle';
import type { AgentDocument, ConversationTest } from '../../src/model';
import { startMockLlm, type MockLlm, type MockTurn } from '../mock-llm/server';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SAMPLE = join(root, 'public/examples/clinic-booking.json');
const KEY = 'sk-test-NEVER-PRINT-7d2e1b';
const SLOW = 120_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const fsIo = (env: Record<string, string>, out: { stdout: string; stderr: string }): CliIo => ({
  readText: (path) => {
    try {
      return { ok: true, text: readFileSync(path, 'utf8') };
    } catch {
      return { ok: false, reason: 'no such file' };
    }
  },
  listDir: (path) => {
    try {
      return { ok: true, names: readdirSync(path) };
    } catch {
      return { ok: false, reason: 'no such file' };
    }
  },
  realPath: (path) => {
    try {
      return { ok: true, path: realpathSync(path) };
    } catch {
      return { ok: false, reason: 'no such file' };
    }
  },
  writeText: (path, text) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  },
  out: (text) => (out.stdout += text),
  err: (text) => (out.stderr += text),
  env: (name) => env[name],
});

async function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const out = { stdout: '', stderr: '' };
  const code = await runCli(args, fsIo(env, out));
  return { code, ...out };
}

interface JunitCase {
  '@_name': string;
  '@_classname': string;
  failure?: { '@_message': string; '#text'?: string };
  error?: { '@_message': string; '#text'?: string };
}
function readJunit(path: string) {
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'testcase' }).parse(readFileSync(path, 'utf8'));
  const suite = parsed.testsuites.testsuite;
  const cases: JunitCase[] = suite.testcase ?? [];
  return { suites: parsed.testsuites, suite, cases, count: (attr: string) => Number(suite[`@_${attr}`]) };
}

let dir: string;
let mock: MockLlm;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'callboard-test-'));
  mock = await startMockLlm({ port: 0 });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await mock.close();
});
beforeEach(() => mock.reset());

const sampleDoc = (): AgentDocument => JSON.parse(readFileSync(SAMPLE, 'utf8'));
/** An agent file in its own folder, with `goldens` in tests/ beside it. */
function agentWith(name: string, doc: AgentDocument, goldens: ConversationTest[] = [], raw: Record<string, string> = {}): string {
  const folder = join(dir, name);
  mkdirSync(join(folder, 'tests'), { recursive: true });
  const file = join(folder, 'agent.json');
  writeFileSync(file, JSON.stringify(doc, null, 2));
  for (const test of goldens) writeFileSync(join(folder, 'tests', `${test.name}.golden.json`), goldenText(test));
  for (const [file, text] of Object.entries(raw)) writeFileSync(join(folder, 'tests', file), text);
  return file;
}

describe('callboard test on the offline model', () => {
  it('runs the sample’s own tests: each passes, exit 0', async () => {
    const run = await cli(['test', SAMPLE, '--provider', 'offline']);
    expect(run.stderr).toBe('');
    expect(run.stdout.split('\n').filter(Boolean)).toEqual([
      'PASS books-thursday-cleaning  1/1 (100%)',
      'PASS identifies-the-caller  1/1 (100%)',
      'PASS small-talk-stays-in-greet  1/1 (100%)',
      '3 tests, 3/3 runs passed; none under the minimum pass rate 100%',
    ]);
    expect(run.code).toBe(0);
  }, SLOW);

  it('adds the goldens of tests/ beside the agent; a failed one prints what failed and what happened, exit 1; --junit counts the same', async () => {
    const { tests: _own, ...bare } = sampleDoc();
    const wrong: ConversationTest = { name: 'wrong-day', call: { today: '2026-12-01' }, input: ['Hello there, good morning.'], expect: { stage: 'choose', says: ['Tuesday'], not_tools: ['caller_intent_not_yet_detected'] } };
    const file = agentWith('offline-goldens', bare as AgentDocument, [sampleDoc().tests![2], wrong]);
    const junit = join(dir, 'offline-goldens', 'junit.xml');
    const run = await cli(['test', file, '--runs', '2', '--junit', junit]);
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n').filter(Boolean);
    expect(lines[0]).toBe('PASS small-talk-stays-in-greet  2/2 (100%)');
    expect(lines[1]).toBe('FAIL wrong-day  0/2 (0%)');
    expect(lines).toContain('  run 1: expected stage "choose", but final stage: greet');
    expect(lines).toContain('  run 2: expected says "Tuesday", but not said; last line: "All right. How can I help?"');
    expect(lines).toContain('  run 1: expected not_tools "caller_intent_not_yet_detected", but called: caller_intent_not_yet_detected');
    expect(lines.at(-1)).toBe('2 tests, 2/4 runs passed; 1 under the minimum pass rate 100%');

    const xml = readJunit(junit);
    expect([xml.count('tests'), xml.count('failures'), xml.count('errors')]).toEqual([4, 2, 0]);
    expect(xml.cases.map((c) => [c['@_name'], !!c.failure])).toEqual([
      ['small-talk-stays-in-greet run 1', false], ['small-talk-stays-in-greet run 2', false], ['wrong-day run 1', true], ['wrong-day run 2', true],
    ]);
    expect(xml.cases[2].failure!['@_message']).toBe('expected not_tools "caller_intent_not_yet_detected", but called: caller_intent_not_yet_detected');
    expect(xml.cases[2].failure!['#text']).toContain('expected stage "choose", but final stage: greet');
    expect(xml.cases[0]['@_classname']).toBe('Clinic Booking.small-talk-stays-in-greet');
  }, SLOW);

  it('--min-pass-rate: a test at 0% passes a minimum of 0, exit 0', async () => {
    const { tests: _own, ...bare } = sampleDoc();
    const file = agentWith('min-rate', { ...(bare as AgentDocument), tests: [{ name: 'never', input: ['hi'], expect: { stage: 'goodbye' } }] });
    const run = await cli(['test', file, '--min-pass-rate', '0']);
    expect(run.stdout).toContain('PASS never  0/1 (0%)');
    expect(run.code).toBe(0);
  }, SLOW);

  it('a golden with start: {stage, state} opens on that stage with that state: it books without asking who calls', async () => {
    const { tests: _own, ...bare } = sampleDoc();
    const fromChoose: ConversationTest = {
      name: 'books-from-choose',
      call: { today: '2026-12-01' },
      start: { stage: 'choose', state: { caller_name: 'Dana Whitfield', caller_phone: '5551234567', verified: true } },
      input: ['Could I come Thursday for a cleaning?', 'Yes, the 10:30 one please.'],
      expect: { tools: ['free_slots', 'book'], not_tools: ['collect_identity'], says: ['Dana Whitfield. Goodbye'], stage: 'goodbye', state: { booking_when: 'Thursday 10:30' } },
    };
    const nowhere: ConversationTest = { ...fromChoose, name: 'starts-nowhere', start: { stage: 'checkout' } };
    const file = agentWith('start-at-stage', bare as AgentDocument, [fromChoose, nowhere]);
    const run = await cli(['test', file, '--provider', 'offline']);
    const lines = run.stdout.split('\n').filter(Boolean);
    expect(lines[0]).toBe('PASS books-from-choose  1/1 (100%)');
    expect(lines[1]).toBe('FAIL starts-nowhere  0/1 (0%)');
    expect(lines[2]).toBe('  run 1: error: test starts-nowhere starts at stage checkout, which the agent does not have (stages: greet, identify, verify, choose, goodbye); write a stage\'s name in start.stage');
    expect(run.code).toBe(1);
  }, SLOW);

  it('names a broken golden with file:line:col and still runs the others, exit 1', async () => {
    const file = agentWith('broken-golden', sampleDoc(), [], { 'broken.golden.json': '{\n  "name": "broken",\n  "input": "hi",\n  "expect": {}\n}\n' });
    const run = await cli(['test', file, '--tests', join(dir, 'broken-golden', 'tests')]);
    expect(run.stderr).toBe(`${join(dir, 'broken-golden', 'tests', 'broken.golden.json')}:3:12: error: /input: must be array\n`);
    expect(run.stdout).toContain('3 tests, 3/3 runs passed');
    expect(run.code).toBe(1);
  }, SLOW);
});

describe('callboard test against the mock server', () => {
  const intent: ConversationTest = { name: 'takes-the-intent', input: ['I need a cleaning'], expect: { tools: ['is_schedule_appointment'], stage: 'identify', says: ['full name'] } };
  const toolCall: MockTurn = { match: { toolChoice: 'auto' }, reply: { toolCalls: [{ name: 'is_schedule_appointment', arguments: { schedule_appointment: true, intent_utterance: 'a cleaning' } }] } };
  const answer: MockTurn = { match: { toolChoice: 'auto' }, reply: { text: 'May I have your full name?' } };
  const agent = () => {
    const { tests: _own, ...bare } = sampleDoc();
    return agentWith('mock', { ...(bare as AgentDocument), opening: 'caller' }, [intent]);
  };
  const openai = () => ['--provider', 'openai', '--base-url', mock.openaiBaseUrl];

  it('runs 3 times with the server failing once: 2/3, the error shown, exit 1; the XML says the same; the key appears nowhere', async () => {
    mock.script([toolCall, answer, { fault: { status: 500, message: `overloaded, key ${KEY}` } }, toolCall, answer]);
    const junit = join(dir, 'mock', 'junit.xml');
    const run = await cli(['test', agent(), ...openai(), '--runs', '3', '--junit', junit], { CALLBOARD_API_KEY: KEY });
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n').filter(Boolean);
    expect(lines[0]).toBe('FAIL takes-the-intent  2/3 (67%)');
    expect(lines[1]).toMatch(/^ {2}run 2: error: step 1: The model server failed \(500\)/);
    expect(lines.at(-1)).toBe('1 test, 2/3 runs passed; 1 under the minimum pass rate 100%');
    expect(mock.requests()).toHaveLength(5);
    expect(mock.requests().every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);

    const xml = readJunit(junit);
    expect([xml.count('tests'), xml.count('failures'), xml.count('errors')]).toEqual([3, 0, 1]);
    expect(xml.cases.map((c) => [c['@_name'], !!c.error])).toEqual([['takes-the-intent run 1', false], ['takes-the-intent run 2', true], ['takes-the-intent run 3', false]]);
    expect([run.stdout, run.stderr, readFileSync(junit, 'utf8')].some((text) => text.includes(KEY))).toBe(false);
  }, SLOW);

  it('--min-pass-rate 0.6 accepts 2/3, exit 0', async () => {
    mock.script([toolCall, answer, { fault: { status: 500 } }, toolCall, answer]);
    const run = await cli(['test', agent(), ...openai(), '--api-key', KEY, '--runs', '3', '--min-pass-rate', '0.6']);
    expect(run.stdout.split('\n')[0]).toBe('PASS takes-the-intent  2/3 (67%)');
    expect(run.code).toBe(0);
  }, SLOW);

  it('a wrong answer fails on the expectation, shown next to what happened', async () => {
    mock.script([{ match: { toolChoice: 'auto' }, reply: { text: 'Hello! Anything else?' } }]);
    const run = await cli(['test', agent(), ...openai(), '--api-key', KEY]);
    expect(run.stdout).toContain('  run 1: expected tools "is_schedule_appointment", but called: nothing\n');
    expect(run.stdout).toContain('  run 1: expected stage "identify", but final stage: greet\n');
    expect(run.code).toBe(1);
  }, SLOW);
});

describe('usage and setup errors', () => {
  it.each([
    [['--runs', '0'], '--runs is a whole number from 1 to 100 (got "0")'],
    [['--runs', '2.5'], '--runs is a whole number'],
    [['--min-pass-rate', '1.5'], '--min-pass-rate is a number from 0 to 1'],
    [['--provider', 'gpt'], '--provider must be one of offline, openai, anthropic'],
    [['--tests', '/no/such/folder'], '--tests /no/such/folder: no such file'],
    [['--provider', 'anthropic'], '--provider anthropic needs an API key'],
  ])('%j: exit 2', async (extra, message) => {
    const run = await cli(['test', SAMPLE, ...extra]);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('Run "callboard test --help" for usage.');
    expect(run.code).toBe(2);
  });

  it('an agent without tests says how to add some, exit 1', async () => {
    const { tests: _own, ...bare } = sampleDoc();
    const file = agentWith('no-tests', bare as AgentDocument);
    const run = await cli(['test', file]);
    expect(run.stderr).toContain('no tests: save runs as tests in the app, or put *.golden.json files in');
    expect(run.code).toBe(1);
  });

  it('documents itself in --help', async () => {
    const run = await cli(['test', '--help']);
    expect(run.stdout).toContain('Usage: callboard test <file> [options]');
    expect((await cli(['--help'])).stdout).toContain('callboard test <file>');
  });
});

describe('callboard convert carries the tests', () => {
  it('writes out/tests/*.golden.json beside -o out/agent.yaml, and reads them back beside the input', async () => {
    const out = join(dir, 'convert', 'out');
    const toYaml = await cli(['convert', SAMPLE, '-o', join(out, 'agent.yaml')]);
    expect(toYaml.code).toBe(0);
    const tests = sampleDoc().tests!;
    expect(readdirSync(join(out, 'tests')).sort()).toEqual(tests.map((t) => `${t.name}.golden.json`).sort());
    for (const test of tests) expect(JSON.parse(readFileSync(join(out, 'tests', `${test.name}.golden.json`), 'utf8'))).toEqual(test);
    expect(readFileSync(join(out, 'agent.yaml'), 'utf8')).not.toContain('books-thursday-cleaning');

    const back = join(dir, 'convert', 'back', 'agent.json');
    const toJson = await cli(['convert', join(out, 'agent.yaml'), '-o', back]);
    expect(toJson.code).toBe(0);
    expect(JSON.parse(readFileSync(back, 'utf8')).tests).toEqual(tests);
    expect(existsSync(join(dir, 'convert', 'back', 'tests'))).toBe(false);
  });

  it('to standard output, says the tests are not in it', async () => {
    const run = await cli(['convert', SAMPLE, '--to', 'ts']);
    expect(run.stderr).toContain("note: the agent's 3 test(s) are not in the output: give -o FILE to write them as tests/*.golden.json beside it");
    expect(run.code).toBe(0);
  });
});

describe('the real bin', () => {
  it('`callboard test public/examples/clinic-booking.json --provider offline` exits 0', () => {
    const result = spawnSync(process.execPath, [join(root, 'bin/callboard.mjs'), 'test', 'public/examples/clinic-booking.json', '--provider', 'offline'], { cwd: root, encoding: 'utf8', timeout: SLOW });
    expect(result.stdout).toContain('3 tests, 3/3 runs passed');
    expect(result.status).toBe(0);
  }, SLOW);

  it('finds tests/ beside the agent through the bin’s listDir', () => {
    const { tests: _own, ...bare } = sampleDoc();
    const file = agentWith('bin-goldens', bare as AgentDocument, [sampleDoc().tests![2]]);
    const result = spawnSync(process.execPath, [join(root, 'bin/callboard.mjs'), 'test', file], { cwd: dir, encoding: 'utf8', timeout: SLOW });
    expect(result.stdout).toContain('PASS small-talk-stays-in-greet  1/1 (100%)');
    expect(result.status).toBe(0);
  }, SLOW);
});
