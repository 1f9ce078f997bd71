// A Pinecall class in Ruby through the CLI: `convert --to rb` writes the class and its view
// (views/<slug>.erb, where the gem looks), with the losses computed from its read-back; the class
// written is read again by `lint`, `convert` and `simulate`. Nothing here runs Ruby.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJson } from '../../src/formats/json';
import { exportPinecallRuby } from '../../src/runtimes/pinecall/format/ruby/export';
import { lossesOfPinecallRuby } from '../../src/runtimes/pinecall/format/ruby/losses';
import { cli } from './in-process';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SAMPLE = join(root, 'public/examples/clinic-booking.json');
const SLOW = 120_000;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'callboard-rb-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sample = () => {
  const loaded = importJson(readFileSync(SAMPLE, 'utf8'));
  if (!loaded.ok) throw new Error('the sample does not load');
  return loaded.doc;
};

describe('a Pinecall class in Ruby through the CLI', () => {
  it('convert -o agent.rb writes the class and its view beside it, each loss on standard error', async () => {
    const out = join(dir, 'agents/clinic-booking/agent.rb');
    const run = await cli(['convert', SAMPLE, '-o', out]);
    expect(run.code, run.stderr).toBe(0);
    const expected = exportPinecallRuby(sample());
    expect(readFileSync(out, 'utf8')).toBe(expected.text);
    expect(readFileSync(join(dir, 'agents/clinic-booking/views/clinic-booking.erb'), 'utf8')).toBe(expected.files[1].text);
    const losses = lossesOfPinecallRuby(sample());
    expect(losses.length).toBeGreaterThan(0);
    for (const loss of losses) expect(run.stderr).toContain(`warning: ${loss.path}: ${loss.message}\n`);
  }, SLOW);

  it('reads the class back with its view: lint, convert to Ruby byte for byte with no loss, convert to JSON in Ruby', async () => {
    const file = join(dir, 'agents/clinic-booking/agent.rb');
    const lint = await cli(['lint', file, '--json']);
    expect(JSON.parse(lint.stdout).errors, lint.stdout).toBe(0);
    const again = join(dir, 'again/agent.rb');
    const same = await cli(['convert', file, '-o', again]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).not.toContain('warning:');
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(file, 'utf8'));
    expect(readFileSync(join(dir, 'again/views/clinic-booking.erb'), 'utf8')).toBe(readFileSync(join(dir, 'agents/clinic-booking/views/clinic-booking.erb'), 'utf8'));
    const json = await cli(['convert', file, '--to', 'json']);
    const doc = JSON.parse(json.stdout) as { language?: string; stages: { name: string; instructions: string }[] };
    expect(doc.language).toBe('ruby');
    // The view gave each stage its instructions.
    expect(doc.stages.find((s) => s.name === 'verify')!.instructions).toContain('{{ caller_name }}');
  }, SLOW);

  it('reads a Ruby class named nothing like one with --from rb', async () => {
    const file = join(dir, 'agents/clinic-booking/agent.rb');
    const text = readFileSync(file, 'utf8');
    const { writeFileSync } = await import('node:fs');
    const plain = join(dir, 'class.txt');
    writeFileSync(plain, text);
    const guessed = await cli(['convert', plain, '--to', 'json']);
    expect(guessed.code, guessed.stderr).toBe(2);
    const told = await cli(['convert', plain, '--from', 'rb', '--to', 'json']);
    expect(told.code, told.stderr).toBe(0);
    expect(JSON.parse(told.stdout).language).toBe('ruby');
  }, SLOW);

  it('simulates the class on the offline model, its Ruby bodies answered by their mocks', async () => {
    const file = join(dir, 'agents/clinic-booking/agent.rb');
    const run = await cli(['simulate', file, '--say', 'Hi, I would like to book a cleaning', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { events: { type: string; name?: string; to?: string; who?: string }[] };
    // The class's first tool is called, its edge read back from the Ruby `if` moves the stage, and the agent answers.
    expect(result.events.find((e) => e.type === 'tool_call')?.name).toBe('is_schedule_appointment');
    expect(result.events.find((e) => e.type === 'stage')?.to).toBe('identify');
    expect(result.events.at(-2)).toMatchObject({ type: 'say', who: 'agent' });
  }, SLOW);
});
