import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createAppStore } from './create';
import { createProjectRepository } from './persistence';
import { createProjectsController } from './projects-controller';
import { createVersionRepository } from './versions/repository';
import { startVersionRecorder } from './versions/recorder';
import { restoreVersion } from './versions/actions';
import type { AgentDocument } from '../model';

// Issue 15: a version opened read-only is shown in place of the open agent, takes no edit, is
// never saved nor recorded, and gives the open agent back as it was.
const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));
let dbCount = 0;

async function opened() {
  const store = createAppStore();
  const repo = createProjectRepository(`viewing-db${dbCount++}`);
  const controller = createProjectsController(store, repo, () => structuredClone(sample));
  await controller.boot();
  return { store, repo, controller };
}

const oldVersion = (doc: AgentDocument): AgentDocument => ({ ...structuredClone(doc), persona: 'The persona of an old version' });

describe('a version open read-only', () => {
  it('shows the version, refuses edits and undo, and gives back the open agent and its selection', async () => {
    const { store } = await opened();
    const live = store.getState().doc;
    store.getState().select({ kind: 'tool', id: live.tools[0]!.id });
    store.getState().viewVersion(oldVersion(live), 'the version of Monday');

    expect(store.getState().doc.persona).toBe('The persona of an old version');
    expect(store.getState().doc.id).toBe(live.id);
    expect(store.getState().selection).toEqual([]);
    const shown = store.getState().doc;
    store.getState().apply((doc) => ({ ...doc, persona: 'typed while viewing' }));
    store.getState().undo();
    expect(store.getState().doc).toBe(shown);
    expect(store.getState().refusedEdits).toBe(2);

    store.getState().closeViewing();
    expect(store.getState().doc).toBe(live);
    expect(store.getState().viewing).toBeNull();
    expect(store.getState().selection).toEqual([{ kind: 'tool', id: live.tools[0]!.id }]);
  });

  it('is never saved: a reload after viewing opens the open agent', async () => {
    const db = `viewing-db${dbCount++}`;
    const first = createAppStore();
    const controller = createProjectsController(first, createProjectRepository(db), () => structuredClone(sample));
    await controller.boot();
    first.getState().viewVersion(oldVersion(first.getState().doc), 'the version of Monday');
    await controller.flush();
    const again = createAppStore();
    await createProjectsController(again, createProjectRepository(db), () => structuredClone(sample)).boot();
    expect(again.getState().doc.persona).toBe(sample.persona);

    // An edit after going back is saved as usual.
    first.getState().closeViewing();
    first.getState().apply((doc) => ({ ...doc, persona: 'edited after viewing' }));
    await controller.flush();
    const third = createAppStore();
    await createProjectsController(third, createProjectRepository(db), () => structuredClone(sample)).boot();
    expect(third.getState().doc.persona).toBe('edited after viewing');
  });

  it('is not recorded as an automatic version, nor is going back', async () => {
    const { store } = await opened();
    const versions = createVersionRepository(`viewing-versions${dbCount++}`);
    const recorder = startVersionRecorder(store, versions, 10);
    store.getState().viewVersion(oldVersion(store.getState().doc), 'the version of Monday');
    store.getState().closeViewing();
    await recorder.flush();
    expect(await versions.list(store.getState().doc.id)).toEqual([]);
    recorder.dispose();
  });

  it('Restore from the view makes the open agent the version as one undo step', async () => {
    const { store } = await opened();
    const live = store.getState().doc;
    store.getState().viewVersion(oldVersion(live), 'the version of Monday');
    restoreVersion(store, store.getState().doc, 'the version of Monday');
    expect(store.getState().viewing).toBeNull();
    expect(store.getState().doc.persona).toBe('The persona of an old version');
    store.getState().undo();
    expect(store.getState().doc.persona).toBe(live.persona);
  });

  it('opening another project ends the view; that project is saved as usual', async () => {
    const { store, controller } = await opened();
    store.getState().viewVersion(oldVersion(store.getState().doc), 'the version of Monday');
    await controller.create('Second agent');
    expect(store.getState().viewing).toBeNull();
    expect(store.getState().doc.name).toBe('Second agent');
  });
});
