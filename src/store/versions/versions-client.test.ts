// The versions client without Web Workers (Node): the repository runs in place behind the same
// API as in the worker, the documents it records sent as patches; what it keeps is the document
// the page had. The worker itself: e2e/versions*.spec.ts.
import 'fake-indexeddb/auto';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { frozenSample } from '../../model/ops/testing';
import { versionsInWorker } from './versions-client';

const sample = frozenSample();
const t0 = Date.UTC(2026, 11, 1, 9);
const MIN = 60_000;

describe('versionsInWorker', () => {
  it('records the documents it is sent as patches, whole and in order', async () => {
    const repo = versionsInWorker('versions-client-test');
    await repo.recordAuto(sample, t0);
    const typed = produce(sample, (d) => { d.stages[0].instructions += ' and more'; });
    await repo.recordAuto(typed, t0 + 2 * MIN);
    const named = produce(typed, (d) => { d.tools[0].description = 'named'; });
    await repo.saveNamed(named, 'before lunch', t0 + 3 * MIN);
    const versions = await repo.list(sample.id);
    expect(versions.map((v) => [v.kind, v.summary])).toEqual([['named', `tool ${sample.tools[0].name} (description)`], ['auto', `stage ${sample.stages[0].name} (instructions)`], ['auto', 'first version']]);
    const docs = await Promise.all(versions.map((v) => repo.get(sample.id, v.id)));
    expect(docs.map((v) => v?.doc)).toEqual([named, typed, sample]);
    expect(await repo.recordAuto(named, t0 + 4 * MIN)).toBeUndefined();
    await repo.remove(sample.id, versions[0].id);
    expect(await repo.list(sample.id)).toHaveLength(2);
  });
});
