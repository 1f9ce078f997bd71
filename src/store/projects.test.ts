import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createAppStore } from './create';
import { createProjectRepository } from './persistence';
import { createProjectsController } from './projects-controller';
import type { AgentDocument } from '../model';

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));
let dbCount = 0;

/** One "page load": a new store and controller over the same database. */
async function pageLoad(dbName: string) {
  const store = createAppStore();
  const repo = createProjectRepository(dbName);
  const controller = createProjectsController(store, repo, () => structuredClone(sample));
  await controller.boot();
  return { store, controller };
}

describe('projects and autosave', () => {
  it('opens the sample on a first visit and lists it', async () => {
    const { store } = await pageLoad(`db${dbCount++}`);
    expect(store.getState().doc.name).toBe('Clinic Booking');
    expect(store.getState().projects.map((p) => p.name)).toEqual(['Clinic Booking']);
    expect(store.getState().loaded).toBe(true);
  });

  it('waits for a sample that loads lazily (main.tsx imports it after the first paint)', async () => {
    const store = createAppStore();
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const lazySample = async () => {
      await arrived;
      return structuredClone(sample);
    };
    const booting = createProjectsController(store, createProjectRepository(`db${dbCount++}`), lazySample).boot();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getState().loaded).toBe(false);
    release();
    await booting;
    expect(store.getState().loaded).toBe(true);
    expect(store.getState().doc.name).toBe('Clinic Booking');
  });

  it('saves every change, and a reload restores the document and the selection exactly', async () => {
    const db = `db${dbCount++}`;
    const first = await pageLoad(db);
    first.store.getState().apply((doc) => ({ ...doc, persona: 'Edited persona' }));
    first.store.getState().select({ kind: 'tool', id: 't_book' });
    first.controller.saveViewport({ x: 12, y: -40, zoom: 0.8 });
    await first.controller.flush();
    first.controller.dispose();
    const second = await pageLoad(db);
    expect(second.store.getState().doc).toEqual(first.store.getState().doc);
    expect(second.store.getState().selection).toEqual([{ kind: 'tool', id: 't_book' }]);
    expect(second.controller.restoredViewport()).toEqual({ x: 12, y: -40, zoom: 0.8 });
  });

  it('new, rename, duplicate, open and delete', async () => {
    const db = `db${dbCount++}`;
    const { store, controller } = await pageLoad(db);
    const sampleId = store.getState().doc.id;
    await controller.create('Empty one');
    expect(store.getState().doc.stages).toEqual([]);
    const emptyId = store.getState().doc.id;
    await controller.rename(emptyId, 'Renamed');
    await controller.flush();
    expect(store.getState().projects.find((p) => p.id === emptyId)?.name).toBe('Renamed');
    await controller.duplicate(sampleId);
    expect(store.getState().doc.name).toBe('Clinic Booking (copy)');
    expect(store.getState().doc.id).not.toBe(sampleId);
    expect(store.getState().projects).toHaveLength(3);
    await controller.open(sampleId);
    expect(store.getState().doc.id).toBe(sampleId);
    await controller.remove(sampleId);
    await controller.flush();
    expect(store.getState().projects.map((p) => p.id)).not.toContain(sampleId);
    expect(store.getState().doc.id).not.toBe(sampleId);
  });

  it('a project that cannot be read is named, kept untouched, and the sample opens instead', async () => {
    const db = `db${dbCount++}`;
    const repo = createProjectRepository(db);
    const broken = { ...sample, id: 'broken', name: 'Broken one', stages: [{ nonsense: true }] };
    await repo.save(broken as never);
    await repo.writeSession({ currentId: 'broken' });
    const store = createAppStore();
    await createProjectsController(store, repo, () => structuredClone(sample)).boot();
    expect(store.getState().brokenProjects).toMatchObject([{ id: 'broken', name: 'Broken one' }]);
    expect(store.getState().brokenProjects[0].problems).toContain('/stages/0/nonsense remove the unknown property "nonsense"');
    expect(store.getState().doc.name).toBe('Clinic Booking');
    expect(await repo.readRaw('broken')).toEqual(broken);
  });
});
