import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../model';
import { DOCUMENT_FIXTURES, fixtureDocument } from '../../test/fixtures/block-agent/fixtures';
import { FIXTURE_NAMES, fixtureDoc } from '../runtimes/pinecall/format/testing';
import { exportJson, importJson } from './json';
import { openAiToolsForStage } from './openai-tools';

/**
 * Golden files for the JSON save format and the OpenAI tools array, committed under
 * test/fixtures/goldens/: json/<name>.callboard.json (exportJson) and openai/<name>/<stage name>.json
 * (openAiToolsForStage, 2-space JSON and a trailing newline), for the sample and every fixture
 * document. After an intended change to either exporter, rewrite them with
 * `UPDATE_GOLDENS=1 npx vitest run src/formats/goldens.test.ts` and review the diff.
 */
const update = process.env.UPDATE_GOLDENS === '1';

const fixturesDir = (set: string) => fileURLToPath(new URL(`../../test/fixtures/${set}/`, import.meta.url));
const goldensDir = fileURLToPath(new URL('../../test/fixtures/goldens/', import.meta.url));
// A path, not a URL: stage names may hold characters a URL would read as syntax ('#', '?', '%').
const goldenPath = (...parts: string[]) => join(goldensDir, ...parts);

function expectGolden(parts: string[], actual: string): void {
  const path = goldenPath(...parts);
  if (update) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
  }
  expect(existsSync(path), `no golden ${parts.join('/')} yet: run with UPDATE_GOLDENS=1`).toBe(true);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

/**
 * The sample, then the fixture documents of test/fixtures/block-agent and test/fixtures/pinecall.
 * Both sets have a minimal.json (different documents), so fixture goldens carry their set's name.
 */
const FIXTURES: { name: string; load: () => AgentDocument }[] = [
  { name: 'clinic-booking', load: () => fixtureDocument('clinic-booking') },
  ...DOCUMENT_FIXTURES.filter((n) => n !== 'clinic-booking').map((n) => ({ name: `block-agent-${n}`, load: () => fixtureDocument(n) })),
  ...FIXTURE_NAMES.filter((n) => n !== 'clinic-booking').map((n) => ({
    name: `pinecall-${n}`,
    load: () => JSON.parse(readFileSync(fixtureDoc(n), 'utf8')) as AgentDocument,
  })),
];

const jsonFiles = (set: string) => readdirSync(fixturesDir(set)).filter((f) => f.endsWith('.json')).sort();

describe('export goldens: the fixture set', () => {
  it('covers every JSON document fixture, each under its own name', () => {
    const names = FIXTURES.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(jsonFiles('block-agent')).toEqual(DOCUMENT_FIXTURES.filter((n) => n !== 'clinic-booking').map((n) => `${n}.json`).sort());
    expect(jsonFiles('pinecall')).toEqual(FIXTURE_NAMES.filter((n) => n !== 'clinic-booking').map((n) => `${n}.json`).sort());
  });
});

describe.each(FIXTURES)('export goldens: $name', ({ name, load }) => {
  const doc = load();

  it('exportJson matches json/<name>.callboard.json', () => {
    expectGolden(['json', `${name}.callboard.json`], exportJson(doc));
  });

  it('exportJson is lossless: the text parses to the document, and importJson reads it back', () => {
    const text = exportJson(doc);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toStrictEqual(doc);
    expect(importJson(text)).toStrictEqual({ ok: true, doc, migrated: [] });
  });

  it('stage names make distinct, safe file names', () => {
    const stageNames = doc.stages.map((s) => s.name);
    expect(new Set(stageNames.map((s) => s.normalize('NFC').toLowerCase())).size).toBe(stageNames.length);
    for (const stage of stageNames) expect(stage).toMatch(/^(?!\.\.?$)[^/\\\0]+$/);
  });

  it('openAiToolsForStage matches openai/<name>/<stage name>.json for every stage, and no other golden', () => {
    for (const stage of doc.stages) {
      expectGolden(['openai', name, `${stage.name}.json`], JSON.stringify(openAiToolsForStage(doc, stage.id), null, 2) + '\n');
    }
    const dir = goldenPath('openai', name);
    const wanted = doc.stages.map((s) => `${s.name}.json`).sort();
    if (update && existsSync(dir)) {
      for (const file of readdirSync(dir)) if (!wanted.includes(file)) rmSync(join(dir, file));
    }
    expect(existsSync(dir) ? readdirSync(dir).sort() : [], `stale goldens in openai/${name}: run with UPDATE_GOLDENS=1`).toEqual(wanted);
  });
});
