// Saves through the saves worker's client, in place (Node has no Web Workers): the record on
// disk is the document saved, patch after patch, and a conflict is the SaveConflictError the
// projects controller handles. The worker itself: e2e (lost-work, versions, untrusted).
import 'fake-indexeddb/auto';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { frozenSample } from '../../model/ops/testing';
import { createProjectRepository, SaveConflictError } from '../persistence';
import { holdInWorker, saveInWorker } from './saves-client';
import { savesApi } from './saves-api';
import { valuePatch } from './doc-wire';

const sample = frozenSample();

describe('saveInWorker', () => {
  it('writes each document whole on disk, with its revision and summary', async () => {
    const db = 'saves-client-test';
    const repo = createProjectRepository(db, 'projects', 'here');
    expect(await saveInWorker(db, 'projects', sample)).toBe(1);
    const typed = produce(sample, (d) => { d.stages[0].instructions += ' and more'; });
    expect(await saveInWorker(db, 'projects', typed, 1)).toBe(2);
    const renamed = produce(typed, (d) => { d.name = 'Renamed'; });
    expect(await saveInWorker(db, 'projects', renamed, 2)).toBe(3);
    expect(await repo.load(sample.id)).toEqual({ doc: renamed, rev: 3 });
    expect((await repo.list()).map((p) => p.name)).toEqual(['Renamed']);
    const refused = await saveInWorker(db, 'projects', typed, 1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SaveConflictError);
    expect(refused).toMatchObject({ projectId: sample.id, expected: 1, found: 3 });
    expect((await repo.load(sample.id))?.doc).toEqual(renamed);
  });

  it('holds an opened document without saving it, as the base the next save patches', async () => {
    const db = 'saves-client-hold-test';
    const repo = createProjectRepository(db, 'projects', 'here');
    const other = { ...sample, id: 'held-project' };
    await holdInWorker(other);
    expect(await repo.load(other.id)).toBeUndefined();
    const typed = produce(other, (d) => { d.stages[0].instructions += ' held'; });
    expect(await saveInWorker(db, 'projects', typed)).toBe(1);
    expect(await repo.load(other.id)).toEqual({ doc: typed, rev: 1 });

    // The worker's side: a patch against the held document makes the edited one.
    const api = savesApi();
    await api.hold({ kind: 'full', key: 1, doc: other });
    const outcome = await api.save(db, 'projects', { kind: 'patch', key: 2, base: 1, patch: valuePatch(other, typed)! }, 1);
    expect(outcome).toEqual({ ok: true, rev: 2 });
    expect((await repo.load(other.id))?.doc).toEqual(typed);
    // Without the hold, the same patch names a base the worker never had.
    await expect(savesApi().save(db, 'projects', { kind: 'patch', key: 2, base: 1, patch: valuePatch(other, typed)! }, 2)).rejects.toThrow(/no longer holds/);
  });
});
