// `callboard diff A B` (issue 15): text, --json, --markdown and the exit codes of diff(1), in-process
// over an in-memory file system; files of two formats compared by what they mean.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../src/cli/main';

const sampleText = readFileSync(fileURLToPath(new URL('../../public/examples/clinic-booking.json', import.meta.url)), 'utf8');

async function run(args: string[], files: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    readText: (path) => (path in files ? { ok: true, text: files[path] } : { ok: false, reason: 'no such file' }),
    writeText: (path, text) => { files[path] = text; },
    out: (text) => (stdout += text),
    err: (text) => (stderr += text),
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

const edited = (recipe: (doc: Record<string, any>) => void) => {
  const doc = JSON.parse(sampleText);
  recipe(doc);
  return JSON.stringify(doc, null, 2);
};
const withBookDocstring = edited((d) => { d.tools.find((t: { name: string }) => t.name === 'book').description = 'Book the slot the caller agreed to, by its id.'; });

describe('callboard diff', () => {
  it('exits 0 and says so when the agents are the same', async () => {
    const result = await run(['diff', 'a.json', 'b.json'], { 'a.json': sampleText, 'b.json': sampleText });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('a.json and b.json: the same agent\n');
  });

  it('exits 1 and names each changed entity with old → new, text as a word diff', async () => {
    const result = await run(['diff', 'a.json', 'b.json'], { 'a.json': sampleText, 'b.json': withBookDocstring });
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe('a.json → b.json: 1 difference');
    expect(lines[1]).toMatch(/^~ tool book: description: Book .*\[-.+-\].*\{\+.+\+\}/);
    expect(lines[1]).toContain('{+agreed+}');
  });

  it('--json prints the differences as data', async () => {
    const moved = edited((d) => { d.stages.find((s: { name: string }) => s.name === 'choose').name = 'pick_slot'; d.layout.positions.s_greet = { x: 1, y: 2 }; });
    const result = await run(['diff', '--json', 'a.json', 'b.json'], { 'a.json': sampleText, 'b.json': moved });
    expect(result.code).toBe(1);
    const data = JSON.parse(result.stdout) as { label: string; change: string; old: unknown; new: unknown; path: string }[];
    expect(data).toEqual([expect.objectContaining({ label: 'stage choose → pick_slot: renamed', change: 'renamed', old: 'choose', new: 'pick_slot', path: '/stages/3/name' })]);
    const withLayout = JSON.parse((await run(['diff', '--json', '--layout', 'a.json', 'b.json'], { 'a.json': sampleText, 'b.json': moved })).stdout) as { label: string }[];
    expect(withLayout.map((d) => d.label)).toContain('stage greet: position');
  });

  it('--markdown: a summary table and what the model sees per stage, as unified diffs', async () => {
    const result = await run(['diff', '--markdown', 'a.json', 'b.json'], { 'a.json': sampleText, 'b.json': withBookDocstring });
    expect(result.code).toBe(1);
    const md = result.stdout;
    expect(md).toContain('| What | Change | Before | After |');
    // Names and texts from the files are code spans (what they hold is never read as Markdown or HTML).
    expect(md).toMatch(/\| `tool book: description` \| changed \| `Book one of the slots/);
    expect(md).toContain('#### What the model sees');
    // book is offered in stage choose only: its tools JSON changed there, and nowhere else.
    expect(md).toContain('<summary>stage <code>choose</code></summary>');
    expect(md).not.toContain('<summary>stage <code>greet</code></summary>');
    expect(md).toMatch(/```diff\n--- choose tools \(before\)[\s\S]*\n-\s+"description": "Book one of[\s\S]*\n\+\s+"description": "Book the slot the caller agreed to/);
  });

  it('compares two Block Agent files written by convert (no ids in YAML: matched by name)', async () => {
    const files: Record<string, string> = { 'v1/agent.json': sampleText, 'v2/agent.json': withBookDocstring };
    expect((await run(['convert', 'v1/agent.json', '--to', 'yaml', '-o', 'v1/clinic.yaml'], files)).code).toBe(0);
    expect((await run(['convert', 'v2/agent.json', '--to', 'yaml', '-o', 'v2/clinic.yaml'], files)).code).toBe(0);
    const result = await run(['diff', 'v1/clinic.yaml', 'v2/clinic.yaml'], files);
    expect(result.code).toBe(1);
    // The word diff's line, then the old and new descriptions whole (issue 33).
    expect(result.stdout.trim().split('\n').slice(1).map((l) => l.split(':').slice(0, 2).join(':'))).toEqual([
      '~ tool book: description',
      '    old: Book one of the slots you offered, by its id. Ask the caller to agree before you call it.',
      '    new: Book the slot the caller agreed to, by its id.',
    ]);
  }, 30_000);

  it('exits 2 on trouble: a missing file, one file, both --json and --markdown, a file that is not an agent', async () => {
    expect((await run(['diff', 'a.json', 'nope.json'], { 'a.json': sampleText })).code).toBe(2);
    const one = await run(['diff', 'a.json'], { 'a.json': sampleText });
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('needs two agent files');
    expect((await run(['diff', '--json', '--markdown', 'a.json', 'a.json'], { 'a.json': sampleText })).code).toBe(2);
    const broken = await run(['diff', 'a.json', 'b.json'], { 'a.json': sampleText, 'b.json': '{ "format": "callboard.agent", ' });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^b\.json:\d+:\d+: error: /m);
  });
});
