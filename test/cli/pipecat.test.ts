// The command line on Pipecat flows (issue 35): convert a flow to a document and back (with its
// handlers.py beside it), lint one with Pipecat's findings at line:column, simulate one with
// Pipecat's semantics on the offline model (state given with --state), diff two, test and check it.
// In-process through runCli on the real file system; the flow is Pipecat's restaurant example.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldenText } from '../../src/formats/bundle';
import { cli } from './in-process';

const root = fileURLToPath(new URL('../../', import.meta.url));
const FLOW = readFileSync(join(root, 'src/runtimes/pipecat/format/fixtures/examples/pipecat__restaurant_reservation.flow.yaml'), 'utf8');
const SLOW = 120_000;

let dir: string;
let flow: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'callboard-pipecat-'));
  flow = join(dir, 'restaurant.flow.yaml');
  writeFileSync(flow, FLOW);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const events = (stdout: string) => stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; to?: string; who?: string; text?: string });

describe('callboard on a Pipecat flow', () => {
  it('convert: a flow to a document and back is the file as written; --to flow writes handlers.py beside it', async () => {
    const json = join(dir, 'restaurant.json');
    expect((await cli(['convert', flow, '--to', 'json', '-o', json])).code).toBe(0);
    expect(JSON.parse(readFileSync(json, 'utf8')).target).toBe('pipecat');
    const back = join(dir, 'out', 'restaurant.flow.yaml');
    const run = await cli(['convert', json, '--to', 'flow', '-o', back]);
    expect(run.code).toBe(0);
    expect(readFileSync(back, 'utf8')).toBe(FLOW);
    const handlers = readFileSync(join(dir, 'out', 'handlers.py'), 'utf8');
    expect(handlers).toContain('async def collect_party_size(flow_manager):');
    expect(handlers).toContain('async def check_availability(flow_manager):');
    // A transition-only function lives in the flow, not in Python.
    expect(handlers).not.toContain('def end_conversation');
    // Written as JSON when the output says so.
    const asJson = join(dir, 'out', 'restaurant.flow.json');
    expect((await cli(['convert', flow, '--to', 'flow', '-o', asJson])).code).toBe(0);
    expect(JSON.parse(readFileSync(asJson, 'utf8')).initial_node).toBe('initial');
  });

  it('convert: the sample, a Pinecall agent, as a flow says what the flow cannot hold', async () => {
    const run = await cli(['convert', join(root, 'public/examples/clinic-booking.json'), '--to', 'flow']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^initial_node: /);
    expect(run.stderr).toMatch(/is not expressed in Pipecat Flows: /);
  });

  it('lint: a transition to a node that does not exist is Pipecat\'s error at its line, exit 1', async () => {
    const broken = join(dir, 'broken.flow.yaml');
    writeFileSync(broken, FLOW.replace('transition_to: get_time', 'transition_to: get_tmie'));
    const run = await cli(['lint', broken]);
    expect(run.code).toBe(1);
    const line = FLOW.split('\n').findIndex((l) => l.includes('transition_to: get_time')) + 1;
    expect(run.stdout + run.stderr).toMatch(new RegExp(`broken\\.flow\\.yaml:${line}:\\d+: error: .*get_tmie`));
  });

  it('simulate --runtime pipecat: the flow walked on the offline model, with flow_manager.state given by --state', async () => {
    const run = await cli(['simulate', flow, '--runtime', 'pipecat', '--agent-first', '--state', 'restaurant_name=Le Petit', '--state', 'party_size=4', '--say', "Hi there! It'll be four of us.", '--say', 'Could we come in around seven thirty tonight?']);
    expect(run.code).toBe(0);
    const all = events(run.stdout) as { type: string; to?: string; who?: string; text?: string; name?: string; error?: string }[];
    expect(all.filter((e) => e.type === 'stage').map((e) => e.to)).toEqual(['get_time']);
    expect(all.find((e) => e.type === 'say' && e.who === 'agent')?.text).toBeTruthy();
    // check_availability's result decides its branch, and a flow file holds no result (no handlers.py, no mock):
    // the model reads Pipecat's own error, and the call stays in get_time.
    expect(all.find((e) => e.type === 'tool_result' && e.name === 'check_availability')?.error).toBe("node 'get_time' tool 'check_availability' branches on result field 'status', but its result has no such field");
  }, SLOW);

  it('simulate: a placeholder the state lacks is Pipecat\'s own error, on standard error', async () => {
    const run = await cli(['simulate', flow, '--agent-first', '--say', 'Hello']);
    expect(run.stderr).toContain("node 'initial' uses '{{ restaurant_name }}', which is not in state");
  }, SLOW);

  it('diff: two versions of a flow name the node whose task changed', async () => {
    const edited = join(dir, 'edited.flow.yaml');
    writeFileSync(edited, FLOW.replace('Thank them and end the conversation.', 'Thank them warmly and say goodbye.'));
    const run = await cli(['diff', flow, edited]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('end');
    expect(run.stdout).toMatch(/instructions/);
  });

  it('test and check --target pipecat: a golden with the state it needs passes on the offline model', async () => {
    const folder = join(dir, 'checked');
    mkdirSync(join(folder, 'tests'), { recursive: true });
    writeFileSync(join(folder, 'agent.flow.yaml'), FLOW);
    writeFileSync(join(folder, 'tests', 'books.golden.json'), goldenText({
      name: 'books', state: { restaurant_name: 'Le Petit', party_size: 4 }, input: ["Hi, it'll be four of us."], expect: { tools: ['collect_party_size'], stage: 'get_time' },
    }));
    const test = await cli(['test', join(folder, 'agent.flow.yaml')]);
    expect(test.stdout + test.stderr).toMatch(/1\/1|passed/);
    expect(test.code).toBe(0);
    const check = await cli(['check', '--target', 'pipecat', folder]);
    expect(check.stdout).toMatch(/^check: PASS/);
    expect(check.code).toBe(0);
  }, SLOW);
});
