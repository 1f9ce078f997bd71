import 'fake-indexeddb/auto';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { frozenSample, toolNamed } from '../../model/ops/testing';
import type { AgentDocument } from '../../model';
import { createVersionRepository, VersionsFullError } from './repository';

const sample = frozenSample();
const MIN = 60_000;
const t0 = Date.UTC(2026, 11, 1, 9);
let dbCount = 0;
const fresh = (budget?: number) => createVersionRepository(`versions-test-${dbCount++}`, budget);
const withDescription = (doc: AgentDocument, text: string) => produce(doc, (d) => { toolNamed(d, 'book').description = text; });

describe('version repository', () => {
  it('keeps one automatic version per minute of editing, each with what changed', async () => {
    const repo = fresh();
    await repo.recordAuto(sample, t0);
    await repo.recordAuto(withDescription(sample, 'one'), t0 + 10_000);
    await repo.recordAuto(withDescription(sample, 'two'), t0 + 50_000);
    let versions = await repo.list(sample.id);
    expect(versions.map((v) => v.summary)).toEqual(['first version']);
    expect((await repo.get(sample.id, versions[0].id))?.doc.tools.find((t) => t.name === 'book')?.description).toBe('two');
    await repo.recordAuto(withDescription(sample, 'three'), t0 + 2 * MIN);
    versions = await repo.list(sample.id);
    expect(versions.map((v) => v.summary)).toEqual(['tool book (description)', 'first version']);
  });

  it('a named version saved while an automatic one is being written is kept (the writes take turns)', async () => {
    const repo = fresh();
    await repo.recordAuto(sample, t0);
    await repo.recordAuto(withDescription(sample, 'one'), t0 + 2 * MIN);
    // Not awaited one by one: the burst lands while "Save version…" writes, as in the app.
    await Promise.all([repo.saveNamed(withDescription(sample, 'one'), 'second', t0 + 2 * MIN + 5_000), repo.recordAuto(withDescription(sample, 'two'), t0 + 2 * MIN + 6_000)]);
    const versions = await repo.list(sample.id);
    expect(versions.map((v) => v.note ?? v.kind)).toEqual(['auto', 'second', 'auto', 'auto']);
  });

  it('records nothing when nothing changed', async () => {
    const repo = fresh();
    await repo.recordAuto(sample, t0);
    expect(await repo.recordAuto(sample, t0 + 5 * MIN)).toBeUndefined();
    expect(await repo.list(sample.id)).toHaveLength(1);
  });

  it('a named version keeps its note, is never thinned, and opens with its document', async () => {
    const repo = fresh();
    const named = await repo.saveNamed(withDescription(sample, 'named one'), '  before the refill flow ', t0);
    for (let i = 1; i <= 30; i += 1) await repo.recordAuto(withDescription(sample, `edit ${i}`), t0 + i * 2 * MIN + 3 * 24 * 60 * MIN);
    const versions = await repo.list(sample.id);
    expect(versions.find((v) => v.id === named.id)).toMatchObject({ kind: 'named', note: 'before the refill flow' });
    expect((await repo.get(sample.id, named.id))?.doc.tools.find((t) => t.name === 'book')?.description).toBe('named one');
  });

  it('thins old automatic versions as time passes', async () => {
    const repo = fresh();
    for (let i = 0; i < 6; i += 1) await repo.recordAuto(withDescription(sample, `edit ${i}`), t0 + i * 2 * MIN);
    expect(await repo.list(sample.id)).toHaveLength(6);
    // Two days later the six (09:00–09:10, one hour) are one: the newest of them, and the new one.
    await repo.recordAuto(withDescription(sample, 'later'), t0 + 2 * 24 * 60 * MIN);
    expect((await repo.list(sample.id)).map((v) => v.summary)).toEqual(['tool book (description)', expect.any(String)]);
    expect(await repo.list(sample.id)).toHaveLength(2);
  });

  it('refuses a named version past the budget with what to do, and loses nothing', async () => {
    const size = JSON.stringify(sample).length;
    const repo = fresh(Math.round(size * 1.5));
    await repo.saveNamed(sample, 'first', t0);
    await expect(repo.saveNamed(withDescription(sample, 'x'), 'second', t0 + MIN)).rejects.toThrow(VersionsFullError);
    await expect(repo.saveNamed(withDescription(sample, 'x'), 'second', t0 + MIN)).rejects.toThrow(/Delete a named version, or export the project as \.zip/);
    expect((await repo.list(sample.id)).map((v) => v.note)).toEqual(['first']);
  });

  it('brings named versions back from an import with their times and notes', async () => {
    const repo = fresh();
    await repo.importNamed('proj-x', [{ at: t0, note: 'v1', doc: sample }, { at: t0 + MIN, note: 'v2', doc: withDescription(sample, 'z') }]);
    const versions = await repo.list('proj-x');
    expect(versions.map((v) => [v.note, v.at, v.kind])).toEqual([['v2', t0 + MIN, 'named'], ['v1', t0, 'named']]);
    expect(versions[0].summary).toBe('tool book (description)');
    expect((await repo.get('proj-x', versions[0].id))?.doc.id).toBe('proj-x');
  });
});
