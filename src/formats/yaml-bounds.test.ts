// The YAML importer's bounds (yaml-bounds.ts): nesting and aliases, each refused at its line and
// column with the limit named. Fixtures are generated; timeouts make a missing bound fail, not hang.
import { describe, expect, it } from 'vitest';
import { MAX_ALIAS_EXPANSION, MAX_FILE_DEPTH } from '../model/limits';
import { importBlockAgentTools, importBlockAgentYaml } from '../runtimes/block-agent/format/import';
import { mayNestDeeperThan, nestingBound, yamlDepthError } from './yaml-bounds';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const AGENT = 'personality: Helpful.\nblocks:\n  - block_id: main\n    turns:\n      - turn_id: start\n        content: Hello.\n';
const TOO_DEEP = /^the file nests ([\d,]+) levels deep; Callboard reads at most 100 levels in a file, and 64 in a value/;

describe('YAML nesting', () => {
  it('refuses 10,000 nested flow sequences at the bracket past the limit, not with "Maximum call stack size exceeded"', () => {
    const result = importBlockAgentYaml(`${AGENT}extra: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ line: 7, column: 8 + MAX_FILE_DEPTH - 1 });
    expect(result.errors[0].message).toMatch(TOO_DEEP);
    expect(result.errors[0].message).toContain('10,001 levels deep');
  }, 10_000);

  it('refuses 10,000 nested block sequences on one line the same way', () => {
    const result = importBlockAgentTools(`- ${'- '.repeat(10_000)}x\n`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0].message).toMatch(TOO_DEEP);
  }, 10_000);

  it('refuses nesting just past the limit, which the parser itself reads, at its line and column', () => {
    const levels = MAX_FILE_DEPTH + 20;
    const result = importBlockAgentYaml(`${AGENT}extra: ${'{a: '.repeat(levels)}1${'}'.repeat(levels)}\n`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // The root map is level 1, `extra`'s map level 2: the 100th `{a:` opens level 101.
    expect(result.errors).toEqual([{ line: 7, column: 8 + 4 * (MAX_FILE_DEPTH - 1), message: expect.stringMatching(TOO_DEEP) }]);
    expect(result.errors[0].message).toContain(`${levels + 1} levels deep`);
  }, 10_000);

  it('reads a file nested as deep as the limit', () => {
    const levels = MAX_FILE_DEPTH - 1;
    expect(importBlockAgentYaml(`${AGENT}extra: ${'['.repeat(levels)}${']'.repeat(levels)}\n`).ok).toBe(true);
  });
});

describe('YAML aliases', () => {
  it('refuses an anchor of 3 MB aliased 100 times at the alias that passes the limit', () => {
    const big = 'x'.repeat(3_000_000);
    const text = `personality: &big "${big}"\nblocks:\n  - block_id: main\n    turns:\n      - turn_id: start\n        content: Hello.\nextra:\n${'  - *big\n'.repeat(100)}`;
    const result = importBlockAgentYaml(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // Three aliases add 9,000,003 characters; the fourth passes 10,000,000.
    expect(result.errors).toEqual([{
      line: 11, column: 5,
      message: `the alias *big stands for 3,000,001 characters (its anchor &big is on line 1), and with it the aliases of this file add more than 10,000,000 characters when written out in full; Callboard reads at most 10,000,000: write the repeated part once, or make it smaller`,
    }]);
    expect(MAX_ALIAS_EXPANSION).toBe(10_000_000);
  }, 10_000);

  it('refuses aliases that nest each other 10,000 deep, which the file itself does not', () => {
    const anchors = Array.from({ length: 10_000 }, (_, i) => `a${i + 1}: &a${i + 1} [*a${i}]`).join('\n');
    const result = importBlockAgentYaml(`${AGENT}a0: &a0 [1]\n${anchors}\n`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].line).toBe(7 + MAX_FILE_DEPTH - 1);
    expect(result.errors[0].message).toMatch(/^the value \*a\d+ stands for, where it stands, nests 101 levels deep; Callboard reads at most 100 levels in a file/);
  }, 10_000);

  it('refuses an alias inside the value its own anchor names', () => {
    const result = importBlockAgentYaml(`${AGENT}extra: &loop [1, *loop]\n`);
    expect(result).toMatchObject({ ok: false, errors: [{ line: 7, column: 18, message: expect.stringMatching(/^the alias \*loop stands inside the value its anchor &loop names/) }] });
  }, 10_000);

  it('reads a file whose aliases stay within the limits, each alias looked up once (5,000 took 5 s with the library lookup)', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `  - &s${i} {name: n${i}}\n`).join('') + Array.from({ length: 10_000 }, (_, i) => `  - *s${i}\n`).join('');
    const result = importBlockAgentYaml(`${AGENT}extra:\n${many}`);
    expect(result.ok).toBe(true);
    if (result.ok) expect((result.doc.preserved?.blockAgent?.extra as unknown[]).at(-1)).toEqual({ name: 'n9999' });
  }, 10_000);
});

describe('YAML keys', () => {
  it('finds a repeated key among 30,000 in one pass (the library compares each key with all before it), where it stands', () => {
    const keys = Array.from({ length: 30_000 }, (_, i) => `  k${i}: ${i}`).join('\n');
    const repeated = importBlockAgentYaml(`${AGENT}extra:\n${keys}\n  k7: again\n`);
    expect(repeated).toMatchObject({ ok: false, errors: [{ line: 30_008, column: 3 }] });
    if (!repeated.ok) expect(repeated.errors[0].message).toBe('the key "k7" is in this map twice (first on line 15, column 3); a map\'s keys must be unique: remove or rename one');
  }, 10_000);

  it('reads many keys, and tells 1 and "1" apart, as YAML does', () => {
    expect(importBlockAgentYaml(`${AGENT}extra: {1: a, "1": b}\n`).ok).toBe(true);
    const keys = Array.from({ length: 5_000 }, (_, i) => `  k${i}: ${i}`).join('\n');
    const read = importBlockAgentYaml(`${AGENT}extra:\n${keys}\n`);
    expect(read.ok && Object.keys(read.doc.preserved?.blockAgent?.extra as object).length).toBe(5_000);
  });
});

describe('the nesting bound read before composing', () => {
  const fixtures = ['test/fixtures/block-agent', 'test/fixtures/offline-corpus'].flatMap((dir) =>
    readdirSync(dir).filter((f) => f.endsWith('.yaml')).map((f) => readFileSync(join(dir, f), 'utf8')));
  const shapes = [
    'a:\n- b:\n  - c:\n    - d:\n      - e\n',
    '- - - - - x\n',
    'k: [a, [b, {c: [d]}]]\n',
    'top:\n  key: [\n[\n[\n[x]]]]\n',
    '? - a\n  - b\n: - c\n',
  ];

  it('is never below the true depth: no file nests past its own bound', () => {
    for (const source of [...fixtures, ...shapes]) {
      const bound = nestingBound(source);
      expect(yamlDepthError(source, bound), source.slice(0, 60)).toBeUndefined();
      // And it is a bound worth having: the fixtures stay far under the limit, so the exact count never runs for them.
      expect(bound).toBeLessThan(MAX_FILE_DEPTH);
    }
    for (const source of fixtures) expect(mayNestDeeperThan(source)).toBe(false);
  });

  it('a 10,000-deep file read again and again is refused each time, never ending the process', () => {
    // Composed, the second read compiled a regular expression 10,000 calls deep and V8 gave up with
    // a fatal "RegExpCompiler Allocation failed" (no exception to catch).
    for (let i = 0; i < 4; i++) {
      const result = importBlockAgentTools(`- ${'- '.repeat(10_000)}x\n`);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors[0].message).toMatch(TOO_DEEP);
    }
  }, 20_000);
});
