// `callboard check`, the deploy gate: in-process through runCli on the real file system, against the
// built-in offline model (no network). Agents are the sample (a Pinecall agent whose own three tests
// pass) with goldens beside it, and a lint error or a failing golden where a test needs one.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckJson } from '../../src/cli/main';
import { goldenText } from '../../src/formats/bundle';
import type { AgentDocument, ConversationTest } from '../../src/model';
import { cli, parsedJson } from './in-process';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SAMPLE = join(root, 'public/examples/clinic-booking.json');
const YAML_AGENT = join(root, 'test/fixtures/block-agent/minimal.yaml');
const SLOW = 120_000;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'callboard-check-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sampleDoc = (): AgentDocument => JSON.parse(readFileSync(SAMPLE, 'utf8'));
/** The sample without its own tests, so the goldens given are all there is. */
const bare = (): AgentDocument => ({ ...sampleDoc(), tests: [] });
/** A test the offline model fails: it never says Tuesday in the greeting stage. */
const WRONG_DAY: ConversationTest = { name: 'wrong-day', call: { today: '2026-12-01' }, input: ['Hello there, good morning.'], expect: { stage: 'choose', says: ['Tuesday'] } };

/** An agent file (`name`) in its own folder, with `goldens` in tests/ beside it; the file's path. */
function agentIn(folder: string, doc: AgentDocument, goldens: ConversationTest[] = [], name = 'agent.json'): string {
  const at = join(dir, folder);
  mkdirSync(join(at, 'tests'), { recursive: true });
  writeFileSync(join(at, name), JSON.stringify(doc, null, 2));
  for (const test of goldens) writeFileSync(join(at, 'tests', `${test.name}.golden.json`), goldenText(test));
  return join(at, name);
}

/** The sample with the caller's phone (pii) made public: lint's state-pii-public, an error for Pinecall. No test reads it. */
function withLintError(): AgentDocument {
  const doc = sampleDoc();
  doc.state[1] = { ...doc.state[1], visibility: 'public' };
  return doc;
}

describe('callboard check: the verdict', () => {
  it('passes the sample: no lint errors, its 3 tests pass; one line on standard output, exit 0', async () => {
    const run = await cli(['check', SAMPLE, '--min-pass-rate', '0.9']);
    expect(run.stdout).toBe('check: PASS — 0 lint errors; tests 3/3 passed (100% ≥ 90%)\n');
    expect(run.code).toBe(0);
  }, SLOW);

  it('fails when the tests pass under --min-pass-rate, passes at a rate they reach; the failed test is named on standard error', async () => {
    const file = agentIn('half', bare(), [sampleDoc().tests![2], WRONG_DAY]);
    const under = await cli(['check', file, '--min-pass-rate', '0.9']);
    expect(under.stdout).toBe('check: FAIL — 0 lint errors; tests 1/2 passed (50% < 90%)\n');
    expect(under.stderr).toContain('FAIL wrong-day  0/1 (0%)');
    expect(under.code).toBe(1);
    const reached = await cli(['check', file, '--min-pass-rate', '0.5']);
    expect(reached.stdout).toBe('check: PASS — 0 lint errors; tests 1/2 passed (50% ≥ 50%)\n');
    expect(reached.code).toBe(0);
  }, SLOW);

  it('fails on a lint error even when every test passes; the error is on standard error at its line', async () => {
    const file = agentIn('lint-error', withLintError());
    const run = await cli(['check', file, '--min-pass-rate', '0']);
    expect(run.stdout).toMatch(/^check: FAIL — 1 lint error; tests 3\/3 passed \(100% ≥ 0%\)\n$/);
    expect(run.stderr).toMatch(/agent\.json:\d+:\d+: error: .*\[state-pii-public\]/);
    expect(run.code).toBe(1);
  }, SLOW);

  it('fails when there are no tests: a gate with nothing run passes nothing', async () => {
    const file = agentIn('no-tests', bare());
    const run = await cli(['check', file]);
    expect(run.stdout).toMatch(/^check: FAIL — 0 lint errors; tests not run: no tests: save runs as tests in the app, or put \*\.golden\.json files in a tests\/ folder beside the agent\n$/);
    expect(run.code).toBe(1);
  }, SLOW);

  it('fails when a test file is broken, even if the others pass: a test left out is not a pass', async () => {
    const file = agentIn('broken-golden', sampleDoc());
    writeFileSync(join(dir, 'broken-golden', 'tests', 'broken.golden.json'), '{ "name": "broken", "input": "hi", "expect": {} }');
    const run = await cli(['check', file, '--min-pass-rate', '0.5']);
    expect(run.stdout).toBe('check: FAIL — 0 lint errors; tests 3/3 passed (100% ≥ 50%); a test file is broken and was left out\n');
    expect(run.stderr).toContain('broken.golden.json');
    expect(run.code).toBe(1);
  }, SLOW);

  it('shows one decimal where a whole percent would hide the side of the minimum: 2/3 against 0.67', async () => {
    const file = agentIn('two-thirds', bare(), [sampleDoc().tests![1], sampleDoc().tests![2], WRONG_DAY]);
    const run = await cli(['check', file, '--min-pass-rate', '0.67']);
    expect(run.stdout).toBe('check: FAIL — 0 lint errors; tests 2/3 passed (66.6% < 67.0%)\n');
  }, SLOW);
});

describe('callboard check: --target', () => {
  it('refuses an agent of another runtime with what it is and what to do, exit 2; accepts its own', async () => {
    const pinecall = await cli(['check', '--target', 'block-agent', SAMPLE]);
    expect(pinecall.stderr).toContain(`callboard check: ${SAMPLE} is a Pinecall agent (pinecall), not Block Agent: --target block-agent gates block-agent agents only`);
    expect(pinecall.stdout).toBe('');
    expect(pinecall.code).toBe(2);
    const yaml = await cli(['check', '--target', 'pinecall', YAML_AGENT]);
    expect(yaml.stderr).toContain('is a Block Agent agent (block-agent), not Pinecall');
    expect(yaml.code).toBe(2);
    const own = await cli(['check', '--target', 'pinecall', SAMPLE]);
    expect(own.stdout).toBe('check: PASS — 0 lint errors; tests 3/3 passed (100% ≥ 100%)\n');
    expect(own.code).toBe(0);
  }, SLOW);

  it('gates pipecat agents: a Pinecall agent under --target pipecat is refused (never a pass), and an unknown runtime with the list', async () => {
    const pipecat = await cli(['check', '--target', 'pipecat', SAMPLE]);
    expect(pipecat.stderr).toContain('is a Pinecall agent (pinecall), not Pipecat Flows: --target pipecat gates pipecat agents only');
    expect(pipecat.stdout).toBe('');
    expect(pipecat.code).toBe(2);
    const other = await cli(['check', '--target', 'vapi', SAMPLE]);
    expect(other.stderr).toContain('--target must be one of pinecall, block-agent, pipecat (got "vapi")');
    expect(other.code).toBe(2);
  });
});

describe('callboard check: a folder', () => {
  it('checks the one agent file of a folder, with the tests beside it', async () => {
    agentIn('folder-one', bare(), [WRONG_DAY], 'clinic.json');
    const run = await cli(['check', join(dir, 'folder-one'), '--min-pass-rate', '0']);
    expect(run.stdout).toBe('check: PASS — 0 lint errors; tests 0/1 passed (0% ≥ 0%)\n');
  }, SLOW);

  it('takes agent.* among several files; refuses several with none named agent.*, naming them, and a folder with none', async () => {
    const chosen = agentIn('folder-agent', sampleDoc());
    writeFileSync(join(dir, 'folder-agent', 'helper.ts'), 'export const x = 1;\n');
    expect((await cli(['check', join(dir, 'folder-agent')])).stdout).toBe('check: PASS — 0 lint errors; tests 3/3 passed (100% ≥ 100%)\n');
    writeFileSync(join(dir, 'folder-agent', 'other.yaml'), 'name: x\n');
    rmSync(chosen);
    const several = await cli(['check', join(dir, 'folder-agent')]);
    expect(several.stderr).toContain(`holds 2 files that could be the agent (helper.ts, other.yaml) and none is named agent.*: name the one to check, e.g. ${join(dir, 'folder-agent', 'helper.ts')}`);
    expect(several.code).toBe(2);
    mkdirSync(join(dir, 'empty-folder'));
    const none = await cli(['check', join(dir, 'empty-folder')]);
    expect(none.stderr).toContain('is a folder with no agent file in it');
    expect(none.code).toBe(2);
  }, SLOW);
});

describe('callboard check: reports', () => {
  it('--junit: a lint testcase (failing with the errors) and a testcase per run, counted', async () => {
    const file = agentIn('junit', withLintError(), [WRONG_DAY]);
    const junit = join(dir, 'junit', 'report.xml');
    const run = await cli(['check', file, '--junit', junit]);
    expect(run.code).toBe(1);
    const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'testcase' }).parse(readFileSync(junit, 'utf8'));
    const suite = parsed.testsuites.testsuite;
    expect([suite['@_tests'], suite['@_failures'], suite['@_errors']].map(Number)).toEqual([5, 2, 0]);
    const cases = suite.testcase as { '@_name': string; failure?: { '@_message': string } }[];
    expect(cases.map((c) => [c['@_name'], !!c.failure])).toEqual([
      ['lint', true], ['books-thursday-cleaning run 1', false], ['identifies-the-caller run 1', false], ['small-talk-stays-in-greet run 1', false], ['wrong-day run 1', true],
    ]);
    expect(cases[0].failure!['@_message']).toContain('[state-pii-public]');
  }, SLOW);

  it('--json: a CheckJson on standard output, the line on standard error', async () => {
    const file = agentIn('json', bare(), [sampleDoc().tests![2], WRONG_DAY]);
    const run = await cli(['check', file, '--json', '--min-pass-rate', '0.9']);
    const report = parsedJson<CheckJson>(run);
    expect(report).toMatchObject({
      command: 'check', ok: false, file, target: 'pinecall', summary: 'check: FAIL — 0 lint errors; tests 1/2 passed (50% < 90%)',
      lint: { errors: 0, warnings: 0 },
      tests: { ran: true, runs: 2, passes: 1, passRate: 0.5, minPassRate: 0.9 },
    });
    expect(report.tests.entries.map((e) => [e.name, e.ok, e.failures.length])).toEqual([['small-talk-stays-in-greet', true, 0], ['wrong-day', false, 1]]);
    expect(run.stderr).toContain('check: FAIL — 0 lint errors; tests 1/2 passed (50% < 90%)\n');
    expect(run.code).toBe(1);
  }, SLOW);
});
