// The command line asks the kinds of agent file (formats/file-kind.ts), never a format's name: every
// kind is read with --from, listed in the usage lines, and written with its tests beside it.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_FORMATS } from '../../src/formats/file-format';
import { cli } from './in-process';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SAMPLE = join(root, 'public/examples/clinic-booking.json');
const PYTHON = readFileSync(join(root, 'test/fixtures/pinecall/goldens-python/minimal/agent.py'), 'utf8');
const SLOW = 120_000;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'callboard-kinds-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the CLI and the kinds of agent file', () => {
  it('reads a Python class named nothing like one with --from py (it was refused: py was missing from --from)', async () => {
    const file = join(dir, 'agent.txt');
    writeFileSync(file, PYTHON);
    const guessed = await cli(['lint', file]);
    expect(guessed.code).toBe(2);
    expect(guessed.stderr).toContain(`cannot tell the format of ${file} from its extension; add --from json|ts|py|rb|yaml|flow`);
    const read = await cli(['lint', file, '--from', 'py']);
    expect(read.stderr).not.toContain('--from');
    expect(read.code).toBe(0);
  }, SLOW);

  it("reads a FlowConfig in a plain .yaml as a flow, as the import dialog does (it was read as Block Agent YAML: 'no blocks')", async () => {
    const flow = readFileSync(join(root, 'src/runtimes/pipecat/format/fixtures/examples/editor__order_status.yaml'), 'utf8');
    const file = join(dir, 'order-status.yaml');
    writeFileSync(file, flow);
    const json = join(dir, 'order-status.json');
    const run = await cli(['convert', file, '--to', 'json', '-o', json]);
    expect(run.stderr).not.toContain('this agent has no blocks');
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(json, 'utf8')).target).toBe('pipecat');
    // --from still says what to read it as.
    const asYaml = await cli(['lint', file, '--from', 'yaml']);
    expect(asYaml.stdout + asYaml.stderr).toContain('this agent has no blocks');
    const asFlow = await cli(['lint', file]);
    expect(asFlow.stdout + asFlow.stderr).not.toContain('this agent has no blocks');
    // The same flow as FlowConfig JSON, in a plain .json (not Callboard's save format), reads as a flow too.
    const asJsonFlow = join(dir, 'order-status.flow.json');
    expect((await cli(['convert', file, '--to', 'flow', '-o', asJsonFlow])).code).toBe(0);
    const plainJson = join(dir, 'order-status-config.json');
    writeFileSync(plainJson, readFileSync(asJsonFlow, 'utf8'));
    const back = join(dir, 'order-status-back.json');
    expect((await cli(['convert', plainJson, '--to', 'json', '-o', back])).code).toBe(0);
    expect(JSON.parse(readFileSync(back, 'utf8')).target).toBe('pipecat');
  }, SLOW);

  it('lists every kind in each command\'s usage', async () => {
    for (const command of ['convert', 'lint', 'simulate', 'test', 'check']) {
      const help = await cli([command, '--help']);
      expect(help.stdout, command).toContain(FILE_FORMATS.join('|'));
    }
    expect(FILE_FORMATS).toEqual(['json', 'ts', 'py', 'rb', 'yaml', 'flow']);
  }, SLOW);

  it('writes the tests beside every runtime file it writes, a Python class and a flow too', async () => {
    const tests = JSON.parse(readFileSync(SAMPLE, 'utf8')).tests as { name: string }[];
    expect(tests.length).toBeGreaterThan(0);
    for (const [to, file] of [['py', 'py/clinic.py'], ['flow', 'flow/clinic.flow.yaml'], ['yaml', 'yaml/clinic.yaml']] as const) {
      const out = join(dir, file);
      const run = await cli(['convert', SAMPLE, '--to', to, '-o', out]);
      expect(run.code, `${to}: ${run.stderr}`).toBe(0);
      expect(existsSync(out)).toBe(true);
      for (const test of tests) expect(existsSync(join(dir, to, 'tests', `${test.name}.golden.json`)), `${to}: ${test.name}`).toBe(true);
    }
  }, SLOW);
});
