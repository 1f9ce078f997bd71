// The export client without Web Workers (Node): the same API runs in place, through the same
// document patches and answers relative to the last one; each view equals exportAs of its
// document, and the parts an edit did not change keep their identity. The worker: e2e (export).
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { frozenSample } from '../../model/ops/testing';
import { exportAs } from '../../formats/export-as';
import { exportInWorker } from './export-client';

const sample = frozenSample();

describe('exportInWorker', () => {
  it('answers each ask with exportAs of its document, unchanged parts kept', async () => {
    const first = await exportInWorker(sample, 'ts', null);
    expect(first).toEqual(exportAs(sample, 'ts', null));
    const typed = produce(sample, (d) => { d.stages[0].instructions += ' Say hello.'; });
    const second = await exportInWorker(typed, 'ts', null);
    expect(second).toEqual(exportAs(typed, 'ts', null));
    expect(second!.text).toContain('Say hello.');
    expect(second!.losses).toBe(first!.losses);
    expect(second!.notes).toBe(first!.notes);
    // Another format: a whole new text, relative to nothing it shares.
    const yaml = await exportInWorker(typed, 'yaml', null);
    expect(yaml).toEqual(exportAs(typed, 'yaml', null));
    const stage = typed.stages[1].id;
    expect(await exportInWorker(typed, 'openai', stage)).toEqual(exportAs(typed, 'openai', stage));
    // A change that adds a loss: the losses are new, and right.
    const lossy = produce(typed, (d) => { d.tools[0].timeout = 12; });
    expect(await exportInWorker(lossy, 'yaml', null)).toEqual(exportAs(lossy, 'yaml', null));
    expect(await exportInWorker(lossy, 'yaml', null)).toEqual(exportAs(lossy, 'yaml', null));
  });
});
