// The API-key check of the simulator issue (e2e/simulator-secrets.spec.ts) extended to what the
// bench and the fuzzer write (issue 5, point 4). The bench runs the simulator against the mock LLM
// with a key, so its result files must hold none. A fuzz failure prints (and FUZZ_DUMP writes) an
// input built from the seed files and token lists of src/formats/fuzz, plus the importers' error
// messages: none of that may hold a key either, so neither can the report.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMON_TOKENS, JSON_TOKENS, TS_TOKENS, YAML_TOKENS } from '../../src/formats/fuzz/mutations';
import { jsonErrorFaults, textErrorFaults } from '../../src/formats/fuzz/outcomes';
import { importBlockAgentYaml } from '../../src/runtimes/block-agent/format/import';
import { importJson } from '../../src/formats/json';
import { importPinecallTs } from '../../src/runtimes/pinecall/format/import';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** The e2e sentinel key, read from its one definition (the module itself imports Playwright). */
const E2E_KEY = /TEST_KEY = '([^']+)'/.exec(readFileSync(join(root, 'e2e/sim-helpers.ts'), 'utf8'))![1];

/**
 * Key-like strings in `text`: an OpenAI-style secret, the e2e sentinel, an Authorization value.
 * `Bearer {{secret:NAME}}` is a reference a Block Agent file makes to a secret kept elsewhere, not a key.
 */
export function keyLikeStrings(text: string): string[] {
  const found = [...text.matchAll(/\bsk-[A-Za-z0-9_-]{8,}/g)].map((m) => m[0]);
  if (text.includes(E2E_KEY)) found.push(E2E_KEY);
  found.push(...[...text.matchAll(/\bBearer\s+(?!\{\{\s*secret:)\S*/gi)].map((m) => m[0]));
  return [...new Set(found)];
}

const filesIn = (dir: string, ends: string) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith(ends) && statSync(join(root, dir, f)).isFile())
    .map((f) => join(dir, f));

describe('key-like strings in the bench and fuzz outputs', () => {
  it('the scanner finds each kind of key (so an empty answer below means none is there)', () => {
    expect(keyLikeStrings('key: sk-proj-abcdEFGH1234 ok')).toEqual(['sk-proj-abcdEFGH1234']);
    expect(keyLikeStrings(`"apiKey": "${E2E_KEY}"`)).toEqual([E2E_KEY]);
    expect(keyLikeStrings('authorization: Bearer abc.def')).toEqual(['Bearer abc.def']);
    expect(keyLikeStrings('a task-runner and a disk-image, no key')).toEqual([]);
    expect(keyLikeStrings('Authorization: Bearer {{secret:EHR_TOKEN}}')).toEqual([]);
  });

  it('bench/results.* (every result file the bench has written) holds no key', () => {
    // The bench writes results.md and results.json, and both are committed with the README's figures.
    const results = existsSync(join(root, 'bench')) ? readdirSync(join(root, 'bench')).filter((f) => /^results\./.test(f)) : [];
    expect(results.sort()).toEqual(['results.json', 'results.md']);
    for (const file of results) {
      expect(keyLikeStrings(readFileSync(join(root, 'bench', file), 'utf8')), `bench/${file}`).toEqual([]);
    }
  });

  it('what a fuzz failure report is made of holds no key: the seeds, the tokens and the fault messages', () => {
    // The seed files src/formats/fuzz/importers.fuzz.test.ts reads.
    const seeds = [
      ...filesIn('test/fixtures/block-agent', '.yaml'),
      'test/fixtures/block-agent/seed-sample-tools.txt',
      ...filesIn('test/fixtures/pinecall', '.tsx'),
      ...filesIn('test/fixtures/pinecall/goldens', '.tsx'),
      ...filesIn('test/fixtures/goldens/json', '.json'),
      ...filesIn('public/examples', '.json'),
    ];
    expect(seeds.length).toBeGreaterThan(10);
    for (const file of seeds) expect(keyLikeStrings(readFileSync(join(root, file), 'utf8')), file).toEqual([]);
    expect(keyLikeStrings([...COMMON_TOKENS, ...YAML_TOKENS, ...TS_TOKENS, ...JSON_TOKENS].join('\n'))).toEqual([]);
    // The fault lines a failing case prints, for a broken input of each format; the location is
    // spoiled (line 0) so each check reports its error as it would for a faulty importer.
    const broken = { yaml: 'blocks:\n  - block_id: [unclosed\n', ts: 'export class A extends Agent {\n  @tool(\n', json: '{"format": "callboard.agent", ' };
    const yaml = importBlockAgentYaml(broken.yaml);
    const ts = importPinecallTs(broken.ts);
    const json = importJson(broken.json);
    const faults = [
      ...(yaml.ok ? [] : textErrorFaults(broken.yaml, yaml.errors.map((e) => ({ ...e, line: 0 })))),
      ...(ts.ok ? [] : textErrorFaults(broken.ts, ts.errors.map((e) => ({ ...e, line: 0 })))),
      ...(json.ok ? [] : jsonErrorFaults(broken.json, json.errors.map((e) => ({ ...e, line: 0, path: undefined })))),
    ];
    // Not vacuous: each broken input failed, and each report names its error.
    expect(faults.length).toBeGreaterThanOrEqual(3);
    expect(keyLikeStrings(faults.join('\n'))).toEqual([]);
  });
});
