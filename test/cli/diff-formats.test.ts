// `callboard diff` across formats and on changed texts (issue 33), in-process over an in-memory
// file system: one agent as JSON and as YAML is the same agent; a changed description shows its
// old and new text whole beside the word diff.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../src/cli/main';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../fixtures/block-agent/${name}`, import.meta.url)), 'utf8');
const SAME_JSON = fixture('diff/same.json');
const SAME_YAML = fixture('diff/same.yaml');
const OLD_TEXT = 'Capture the bouquet the caller wants and the day it is for.';
const NEW_TEXT = 'Capture the bouquet the caller chose, and the delivery day.';
const EDITED_YAML = SAME_YAML.replace(OLD_TEXT, NEW_TEXT);

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

describe('callboard diff across formats', () => {
  it('one agent as JSON and as YAML: the same agent, exit 0; the name the YAML lacks is a format detail', async () => {
    const result = await run(['diff', 'same.json', 'same.yaml'], { 'same.json': SAME_JSON, 'same.yaml': SAME_YAML });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('same.json and same.yaml: the same agent (compared on what both formats express; 1 difference in what a format cannot hold left out: --format-details shows them)\n');
    const details = await run(['diff', '--format-details', 'same.json', 'same.yaml'], { 'same.json': SAME_JSON, 'same.yaml': SAME_YAML });
    expect(details.code).toBe(1);
    expect(details.stdout).toContain('~ agent: name: "same" → "Same"');
  });

  it('a real change across formats is still one, exit 1, with the format detail counted apart', async () => {
    const result = await run(['diff', 'same.json', 'same.yaml'], { 'same.json': SAME_JSON, 'same.yaml': EDITED_YAML });
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n')[0]).toBe('same.json → same.yaml: 1 difference (compared on what both formats express; 1 difference in what a format cannot hold left out: --format-details shows them)');
    expect(result.stdout).not.toContain('agent: name');
  });
});

describe('a changed description, whole beside its word diff', () => {
  const files = () => ({ 'a.yaml': SAME_YAML, 'b.yaml': EDITED_YAML });

  it('text: the word diff, then the old and the new text whole', async () => {
    const result = await run(['diff', 'a.yaml', 'b.yaml'], files());
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n').slice(1, 4)).toEqual([
      '~ tool capture_bouquet: description: Capture the bouquet the caller [-wants-]{+chose,+} and the [-day-]{+delivery+} [-it is for-]{+day+}.',
      `    old: ${OLD_TEXT}`,
      `    new: ${NEW_TEXT}`,
    ]);
  });

  it('markdown: a "Texts changed" section with the word diff and both texts whole', async () => {
    const md = (await run(['diff', '--markdown', 'a.yaml', 'b.yaml'], files())).stdout;
    expect(md).toContain('#### Texts changed');
    expect(md).toContain(`Before:\n\n\`\`\`text\n${OLD_TEXT}\n\`\`\``);
    expect(md).toContain(`After:\n\n\`\`\`text\n${NEW_TEXT}\n\`\`\``);
    expect(md).toContain('Word diff:\n\n```text\nCapture the bouquet the caller [-wants-]{+chose,+}');
  });

  it('json: old and new whole beside the word diff', async () => {
    const data = JSON.parse((await run(['diff', '--json', 'a.yaml', 'b.yaml'], files())).stdout) as { old: string; new: string; words: unknown[] }[];
    expect(data).toEqual([expect.objectContaining({ old: OLD_TEXT, new: NEW_TEXT, words: expect.arrayContaining([{ op: 'added', text: 'chose,' }]) })]);
  });
});
