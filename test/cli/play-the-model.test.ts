// Issue 32, "never stuck", on the command line: `simulate` on the offline model ends at the line its
// rules cannot read, with why (exit 1, and in --json), and `test` replays the model's turns a
// person played, so such a test passes on the offline model.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT_ERRORS, EXIT_OK } from '../../src/cli/exit-codes';
import { cli } from './in-process';

const LOCKERS = fileURLToPath(new URL('../fixtures/play-the-model/lockers.tsx', import.meta.url));
const ASKED = 'Hello, I left my bag in a locker';
const UNREADABLE = 'I lost the receipt, sorry';
const SLOW = 60_000;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** An agent file of our own, in a folder removed after the tests; its path. */
function agentFile(name: string, lines: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'callboard-agent-'));
  dirs.push(dir);
  writeFileSync(join(dir, name), lines.join('\n'));
  return join(dir, name);
}

const events = (stdout: string) => stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string; [k: string]: unknown });

describe('callboard simulate on the offline model, at a line its rules cannot read', () => {
  it('ends with that line and why, exit 1, and runs none of the lines after it', async () => {
    const run = await cli(['simulate', LOCKERS, '--say', ASKED, '--say', UNREADABLE, '--say', "It's KB 204 771"]);
    expect(run.code).toBe(EXIT_ERRORS);
    const all = events(run.stdout);
    expect(all.at(-1)).toEqual({ type: 'stuck', step: expect.any(Number), line: UNREADABLE, why: expect.stringContaining('lockerCode (findLocker)') });
    expect(all.some((e) => e.type === 'end')).toBe(false);
    expect(all.filter((e) => e.type === 'say' && e.who === 'caller').map((e) => e.text)).toEqual([ASKED, UNREADABLE]);
    expect(run.stderr).toContain(`the offline model could not read the caller's line "${UNREADABLE}"`);
    expect(run.stderr).toContain('play the model at this line in the Simulator');
  }, SLOW);

  it('--json carries it too, with ok false', async () => {
    const run = await cli(['simulate', LOCKERS, '--say', ASKED, '--say', UNREADABLE, '--json']);
    expect(run.code).toBe(EXIT_ERRORS);
    const json = JSON.parse(run.stdout) as { ok: boolean; events: { type: string }[] };
    expect(json.ok).toBe(false);
    expect(json.events.at(-1)).toEqual({ type: 'stuck', step: expect.any(Number), line: UNREADABLE, why: expect.stringContaining('lockerCode') });
  }, SLOW);

  it('a run whose lines it reads goes on to its end, exit 0', async () => {
    const run = await cli(['simulate', LOCKERS, '--say', ASKED, '--say', "It's KB 204 771"]);
    expect(run.code).toBe(EXIT_OK);
    expect(events(run.stdout).at(-1)).toEqual({ type: 'end' });
  }, SLOW);
});

describe('callboard simulate on the offline model, at an answer to its question it cannot read', () => {
  it('ends on the answer at once, naming what was asked (before, the door opened on a flag read from an older line), exit 1', async () => {
    const answer = 'My train leaves in ten minutes, mind.';
    const run = await cli(['simulate', LOCKERS, '--say', ASKED, '--say', "It's KB 204 771", '--say', answer, '--say', "Yes, I'm right in front of it."]);
    expect(run.code).toBe(EXIT_ERRORS);
    const all = events(run.stdout);
    expect(all.at(-1)).toEqual({ type: 'stuck', step: expect.any(Number), line: answer, why: 'the agent had just asked for openDoor.atLocker, and no rule reads a value for it from the answer' });
    expect(all.filter((e) => e.type === 'tool_call').map((e) => e.name)).toEqual(['findLocker']);
    expect(all.filter((e) => e.type === 'say' && e.who === 'caller')).toHaveLength(3);
  }, SLOW);
});

describe('callboard simulate on the offline model, going round in circles', () => {
  it('a Block Agent turn that reads nothing while the agent says the same again ends there, exit 1, instead of passing', async () => {
    const desk = agentFile('storage-desk.yaml', [
      'personality: You are the storage desk.',
      'blocks:',
      '  - block_id: hello',
      '    name: Hello',
      '    tools:',
      '      - type: function',
      '        function:',
      '          name: storage_enquiry',
      '          description: The caller wants to rent a storage unit.',
      '          parameters: {type: object, properties: {wants_unit: {type: boolean, description: True when they want a unit or a price for one.}}, required: [wants_unit]}',
      '      - type: function',
      '        function: {name: intent_unclear, description: Not yet clear what the caller wants., parameters: {type: object, properties: {}}}',
      '    turns:',
      '      - turn_id: t_hello',
      '        name: hello',
      '        content: Say this is the storage desk and ask how you can help.',
      '        edges:',
      '          - type: edge',
      '            conditions: [{source: tools, tool: storage_enquiry, field: wants_unit, expected_value: \'true\'}]',
      '            connect_to: {turn_id: t_size}',
      '      - {turn_id: t_size, name: size, content: Ask how big a unit they need.}',
    ]);
    const lines = ['Hiya', 'The in-laws are moving in', 'We have got a garage full of boxes', 'And the piano, too'];
    const run = await cli(['simulate', desk, ...lines.flatMap((l) => ['--say', l])]);
    expect(run.code).toBe(EXIT_ERRORS);
    const all = events(run.stdout);
    expect(all.at(-1)).toMatchObject({ type: 'stuck', line: 'We have got a garage full of boxes', why: expect.stringContaining('twice running') });
    expect(all.filter((e) => e.type === 'say' && e.who === 'caller').map((e) => e.text)).toEqual(lines.slice(0, 3));
    expect(run.stderr).toContain('the offline model could not read the caller\'s line "We have got a garage full of boxes"');
    // Near miss: a line that says what they want moves the turn on, and the run goes on to its end.
    const moved = await cli(['simulate', desk, '--say', 'Hiya', '--say', 'I would like to rent a storage unit, please']);
    expect(moved.code).toBe(EXIT_OK);
    expect(events(moved.stdout).at(-1)).toEqual({ type: 'end' });
  }, SLOW);
});

describe('callboard simulate --strict: a guess under the bar ends the run on its line', () => {
  const BIKE_DESK = fileURLToPath(new URL('../fixtures/play-the-model/bike-desk.yaml', import.meta.url));
  const BRAKES = 'The brakes feel a bit soft, can someone look at them?';
  it('the guess, its words and how its kind measured, exit 1; without --strict the same line is written and the call goes on', async () => {
    const run = await cli(['simulate', BIKE_DESK, '--strict', '--say', BRAKES]);
    expect(run.code).toBe(EXIT_ERRORS);
    expect(events(run.stdout).at(-1)).toEqual({ type: 'stuck', step: 1, line: BRAKES, why: expect.stringContaining('service = "brake_check"') });
    expect(run.stderr).toContain(`the offline model held back a guess on the caller's line "${BRAKES}"`);
    expect(run.stderr).toMatch(/right \d+ of \d+ on unseen agents/);
    const plain = await cli(['simulate', BIKE_DESK, '--say', BRAKES]);
    expect(plain.code).toBe(EXIT_OK);
    expect(events(plain.stdout).some((e) => e.type === 'stuck')).toBe(false);
  }, SLOW);
  it('without --strict the guess is written, and said to be one: on standard error and in --json, with its words and measure', async () => {
    const plain = await cli(['simulate', BIKE_DESK, '--say', BRAKES]);
    expect(plain.code).toBe(EXIT_OK);
    expect(plain.stderr).toMatch(/guessed \(step 1\): choose_service\.service = "brake_check" from "The brakes feel a bit soft, can someone look at them\?" \(enum-value \(named whole\): right \d+ of \d+ on unseen agents\)/);
    const json = JSON.parse((await cli(['simulate', BIKE_DESK, '--say', BRAKES, '--json'])).stdout) as { guesses: unknown[] };
    expect(json.guesses).toEqual([{ step: 1, tool: 'choose_service', param: 'service', value: 'brake_check', said: BRAKES, measured: expect.stringMatching(/^enum-value \(named whole\): right \d+ of \d+ on unseen agents$/) }]);
    // Near miss: a value read on evidence over the bar (a phone number read out) is no guess.
    const callback = agentFile('callback.yaml', [
      'personality: You are the desk.',
      'blocks:',
      '  - block_id: desk',
      '    name: Desk',
      '    tools:',
      '      - type: function',
      '        function:',
      '          name: request_callback',
      '          description: Ask for a call back on this number.',
      '          parameters: {type: object, properties: {phone: {type: string, description: The phone number to call back.}}, required: [phone]}',
      '    turns:',
      '      - {turn_id: t_ask, name: ask, content: Ask for their number.}',
    ]);
    const read = await cli(['simulate', callback, '--say', 'Could you call me back? My number is oh seven seven oh oh, nine double one, two three four.', '--json']);
    const readJson = JSON.parse(read.stdout) as { guesses: unknown[]; events: { type: string; name?: string }[] };
    expect(readJson.events.some((e) => e.type === 'tool_call' && e.name === 'request_callback')).toBe(true);
    expect(readJson.guesses).toEqual([]);
  }, SLOW);
  it('--strict with a remote provider is a usage error that says what to write instead', async () => {
    const run = await cli(['simulate', BIKE_DESK, '--strict', '--provider', 'openai', '--api-key', 'k', '--say', BRAKES]);
    expect(run.code).not.toBe(EXIT_OK);
    expect(run.stderr).toContain('--strict is a setting of the offline model: drop it, or use --provider offline (not openai)');
  }, SLOW);
});

describe('callboard test replays the model\'s turns a person played', () => {
  it('a golden with a played turn passes on the offline model; the same golden without it fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'callboard-played-'));
    dirs.push(dir);
    // The step of the unreadable line, as `simulate` counts it.
    const stuck = { step: Number(events((await cli(['simulate', LOCKERS, '--say', ASKED, '--say', UNREADABLE])).stdout).at(-1)?.step) };
    const golden = (model?: object[]) => ({ name: 'lost-receipt', input: [ASKED, UNREADABLE], ...(model ? { model } : {}), expect: { tools: ['findLocker'], stage: 'open', state: { locker: 'KB204771' } } });
    writeFileSync(join(dir, 'lost-receipt.golden.json'), JSON.stringify(golden([{ step: stuck.step, tools: [{ name: 'findLocker', arguments: { lockerCode: 'KB204771' } }] }])));
    const passed = await cli(['test', LOCKERS, '--tests', dir, '--provider', 'offline']);
    expect(passed.stderr + passed.stdout).not.toContain('FAIL');
    expect(passed.code).toBe(EXIT_OK);
    writeFileSync(join(dir, 'lost-receipt.golden.json'), JSON.stringify(golden()));
    const failed = await cli(['test', LOCKERS, '--tests', dir, '--provider', 'offline']);
    expect(failed.code).toBe(EXIT_ERRORS);
  }, SLOW);
});
