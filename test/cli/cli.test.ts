// The `callboard` command line, run as users run it: `node bin/callboard.mjs …` in a child process,
// from a temporary folder (not the repository), on the sample, the fixtures and temp files. Each
// result is compared with what the pure format functions give for the same input. Spawning costs
// about a second, so the tests share their runs and keep to one spawn per behaviour.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportBlockAgentYaml, importBlockAgentTools, importBlockAgentYaml, reindentTabs } from '../../src/runtimes/block-agent/format';
import { exportJson, importJson } from '../../src/formats/json';
import { openAiToolsForStage } from '../../src/formats/openai-tools';
import { exportPinecallTs } from '../../src/runtimes/pinecall/format';
import type { AgentDocument } from '../../src/model';

const root = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(root, 'bin/callboard.mjs');
const SAMPLE = join(root, 'public/examples/clinic-booking.json');
const SEED_TOOLS = join(root, 'test/fixtures/block-agent/seed-sample-tools.txt');
const SPAWN_TIMEOUT = 60_000;

let dir: string;
const inDir = (name: string) => join(dir, name);

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  lines: string[];
}

/** Runs the CLI from the temp folder, as `npx callboard` would from anywhere. */
function callboard(...args: string[]): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', timeout: SPAWN_TIMEOUT });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, lines: result.stdout.split('\n').filter(Boolean) };
}

const sampleText = () => readFileSync(SAMPLE, 'utf8');
const sampleDoc = (): AgentDocument => {
  const loaded = importJson(sampleText());
  if (!loaded.ok) throw new Error('the sample does not load');
  return loaded.doc;
};
/** 1-based line of the first occurrence of `needle` at or after `from`. */
const lineOf = (text: string, needle: string, from = 0): number => {
  const at = text.indexOf(needle, from);
  if (at < 0) throw new Error(`${needle} is not in the text`);
  return text.slice(0, at).split('\n').length;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'callboard-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('help and usage errors', () => {
  it('prints usage for --help and for a command, exit 0', () => {
    const main = callboard('--help');
    expect(main.status).toBe(0);
    expect(main.stdout).toMatch(/Usage:\n\s+callboard convert <file> --to json\|ts\|py\|rb\|yaml\|flow\|openai/);
    expect(main.stdout).toContain('callboard lint <file>');
    const convert = callboard('convert', '--help');
    expect(convert.status).toBe(0);
    expect(convert.stdout).toContain('--stage S');
    expect(convert.stdout).toContain('--fix-tabs');
  }, SPAWN_TIMEOUT * 2);

  it('exits 2 with a clear message on an unknown command, an unknown option and a missing file', () => {
    const unknown = callboard('frobnicate');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
    const option = callboard('lint', SAMPLE, '--bogus');
    expect(option.status).toBe(2);
    expect(option.stderr).toContain('callboard lint: unknown option --bogus');
    const missing = callboard('convert', 'no-such-agent.json', '--to', 'yaml');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no-such-agent.json: no such file');
    for (const run of [unknown, option, missing]) expect(run.stdout).toBe('');
  }, SPAWN_TIMEOUT * 3);
});

describe('convert', () => {
  it('chains json → yaml → json → ts, each step what the format functions give', () => {
    const doc = sampleDoc();
    const expectedYaml = exportBlockAgentYaml(doc);

    // json → yaml on stdout; what Block Agent cannot express on stderr only.
    const toYaml = callboard('convert', SAMPLE, '--to', 'yaml');
    expect(toYaml.status).toBe(0);
    expect(toYaml.stdout).toBe(expectedYaml.text);
    expect(expectedYaml.warnings.length).toBeGreaterThan(0);
    for (const w of expectedYaml.warnings) expect(toYaml.stderr).toContain(`warning: ${w.path}: ${w.message}\n`);
    expect(toYaml.stdout).not.toContain('warning:');

    // yaml → json with -o: the file, nothing on stdout. Ids are new on import, so compare what they stand for.
    writeFileSync(inDir('clinic.yaml'), toYaml.stdout);
    const toJson = callboard('convert', 'clinic.yaml', '--to', 'json', '-o', 'out/clinic.json');
    expect(toJson.status).toBe(0);
    expect(toJson.stdout).toBe('');
    const written = readFileSync(inDir('out/clinic.json'), 'utf8');
    const reread = importJson(written);
    if (!reread.ok) throw new Error('the written JSON does not load');
    const direct = importBlockAgentYaml(toYaml.stdout, { name: 'Clinic' });
    if (!direct.ok) throw new Error('the YAML does not import');
    expect(written).toBe(exportJson(reread.doc));
    expect(reread.doc.name).toBe('Clinic');
    expect(reread.doc.target).toBe('block-agent');
    expect(exportBlockAgentYaml(reread.doc).text).toBe(exportBlockAgentYaml(direct.doc).text);

    // json → ts, with the Pinecall losses on stderr.
    const toTs = callboard('convert', 'out/clinic.json', '--to', 'ts');
    expect(toTs.status).toBe(0);
    const expectedTs = exportPinecallTs(reread.doc);
    expect(toTs.stdout).toBe(expectedTs.text);
    for (const w of expectedTs.warnings) expect(toTs.stderr).toContain(`warning: ${w.path}: ${w.message}\n`);
  }, SPAWN_TIMEOUT * 3);

  it('names an agent read from a Block Agent file as the import dialog does (one way in: importAny)', async () => {
    // The CLI once named it "clinic-booking", the app "Clinic Booking": both now read files through importAny.
    const text = readFileSync(join(root, 'test/fixtures/block-agent/clinic-booking.yaml'), 'utf8');
    writeFileSync(inDir('clinic-booking.yaml'), text);
    const run = callboard('convert', 'clinic-booking.yaml', '--to', 'json');
    expect(run.status).toBe(0);
    const cli = importJson(run.stdout);
    if (!cli.ok) throw new Error('the CLI wrote JSON that does not load');
    const { runImport } = await import('../../src/panels/import/run-import');
    const app = await runImport(text, 'yaml', { fileName: 'clinic-booking.yaml' });
    expect(app.kind).toBe('agent');
    expect(cli.doc.name).toBe('Clinic Booking');
    expect(app.kind === 'agent' && app.doc.name).toBe(cli.doc.name);
  }, SPAWN_TIMEOUT);

  it('prints the OpenAI tools offered in a stage named by --stage, and asks for one when there are several', () => {
    const doc = sampleDoc();
    const choose = doc.stages.find((s) => s.name === 'choose')!;
    const run = callboard('convert', SAMPLE, '--to', 'openai', '--stage', 'choose');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(openAiToolsForStage(doc, choose.id));
    expect(run.stderr).toBe('');

    const missing = callboard('convert', SAMPLE, '--to', 'openai');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`stages: ${doc.stages.map((s) => s.name).join(', ')}`);
  }, SPAWN_TIMEOUT * 2);

  it('reports a YAML syntax error as file:line:col and exits 1', () => {
    const text = 'personality: hi\nblocks:\n  - block_id: a\n    turns: [\n';
    writeFileSync(inDir('broken.yaml'), text);
    const expected = importBlockAgentYaml(text);
    if (expected.ok) throw new Error('the broken YAML imports');
    const { line, column } = expected.errors[0];
    const run = callboard('convert', 'broken.yaml', '--to', 'json', '-o', 'never.json');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`broken.yaml:${line}:${column}: error: `);
    expect(existsSync(inDir('never.json'))).toBe(false);
  }, SPAWN_TIMEOUT);

  it('points at the tab in a tab-indented tools file, and --fix-tabs re-indents it', () => {
    const text = readFileSync(SEED_TOOLS, 'utf8');
    writeFileSync(inDir('tools.yaml'), text);
    const refused = callboard('convert', 'tools.yaml', '--to', 'openai');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^tools\.yaml:\d+:\d+: error: line \d+ is indented with a tab/m);
    expect(refused.stderr).toContain('--fix-tabs');
    expect(refused.stdout).toBe('');

    const fixed = callboard('convert', 'tools.yaml', '--fix-tabs', '--to', 'openai');
    expect(fixed.status).toBe(0);
    const expected = importBlockAgentTools(reindentTabs(text));
    if (!expected.ok) throw new Error('the re-indented tools do not import');
    const names = (JSON.parse(fixed.stdout) as { function: { name: string } }[]).map((t) => t.function.name);
    expect(names).toEqual(expected.tools.map((t) => t.name));
    expect(names).toContain('is_schedule_appointment');
    expect(readFileSync(inDir('tools.yaml'), 'utf8')).toBe(text);
  }, SPAWN_TIMEOUT * 2);
});

describe('lint', () => {
  it('passes the sample: exit 0, every line file:line:col with a severity and a rule', () => {
    const run = callboard('lint', SAMPLE);
    expect(run.status).toBe(0);
    for (const line of run.lines) expect(line).toMatch(new RegExp(`^${SAMPLE.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:\\d+:\\d+: (warning|info): .+ \\[[a-z-]+\\]$`));
    expect(run.lines.some((l) => l.includes(': error: '))).toBe(false);
  }, SPAWN_TIMEOUT);

  /** The sample with a pattern that does not compile and a pii naming no parameter of collect_identity. */
  function brokenSample(): AgentDocument {
    const doc = sampleDoc();
    const tool = doc.tools.find((t) => t.name === 'collect_identity')!;
    (tool.parameters.properties as Record<string, { pattern?: string }>).phone.pattern = '^[0-9';
    tool.pii = ['caller_name', 'nobody'];
    return doc;
  }

  it('places the problems of a broken JSON agent at their lines and exits 1', () => {
    const text = JSON.stringify(brokenSample(), null, 2);
    writeFileSync(inDir('broken-agent.json'), text);
    const run = callboard('lint', 'broken-agent.json', '--quiet');
    expect(run.status).toBe(1);
    const tool = text.indexOf('"name": "collect_identity"');
    const pii = run.lines.find((l) => l.endsWith('[tool-pii-unknown]'));
    // The pointer names the offending item of the pii list.
    expect(pii).toMatch(new RegExp(`^broken-agent\\.json:${lineOf(text, '"nobody"', tool)}:\\d+: error: .*nobody`));
    // A pattern is Block Agent's alone (Pinecall's schema comes from the signature): on this Pinecall
    // agent a broken one is a note, which --quiet hides; the YAML case below places it as an error.
    expect(run.lines.some((l) => l.endsWith('[parameter-pattern-invalid]'))).toBe(false);
    expect(run.lines.some((l) => l.includes(': info: '))).toBe(false);
  }, SPAWN_TIMEOUT);

  it('places a problem of a Block Agent file at its key', () => {
    const text = exportBlockAgentYaml(brokenSample()).text;
    writeFileSync(inDir('broken-agent.yaml'), text);
    const run = callboard('lint', 'broken-agent.yaml');
    expect(run.status).toBe(1);
    const line = lineOf(text, 'pattern: ^[0-9');
    expect(run.lines).toContainEqual(expect.stringMatching(new RegExp(`^broken-agent\\.yaml:${line}:\\d+: error: .*\\[parameter-pattern-invalid\\]$`)));
  }, SPAWN_TIMEOUT);

  it('places a problem of a Pinecall class at the tool option it is about', () => {
    const doc = sampleDoc();
    const book = doc.tools.find((t) => t.name === 'book')!;
    book.confirm = 'Booked for {{nobody}}.';
    const text = exportPinecallTs(doc).text;
    writeFileSync(inDir('agent.tsx'), text);
    const run = callboard('lint', 'agent.tsx', '-q');
    expect(run.status).toBe(1);
    const line = lineOf(text, 'confirm: "Booked for {{nobody}}.');
    expect(run.lines).toContainEqual(expect.stringMatching(new RegExp(`^agent\\.tsx:${line}:\\d+: error: .*\\[confirm-placeholder-unknown\\]$`)));
  }, SPAWN_TIMEOUT);
});
