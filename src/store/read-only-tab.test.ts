// Issue 13: a tab opened read-only takes no edits and says so; two projects of one name are told
// apart (a new one with a taken name gets "(2)"; the list keeps the runtime and the stage count).
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentDocument } from '../model';
import { saveStatusText } from './access';
import { createAppStore } from './create';
import { createProjectRepository } from './persistence';
import { createProjectsController } from './projects-controller';
import { memoryLockHub, type ProjectLocks } from './tab-locks';

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));
let dbCount = 0;

async function openTab(db: string, locks: ProjectLocks) {
  const store = createAppStore();
  const controller = createProjectsController(store, createProjectRepository(db), () => structuredClone(sample), locks);
  await controller.boot();
  return { store, controller, edit: (persona: string) => store.getState().apply((doc) => ({ ...doc, persona })) };
}

describe('the read-only second tab', () => {
  it('after Open read-only, an edit (and undo) is refused and counted, nothing is saved, and the status says read-only', async () => {
    const db = `read-only-${dbCount++}`;
    const hub = memoryLockHub();
    await openTab(db, hub.locks());
    const b = await openTab(db, hub.locks());
    expect(saveStatusText(b.store.getState().access, b.store.getState().saveError)).toBe('Read-only — open in another tab');
    b.controller.stayReadOnly();
    b.edit('typed in the read-only tab');
    b.store.getState().undo();
    expect(b.store.getState().doc.persona).toBe(sample.persona);
    expect(b.store.getState().refusedEdits).toBe(2);
    expect(b.store.getState().access).toMatchObject({ mode: 'read-only', unsaved: false });
    await b.controller.flush();
    expect((await createProjectRepository(db).load(sample.id))?.doc.persona).toBe(sample.persona);

    // Take over here: the tab edits again, and the count starts afresh.
    await b.controller.takeOver();
    b.edit('now B edits');
    expect(b.store.getState().doc.persona).toBe('now B edits');
    expect(b.store.getState().refusedEdits).toBe(0);
    expect(saveStatusText(b.store.getState().access, b.store.getState().saveError)).toBe('Saved locally');
  });
});

describe('two projects of one name', () => {
  it('a new project whose name is taken gets "(2)", then "(3)"; the list keeps runtime and stages', async () => {
    const db = `names-${dbCount++}`;
    const { store, controller } = await openTab(db, memoryLockHub().locks());
    await controller.create('Intake');
    await controller.create('Intake');
    await controller.openDocument({ ...structuredClone(sample), id: 'other', name: 'intake' });
    await controller.flush();
    expect(store.getState().projects.map((p) => p.name).sort()).toEqual(['Clinic Booking', 'Intake', 'Intake (2)', 'intake (3)']);
    expect(store.getState().projects.find((p) => p.name === 'intake (3)')).toMatchObject({ target: 'pinecall', stages: 5 });
    expect(store.getState().projects.find((p) => p.name === 'Intake')).toMatchObject({ stages: 0 });
  });
});
