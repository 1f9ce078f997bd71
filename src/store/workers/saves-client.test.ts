// Saves through the saves worker's client, in place (Node has no Web Workers): the record on
// disk is the document saved, patch after patch, and a conflict is the SaveConflictError the
// projects controller handles. The worker itself: e2e (lost-work, versions, untrusted).
import 'fake-indexeddb/auto';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { frozenSample } from '../../model/ops/testing';
import { createProjectRepository, SaveConflictError } from '../persistence';
import { saveInWorker } from './saves-client';

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
});
