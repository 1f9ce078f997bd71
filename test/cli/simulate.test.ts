// `callboard simulate`, in-process through runCli (fast, the same code the bin loads) against the
// built-in offline model and the scripted mock LLM server, plus one run through the real bin.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../src/cli/main';
import { localToday } from '../../src/cli/simulate';
import type { AgentDocument } from '../../src/model';
import { startMockLlm, type MockLlm, type MockTurn } from '../mock-llm/server';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SAMPLE = join(root, 'public/examples/clinic-booking.json');
const KEY = 'sk-test-NEVER-PRINT-4f1c9a';

interface Run {
  code: number;
  lines: string[];
  stderr: string;
}

/** Runs the CLI in-process with real files and the given environment. */
async function simulate(args: string[], env: Record<string, string> = {}): Promise<Run> {
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
    writeText: () => {
      throw new Error('simulate writes no file');
    },
    out: (text) => (stdout += text),
    err: (text) => (stderr += text),
    env: (name) => env[name],
  };
  const code = await runCli(['simulate', ...args], io);
  return { code, lines: stdout.split('\n').filter(Boolean), stderr };
}
const events = (run: Run) => run.lines.map((line) => JSON.parse(line) as Record<string, unknown>);

let dir: string;
let mock: MockLlm;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'callboard-sim-'));
  mock = await startMockLlm({ port: 0 });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await mock.close();
});
beforeEach(() => mock.reset());

const openai = () => ['--provider', 'openai', '--base-url', mock.openaiBaseUrl, '--api-key', KEY];
const reply = (lastUser: string, text: string): MockTurn => ({ match: { toolChoice: 'none', lastUserIncludes: lastUser }, reply: { text } });
const tools = (lastUser: string, name: string, args: object): MockTurn => ({ match: { toolChoice: 'required', lastUserIncludes: lastUser }, reply: { toolCalls: [{ name, arguments: args }] } });

const SLOW = 120_000;
const ID = (n: number) => `call_mock_#${n}`;
/** The mock numbers its tool calls across the whole file: renumbered 1, 2, … in order of appearance. */
function renumbered(lines: string[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => l.replace(/call_mock_\d+/g, (id) => `call_mock_#${seen.get(id) ?? (seen.set(id, seen.size + 1), seen.size)}`));
}
const slots = ['09:00', '10:30', '12:00', '16:00'].map((h, i) => ({ id: `Monday-${i}`, when: `Monday ${h}`, professional: i % 2 ? 'Dr. Ruiz' : 'Dr. Vega', visit: 'cleaning' }));
const line = (event: object) => JSON.stringify(event);

describe('a scripted booking against the mock server', () => {
  it('prints every event of a Block Agent booking, in the order it happened', async () => {
    mock.script([
      reply('a cleaning', 'Sure, I can help with that.'),
      tools('a cleaning', 'is_schedule_appointment', { schedule_appointment: true, intent_utterance: 'a cleaning' }),
      reply('Ana Ruiz', 'Thank you, Ana.'),
      tools('Ana Ruiz', 'collect_identity', { caller_name: 'Ana Ruiz', phone: '600111222' }),
      reply('Ana Ruiz', 'One moment while I check your record.'),
      reply('Monday', 'Let me look at Monday.'),
      tools('Monday', 'free_slots', { day: 'Monday', visit: 'cleaning' }),
      reply('nine', 'Done.'),
      tools('nine', 'book', { slot: 'Monday-0' }),
      reply('nine', 'See you Monday at 09:00. Goodbye!'),
    ]);
    const run = await simulate([SAMPLE, ...openai(), '--runtime', 'block-agent', '--wait', 'ehr_lookup=verified',
      '--say', 'I would like a cleaning', '--say', 'Ana Ruiz, 600111222', '--say', 'Monday, a cleaning', '--say', "The nine o'clock, please"]);
    expect(run.code).toBe(0);
    expect(run.lines.filter((l) => l.includes('"tool_call"')).every((l) => /"id":"call_mock_\d+"/.test(l))).toBe(true);
    const change = (seq: number, turn: number, field: string, prev: unknown, next: unknown, author: string) => line({ type: 'change', seq, turn, field, prev, next, author });
    const say = (who: string, text: string) => line({ type: 'say', who, text });
    const stage = (from: string, to: string, via: string) => line({ type: 'stage', from, to, via });
    expect(renumbered(run.lines)).toEqual([
      say('caller', 'I would like a cleaning'),
      say('agent', 'Sure, I can help with that.'),
      line({ type: 'tool_call', id: ID(1), name: 'is_schedule_appointment', args: { schedule_appointment: true, intent_utterance: 'a cleaning' } }),
      change(1, 1, 'schedule_appointment', null, true, 'is_schedule_appointment'),
      change(2, 1, 'intent_utterance', null, 'a cleaning', 'is_schedule_appointment'),
      stage('greet', 'identify', 'e_greet_identify'),
      change(3, 1, 'stage', 'greet', 'identify', 'e_greet_identify'),
      say('caller', 'Ana Ruiz, 600111222'),
      say('agent', 'Thank you, Ana.'),
      line({ type: 'tool_call', id: ID(2), name: 'collect_identity', args: { caller_name: '***', phone: '***' } }),
      change(4, 2, 'caller_name', '***', '***', 'collect_identity'),
      // The capture `phone` is no state field's name, but collect_identity lists it in its pii: masked too (model/pii.ts).
      change(5, 2, 'phone', '***', '***', 'collect_identity'),
      line({ type: 'tool_result', id: ID(2), name: 'collect_identity', result: { caller_name: '***', phone: '***' } }),
      change(6, 2, 'caller_phone', '***', '***', 'collect_identity'),
      stage('identify', 'verify', 'e_identify_verify'),
      change(7, 2, 'stage', 'identify', 'verify', 'e_identify_verify'),
      say('agent', 'One moment while I check your record.'),
      stage('verify', 'choose', 'e_verify_choose'),
      change(8, 3, 'stage', 'verify', 'choose', 'e_verify_choose'),
      say('caller', 'Monday, a cleaning'),
      say('agent', 'Let me look at Monday.'),
      line({ type: 'tool_call', id: ID(3), name: 'free_slots', args: { day: 'Monday', visit: 'cleaning' } }),
      change(9, 4, 'day', null, 'Monday', 'free_slots'),
      change(10, 4, 'visit', null, 'cleaning', 'free_slots'),
      line({ type: 'tool_result', id: ID(3), name: 'free_slots', result: slots }),
      change(11, 4, 'slots', [], slots, 'free_slots'),
      change(12, 4, 'searches', 0, 1, 'free_slots'),
      say('caller', "The nine o'clock, please"),
      say('agent', 'Done.'),
      line({ type: 'tool_call', id: ID(4), name: 'book', args: { slot: 'Monday-0' } }),
      change(13, 5, 'slot', null, 'Monday-0', 'book'),
      line({ type: 'tool_result', id: ID(4), name: 'book', result: slots[0] }),
      change(14, 5, 'booking_when', '', 'Monday 09:00', 'book'),
      stage('choose', 'goodbye', 'e_choose_goodbye'),
      change(15, 5, 'stage', 'choose', 'goodbye', 'e_choose_goodbye'),
      say('agent', 'See you Monday at 09:00. Goodbye!'),
      line({ type: 'end' }),
    ]);
    // The key went to the server, and nowhere else.
    expect(mock.requests().every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    expect([...run.lines, run.stderr].some((text) => text.includes(KEY))).toBe(false);
  }, SLOW);

  it('runs a Pinecall step: the tool result, the stage move it makes, the answer', async () => {
    mock.script([
      { match: { toolChoice: 'auto' }, reply: { toolCalls: [{ name: 'is_schedule_appointment', arguments: { schedule_appointment: true, intent_utterance: 'a cleaning' } }] } },
      { match: { toolChoice: 'auto' }, reply: { text: 'May I have your full name?' } },
    ]);
    const run = await simulate([SAMPLE, ...openai(), '--say', 'I need a cleaning']);
    const args = { schedule_appointment: true, intent_utterance: 'a cleaning' };
    expect(renumbered(run.lines)).toEqual([
      line({ type: 'say', who: 'caller', text: 'I need a cleaning' }),
      line({ type: 'tool_call', id: ID(1), name: 'is_schedule_appointment', args }),
      line({ type: 'tool_result', id: ID(1), name: 'is_schedule_appointment', result: args }),
      line({ type: 'stage', from: 'greet', to: 'identify', via: 'is_schedule_appointment' }),
      line({ type: 'change', seq: 1, turn: 1, field: 'stage', prev: 'greet', next: 'identify', author: 'is_schedule_appointment' }),
      line({ type: 'say', who: 'agent', text: 'May I have your full name?' }),
      line({ type: 'end' }),
    ]);
    expect(run.code).toBe(0);
  }, SLOW);
});

describe('failures and the key', () => {
  it('prints an error line and exits 1 when the server answers 500; the key appears nowhere', async () => {
    mock.script([{ fault: { status: 500 }, times: 0 }]);
    const run = await simulate([SAMPLE, ...openai(), '--say', 'hi', '--say', 'never sent']);
    expect(run.code).toBe(1);
    expect(events(run)).toEqual([
      { type: 'say', who: 'caller', text: 'hi' },
      { type: 'error', message: expect.stringContaining('500') },
    ]);
    expect(mock.requests()).toHaveLength(1);
    expect([...run.lines, run.stderr].join('\n')).not.toContain(KEY);
  }, SLOW);

  it('does not print the key even when the server quotes it in its error', async () => {
    mock.script([{ fault: { status: 400, message: `Invalid key ${KEY} for this model` } }]);
    const run = await simulate([SAMPLE, ...openai(), '--say', 'hi']);
    expect(run.code).toBe(1);
    expect(events(run).find((e) => e.type === 'error')?.message).toMatch(/^The server refused the request \(400\): Invalid key .+ for this model/);
    expect([...run.lines, run.stderr].join('\n')).not.toContain(KEY);
  }, SLOW);

  it('takes the key from CALLBOARD_API_KEY', async () => {
    mock.script([{ reply: { text: 'Hello!' } }]);
    const run = await simulate([SAMPLE, '--provider', 'openai', '--base-url', mock.openaiBaseUrl, '--say', 'hi'], { CALLBOARD_API_KEY: KEY });
    expect(run.code).toBe(0);
    expect(mock.requests()[0].headers.authorization).toBe(`Bearer ${KEY}`);
    expect([...run.lines, run.stderr].join('\n')).not.toContain(KEY);
  }, SLOW);

  it('refuses to start without a key for openai or anthropic, naming both ways to give one', async () => {
    for (const provider of ['openai', 'anthropic']) {
      const run = await simulate([SAMPLE, '--provider', provider, '--say', 'hi']);
      expect(run.code).toBe(2);
      expect(run.lines).toEqual([]);
      expect(run.stderr).toContain(`--provider ${provider} needs an API key: pass --api-key KEY, or set CALLBOARD_API_KEY`);
    }
    expect(mock.requests()).toEqual([]);
  }, SLOW);
});

describe('call facts', () => {
  /** The sample, with a tool that returns what it reads as this.call.today. */
  const todayAgent = (): string => {
    const doc = JSON.parse(readFileSync(SAMPLE, 'utf8')) as AgentDocument;
    doc.tools.find((t) => t.name === 'is_schedule_appointment')!.implementation = 'return { today: this.call.today, clinic: this.call.clinic };';
    const file = join(dir, 'today-agent.json');
    writeFileSync(file, JSON.stringify(doc));
    return file;
  };
  const calledWith = async (extra: string[]) => {
    mock.script([
      { match: { toolChoice: 'auto' }, reply: { toolCalls: [{ name: 'is_schedule_appointment', arguments: { schedule_appointment: false, intent_utterance: 'hi' } }] } },
      { match: { toolChoice: 'auto' }, reply: { text: 'How can I help?' } },
    ]);
    const run = await simulate([todayAgent(), ...openai(), '--say', 'hi', ...extra]);
    return events(run).find((e) => e.type === 'tool_result');
  };

  it("gives tools today's date as this.call.today, or the one --call sets, with any other fact", async () => {
    expect(await calledWith([])).toMatchObject({ result: { today: localToday() } });
    expect(await calledWith(['--call', 'today=2026-12-01', '--call', 'clinic=Norte'])).toMatchObject({ result: { today: '2026-12-01', clinic: 'Norte' } });
  }, SLOW);

  it('masks the key wherever it would be printed, even in what a tool returns', async () => {
    expect(await calledWith(['--call', `clinic=${KEY}`])).toMatchObject({ result: { clinic: '***' } });
  }, SLOW);
});

describe('the offline provider', () => {
  it('runs the sample with no key and no network, caller first by default', async () => {
    const run = await simulate([SAMPLE, '--say', "Hi, I'd like to book a cleaning", '--say', 'Ana Ruiz, 600111222', '--call', 'today=2026-12-01']);
    expect(run.code).toBe(0);
    const all = events(run);
    expect(all[0]).toEqual({ type: 'say', who: 'caller', text: "Hi, I'd like to book a cleaning" });
    expect(all.at(-1)).toEqual({ type: 'end' });
    expect(all.filter((e) => e.type === 'say' && e.who === 'caller')).toHaveLength(2);
    expect(all.some((e) => e.type === 'error')).toBe(false);
    expect(mock.requests()).toEqual([]);
  }, SLOW);

  it('with --agent-first the agent speaks before the first caller line', async () => {
    const run = await simulate([SAMPLE, '--agent-first', '--say', 'hello']);
    const all = events(run);
    expect(all[0]).toMatchObject({ type: 'say', who: 'agent' });
    expect(all.findIndex((e) => e.type === 'say' && e.who === 'caller')).toBeGreaterThan(0);
  }, SLOW);

  it('explains its options in --help, and the main help lists it', async () => {
    const run = await simulate(['--help']);
    expect(run.code).toBe(0);
    expect(run.lines.join('\n')).toContain('--wait TOKEN=VALUE');
    expect(run.lines.join('\n')).toContain('CALLBOARD_API_KEY');
    const usage = await simulate([SAMPLE]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('nothing to simulate');
  }, SLOW);
});

describe('through the real bin', () => {
  it('node bin/callboard.mjs simulate … prints JSON lines and exits 0 (offline)', () => {
    const result = spawnSync(process.execPath, [join(root, 'bin/callboard.mjs'), 'simulate', SAMPLE, '--say', 'Hi, I need a cleaning', '--call', 'today=2026-12-01'], { cwd: dir, encoding: 'utf8', timeout: SLOW });
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string });
    expect(lines[0]).toEqual({ type: 'say', who: 'caller', text: 'Hi, I need a cleaning' });
    expect(lines.at(-1)).toEqual({ type: 'end' });
  }, SLOW);
});

describe('the step budget (--budget)', () => {
  const looping = (): string => {
    const doc = JSON.parse(readFileSync(SAMPLE, 'utf8')) as AgentDocument;
    const base = doc.tools.find((t) => t.name === 'end_call')!;
    doc.tools.push(...Array.from({ length: 30 }, (_, i) => ({ ...structuredClone(base), id: `t_loop${i}`, name: `loop${i}`, scope: { kind: 'all' as const }, when: '(s) => { while (true) {} }' })));
    const file = join(dir, 'looping.json');
    writeFileSync(file, JSON.stringify(doc));
    return file;
  };

  it('30 looping predicates stop the step at the budget, naming the one that ran out', async () => {
    const started = Date.now();
    const run = await simulate([looping(), '--budget', '0.5', '--say', 'Hello']);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(run.code).toBe(1);
    const failure = events(run).find((e) => e.type === 'failure' || e.type === 'failed' || JSON.stringify(e).includes('budget'));
    expect(JSON.stringify(failure)).toMatch(/budget of 0\.5 s .*the when of tool loop0 was running/);
  }, 30_000);

  it('refuses a budget that is not a number of seconds', async () => {
    const run = await simulate([SAMPLE, '--budget', '0', '--say', 'Hello']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--budget is a number of seconds from 0\.1 to 300/);
  });
});
