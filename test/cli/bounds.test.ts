// `callboard convert` and `lint` at the nesting bounds (src/model/limits.ts), in-process through
// runCli over an in-memory file system: a file past the file limit is refused where it passes it,
// and a value past the value limit (which the file limit lets in) is refused by the exporter at its
// path, never as "unexpected failure (a bug)" or "Maximum call stack size exceeded".
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../src/cli/main';
import { MAX_DEPTH } from '../../src/model/limits';

const sampleText = readFileSync(fileURLToPath(new URL('../../public/examples/clinic-booking.json', import.meta.url)), 'utf8');

/** The sample with its first tool's mock nested `levels` arrays deep, as text. */
function withDeepMock(levels: number): string {
  const doc = JSON.parse(sampleText) as { tools: { mock?: unknown }[] };
  doc.tools[0].mock = '@@MOCK@@';
  return JSON.stringify(doc, null, 2).replace('"@@MOCK@@"', '['.repeat(levels) + ']'.repeat(levels));
}

async function run(args: string[], files: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    readText: (path) => (path in files ? { ok: true, text: files[path] } : { ok: false, reason: 'no such file' }),
    listDir: () => ({ ok: false, reason: 'no such file' }),
    writeText: (path, text) => {
      files[path] = text;
    },
    out: (text) => (stdout += text),
    err: (text) => (stderr += text),
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

const CRASH = /unexpected failure|Maximum call stack|RangeError/;

describe('callboard at the nesting bounds', () => {
  it('refuses a mock nested 5,000 deep at its line and column, for every target', async () => {
    const text = withDeepMock(5_000);
    const line = text.slice(0, text.indexOf('[[[')).split('\n').length;
    for (const to of ['yaml', 'ts', 'json', 'openai']) {
      const result = await run(['convert', 'deep.json', '--to', to, ...(to === 'openai' ? ['--stage', 'choose'] : [])], { 'deep.json': text });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(new RegExp(`^deep\\.json:${line}:\\d+: error: the value at /tools/0/mock/0/… nests 5,003 levels deep; Callboard reads at most 100 levels in a file`));
      expect(result.stderr).not.toMatch(CRASH);
    }
  }, 30_000);

  it('refuses to export a mock past the value limit, at its path, and lint reports the same', async () => {
    const text = withDeepMock(MAX_DEPTH + 20);
    for (const to of ['yaml', 'ts', 'json']) {
      const result = await run(['convert', 'deep.json', '--to', to], { 'deep.json': text });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^deep\.json: \/tools\/0\/mock: error: the mock result of tool \S+ nests 84 levels deep; Callboard reads at most 64 levels: write a flatter value/m);
      expect(result.stderr).not.toMatch(CRASH);
    }
    const linted = await run(['lint', 'deep.json'], { 'deep.json': text });
    expect(linted.code).toBe(1);
    expect(linted.stdout).toMatch(/^deep\.json:\d+:\d+: error: the mock result of tool \S+ nests 84 levels deep; Callboard reads at most 64 levels: .* \[value-too-deep\]$/m);
  }, 30_000);
});
