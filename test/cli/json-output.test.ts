// --json on every command: standard output is one JSON document of the shape json-shapes.ts
// exports for that command, the same value the text output says. In-process through runCli on
// the real file system, the offline model for simulate, test and check.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version } from '../../package.json';
import type {
  CheckJson, CommandHelpJson, ConvertJson, DiffJson, HelpJson, LintJson, SimulateJson, TestCompareJson, TestJson, UsageErrorJson, VersionJson,
} from '../../src/cli/main';
import { EXIT_CODES } from '../../src/cli/main';
import { exportBlockAgentYaml } from '../../src/runtimes/block-agent/format';
import { importJson } from '../../src/formats/json';
import type { AgentDocument } from '../../src/model';
import { cli, parsedJson } from './in-process';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SAMPLE = join(root, 'public/examples/clinic-booking.json');
const SLOW = 120_000;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'callboard-json-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sampleDoc = (): AgentDocument => {
  const loaded = importJson(readFileSync(SAMPLE, 'utf8'));
  if (!loaded.ok) throw new Error('the sample does not load');
  return loaded.doc;
};
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('--json', () => {
  it('lint: a LintJson with each finding located, the same findings as the text lines', async () => {
    const doc = JSON.parse(readFileSync(SAMPLE, 'utf8'));
    doc.state[1].visibility = 'public';
    const file = write('lint.json', JSON.stringify(doc, null, 2));
    const text = await cli(['lint', file]);
    const run = await cli(['lint', file, '--json']);
    const report = parsedJson<LintJson>(run);
    expect(report).toMatchObject({ command: 'lint', ok: false, file, errors: 1, warnings: 0 });
    const error = report.findings.find((f) => f.severity === 'error')!;
    expect(error).toMatchObject({ rule: 'state-pii-public', path: '/state/1/visibility', line: expect.any(Number), column: expect.any(Number) });
    expect(report.findings).toHaveLength(text.stdout.split('\n').filter(Boolean).length);
    expect(report.infos).toBe(report.findings.filter((f) => f.severity === 'info').length);
    expect(run.code).toBe(1);
    const quiet = parsedJson<LintJson>(await cli(['lint', SAMPLE, '--json', '--quiet']));
    expect(quiet).toMatchObject({ ok: true, errors: 0, findings: [] });
    expect(quiet.infos).toBeGreaterThan(0);
  }, SLOW);

  it('convert: a ConvertJson holding the result and the losses the text output prints as warnings', async () => {
    const text = await cli(['convert', SAMPLE, '--to', 'yaml']);
    const run = await cli(['convert', SAMPLE, '--to', 'yaml', '--json']);
    const report = parsedJson<ConvertJson>(run);
    expect(report).toMatchObject({ command: 'convert', ok: true, file: SAMPLE, to: 'yaml', written: [], diagnostics: [] });
    expect(report.output).toBe(exportBlockAgentYaml(sampleDoc()).text);
    expect(report.output).toBe(text.stdout);
    const warnings = text.stderr.split('\n').filter((l) => l.startsWith('warning: '));
    expect(warnings.length).toBeGreaterThan(0);
    expect(report.losses.map((l) => `warning: ${l.path}: ${l.message}`)).toEqual(warnings);
    expect(run.code).toBe(0);

    const out = join(dir, 'out', 'agent.yaml');
    const written = parsedJson<ConvertJson>(await cli(['convert', SAMPLE, '-o', out, '--json']));
    expect(written.output).toBeNull();
    expect(written.written).toEqual([out, ...['books-thursday-cleaning', 'identifies-the-caller', 'small-talk-stays-in-greet'].map((t) => join(dir, 'out', 'tests', `${t}.golden.json`))]);

    const broken = parsedJson<ConvertJson>(await cli(['convert', write('broken.json', '{ "name": '), '--to', 'yaml', '--json']));
    expect(broken).toMatchObject({ ok: false, output: null, diagnostics: [{ severity: 'error', line: 1 }] });
  }, SLOW);

  it('diff: the array of differences, as before', async () => {
    const doc = JSON.parse(readFileSync(SAMPLE, 'utf8'));
    doc.stages[0].name = 'welcome';
    const run = await cli(['diff', SAMPLE, write('renamed.json', JSON.stringify(doc)), '--json']);
    const differences = parsedJson<DiffJson>(run);
    expect(differences.some((d) => d.change === 'renamed' && d.label.includes('welcome'))).toBe(true);
    expect(run.code).toBe(1);
  });

  it('test: a TestJson with each test, its failures and the totals; --compare: a TestCompareJson', async () => {
    const run = await cli(['test', SAMPLE, '--json', '--runs', '2']);
    const report = parsedJson<TestJson>(run);
    expect(report).toEqual({
      command: 'test', ok: true, file: SAMPLE, runsEach: 2, minPassRate: 1,
      tests: ['books-thursday-cleaning', 'identifies-the-caller', 'small-talk-stays-in-greet'].map((name) => ({ name, ok: true, passes: 2, runs: 2, passRate: 1, failures: [] })),
      totals: { tests: 3, runs: 6, passes: 6, under: 0 },
    });
    expect(run.code).toBe(0);

    const compared = await cli(['test', SAMPLE, '--compare', SAMPLE, '--json']);
    const rows = parsedJson<TestCompareJson>(compared);
    expect(rows).toMatchObject({ command: 'test', mode: 'compare', ok: true, sides: [SAMPLE, SAMPLE], regressions: 0 });
    expect(rows.rows.map((r) => [r.name, r.a.passes, r.b.passes, r.regression])).toEqual([
      ['books-thursday-cleaning', 1, 1, false], ['identifies-the-caller', 1, 1, false], ['small-talk-stays-in-greet', 1, 1, false],
    ]);
  }, SLOW);

  it('test: no tests is still a TestJson, ok false', async () => {
    const file = write('untested.json', JSON.stringify({ ...JSON.parse(readFileSync(SAMPLE, 'utf8')), tests: [] }));
    const run = await cli(['test', file, '--json']);
    expect(parsedJson<TestJson>(run)).toMatchObject({ command: 'test', ok: false, tests: [], totals: { tests: 0 } });
    expect(run.code).toBe(1);
  }, SLOW);

  it('simulate: a SimulateJson with the events the text output prints one a line', async () => {
    const says = ['--say', 'Hi, I need a cleaning', '--call', 'today=2026-12-01'];
    const lines = await cli(['simulate', SAMPLE, ...says]);
    const run = await cli(['simulate', SAMPLE, ...says, '--json']);
    const report = parsedJson<SimulateJson>(run);
    expect(report).toMatchObject({ command: 'simulate', ok: true, file: SAMPLE });
    expect(report.events).toEqual(lines.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l)));
    expect(report.events.at(-1)).toEqual({ type: 'end' });
    expect(run.code).toBe(0);
  }, SLOW);

  it('check: a CheckJson', async () => {
    const report = parsedJson<CheckJson>(await cli(['check', SAMPLE, '--json']));
    expect(report).toMatchObject({ command: 'check', ok: true, target: 'pinecall', tests: { ran: true, runs: 3, passes: 3, passRate: 1 } });
  }, SLOW);

  it('--help and --version: the commands, their options and the exit codes as data', async () => {
    const help = parsedJson<HelpJson>(await cli(['--help', '--json']));
    expect(help.commands.map((c) => c.name)).toEqual(['convert', 'lint', 'simulate', 'test', 'diff', 'check']);
    expect(help.commands.find((c) => c.name === 'check')).toEqual({
      name: 'check', usage: expect.stringMatching(/^callboard check \[--target pinecall\|block-agent\|pipecat\] <file-or-folder>/), summary: expect.stringContaining('Gate a deploy'),
    });
    expect(help.exitCodes).toEqual(EXIT_CODES.map((c) => ({ code: c.code, meaning: c.meaning })));
    const lint = parsedJson<CommandHelpJson>(await cli(['lint', '--help', '--json']));
    expect(lint.command).toBe('lint');
    expect(lint.help).toContain('Usage: callboard lint <file>');
    expect(lint.options).toContainEqual({ name: 'quiet', short: 'q', takesValue: false });
    expect(parsedJson<CommandHelpJson>(await cli(['help', 'check', '--json'])).options).toContainEqual({ name: 'min-pass-rate', takesValue: true });
    expect(parsedJson<VersionJson>(await cli(['--version', '--json']))).toEqual({ name: 'callboard', version });
  });

  it('a usage error: a UsageErrorJson on standard output, the message on standard error, exit 2', async () => {
    const run = await cli(['lint', SAMPLE, '--json', '--bogus']);
    expect(parsedJson<UsageErrorJson>(run)).toEqual({ ok: false, exitCode: 2, command: 'lint', error: 'unknown option --bogus' });
    expect(run.stderr).toContain('callboard lint: unknown option --bogus');
    expect(run.code).toBe(2);
    const missing = await cli(['convert', join(dir, 'nowhere.json'), '--to', 'yaml', '--json']);
    expect(parsedJson<UsageErrorJson>(missing)).toEqual({ ok: false, exitCode: 2, command: 'convert', error: `${join(dir, 'nowhere.json')}: no such file` });
    // Without --json a usage error prints nothing on standard output, as before.
    expect((await cli(['lint', SAMPLE, '--bogus'])).stdout).toBe('');
  });
});
