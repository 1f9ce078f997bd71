import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { createStore as createIdbStore, set } from 'idb-keyval';
import { createAppStore } from './create';
import { createProjectRepository, type ProjectRepository } from './persistence';
import { createProjectsController } from './projects-controller';
import { flushWhenPageHides } from './page-lifecycle';
import { memoryLockHub, type ProjectLocks } from './tab-locks';
import { memorySaveJournal } from './save-journal';
import type { AgentDocument } from '../model';

const sample: AgentDocument = JSON.parse(readFileSync(new URL('../../public/examples/clinic-booking.json', import.meta.url), 'utf8'));
let dbCount = 0;
const freshDb = () => `lost-work-${dbCount++}`;

/** One browser tab: its own store, controller and IndexedDB connection over a shared database. */
async function openTab(db: string, locks: ProjectLocks, repo: ProjectRepository = createProjectRepository(db)) {
  const store = createAppStore();
  const controller = createProjectsController(store, repo, () => structuredClone(sample), locks);
  await controller.boot();
  const edit = (persona: string) => store.getState().apply((doc) => ({ ...doc, persona }));
  return { store, controller, edit };
}

/** What a later page load would read. */
const savedPersona = async (db: string, id = sample.id) => (await createProjectRepository(db).load(id))?.doc.persona;

/** A repository whose writes start at once but report back only when `release()` is called (a slow disk). */
function slowRepository(db: string) {
  const real = createProjectRepository(db);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const started: Promise<number>[] = [];
  let slow = false;
  const repo: ProjectRepository = {
    ...real,
    save(doc, rev) {
      const write = real.save(doc, rev);
      started.push(write);
      return slow ? write.then(async (next) => (await gate, next)) : write;
    },
  };
  return { repo, started, release, slowDown: () => (slow = true) };
}

describe('saving when the page goes away', () => {
  it('flushNow starts the waiting write at once instead of behind the slow one in flight', async () => {
    const db = freshDb();
    const disk = slowRepository(db);
    const tab = await openTab(db, memoryLockHub().locks(), disk.repo);
    await tab.controller.flush();
    disk.slowDown();
    const before = disk.started.length;
    tab.edit('first edit');
    tab.edit('second edit');
    tab.edit('last edit before closing');
    // One write is in flight; the later edits wait for it as one pending document.
    expect(disk.started.length).toBe(before + 1);
    tab.controller.flushNow();
    expect(disk.started.length).toBe(before + 2);
    await Promise.all(disk.started);
    // The page is gone before the slow write even reported back: the last edit is on disk.
    expect(await savedPersona(db)).toBe('last edit before closing');
    disk.release();
    await tab.controller.flush();
    expect(tab.store.getState().saveError).toBeNull();
    expect(tab.store.getState().access).toEqual({ mode: 'edit' });
  });

  it('a burst of changes costs a few writes, and the last change is the one saved', async () => {
    const db = freshDb();
    const disk = slowRepository(db);
    const tab = await openTab(db, memoryLockHub().locks(), disk.repo);
    await tab.controller.flush();
    const before = disk.started.length;
    for (let i = 0; i < 200; i++) tab.edit(`frame ${i}`);
    await tab.controller.flush();
    expect(disk.started.length - before).toBeLessThanOrEqual(3);
    expect(await savedPersona(db)).toBe('frame 199');
  });

  it('hiding the page or closing it flushes; becoming visible again does not', () => {
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    const flushNow = vi.fn();
    const stop = flushWhenPageHides({ flushNow }, win as never, doc as never);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(flushNow).toHaveBeenCalledTimes(0);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(flushNow).toHaveBeenCalledTimes(1);
    win.dispatchEvent(new Event('pagehide'));
    expect(flushNow).toHaveBeenCalledTimes(2);
    stop();
    win.dispatchEvent(new Event('pagehide'));
    expect(flushNow).toHaveBeenCalledTimes(2);
  });
});

describe('the same agent in two tabs', () => {
  it('the second tab is read-only: its edits are kept in the tab and never written over the first', async () => {
    const db = freshDb();
    const hub = memoryLockHub();
    const a = await openTab(db, hub.locks());
    const b = await openTab(db, hub.locks());
    expect(a.store.getState().access).toEqual({ mode: 'edit' });
    expect(b.store.getState().access).toEqual({ mode: 'read-only', why: 'open-elsewhere', acknowledged: false, unsaved: false });
    a.edit('written in A');
    await a.controller.flush();
    b.edit('typed in B');
    await b.controller.flush();
    expect(await savedPersona(db)).toBe('written in A');
    expect(b.store.getState().access).toMatchObject({ mode: 'read-only', unsaved: true });
    expect(b.store.getState().saveError).toMatch(/Not saved/);
    b.controller.stayReadOnly();
    expect(b.store.getState().access).toMatchObject({ acknowledged: true });
  });

  it('Take over here loads the latest save; the first tab then stops saving', async () => {
    const db = freshDb();
    const hub = memoryLockHub();
    const a = await openTab(db, hub.locks());
    const b = await openTab(db, hub.locks());
    a.edit('A before the take-over');
    await a.controller.flush();
    await b.controller.takeOver();
    expect(b.store.getState().doc.persona).toBe('A before the take-over');
    expect(b.store.getState().access).toEqual({ mode: 'edit' });
    await vi.waitFor(() => expect(a.store.getState().access).toMatchObject({ mode: 'read-only', why: 'taken-over' }));
    a.edit('A after losing it');
    b.edit('B now edits');
    await Promise.all([a.controller.flush(), b.controller.flush()]);
    expect(await savedPersona(db)).toBe('B now edits');
  });

  it('Open a copy keeps the changes made in the read-only tab as a new project', async () => {
    const db = freshDb();
    const hub = memoryLockHub();
    const a = await openTab(db, hub.locks());
    const b = await openTab(db, hub.locks());
    b.edit('only in B');
    await b.controller.openCopy();
    const copy = b.store.getState().doc;
    expect(copy.id).not.toBe(sample.id);
    expect(copy.name).toBe('Clinic Booking (copy)');
    expect(b.store.getState().access).toEqual({ mode: 'edit' });
    expect(await savedPersona(db, copy.id)).toBe('only in B');
    expect(await savedPersona(db)).toBe(sample.persona);
    expect(a.store.getState().access).toEqual({ mode: 'edit' });
  });

  it('when the editing tab closes, the read-only tab takes the latest save and edits', async () => {
    const db = freshDb();
    const hub = memoryLockHub();
    const a = await openTab(db, hub.locks());
    const b = await openTab(db, hub.locks());
    a.edit('last words of A');
    await a.controller.flush();
    a.controller.dispose();
    await vi.waitFor(() => expect(b.store.getState().access).toEqual({ mode: 'edit' }));
    expect(b.store.getState().doc.persona).toBe('last words of A');
    b.edit('B carries on');
    await b.controller.flush();
    expect(await savedPersona(db)).toBe('B carries on');
  });

  it('without locks, a save over a newer record is refused and the user chooses', async () => {
    const db = freshDb();
    // Separate hubs: neither tab can see the other's lock (a browser without Web Locks).
    const a = await openTab(db, memoryLockHub().locks());
    const b = await openTab(db, memoryLockHub().locks());
    a.edit('A saved first');
    await a.controller.flush();
    b.edit('B saved on a stale copy');
    await b.controller.flush();
    expect(await savedPersona(db)).toBe('A saved first');
    expect(b.store.getState().access).toEqual({ mode: 'read-only', why: 'changed-elsewhere', acknowledged: false, unsaved: true });
    // Further edits in B are kept in B only.
    b.edit('B again');
    await b.controller.flush();
    expect(await savedPersona(db)).toBe('A saved first');

    await b.controller.loadSaved();
    expect(b.store.getState().doc.persona).toBe('A saved first');
    expect(b.store.getState().access).toEqual({ mode: 'edit' });
    b.edit('B on the latest');
    await b.controller.flush();
    expect(await savedPersona(db)).toBe('B on the latest');

    // Now A is the stale one; it chooses to overwrite.
    a.edit('A insists');
    await a.controller.flush();
    expect(a.store.getState().access).toMatchObject({ why: 'changed-elsewhere' });
    await a.controller.overwriteWithMine();
    expect(await savedPersona(db)).toBe('A insists');
    expect(a.store.getState().access).toEqual({ mode: 'edit' });
    a.edit('A goes on');
    await a.controller.flush();
    expect(await savedPersona(db)).toBe('A goes on');
  });
});

describe('a corrupted saved record', () => {
  async function seed(db: string) {
    const repo = createProjectRepository(db);
    await repo.save({ ...sample, id: 'good', name: 'Good one', persona: 'still fine' });
    const idb = createIdbStore(db, 'projects');
    await set('doc:broken', '{"format":"callboard.agent","name":"Half written', idb);
    await set('index', [
      { id: 'good', name: 'Good one', updatedAt: 1 },
      { id: 'broken', name: 'Half written', updatedAt: 2 },
    ], idb);
    await repo.writeSession({ currentId: 'broken' });
    return { repo, idb };
  }

  it('is named, the most recent readable project opens, and the record is left as it was', async () => {
    const db = freshDb();
    const { repo } = await seed(db);
    const tab = await openTab(db, memoryLockHub().locks());
    expect(tab.store.getState().brokenProjects).toEqual([{ id: 'broken', name: 'Half written', problems: [expect.any(String)] }]);
    expect(tab.store.getState().doc.id).toBe('good');
    expect(tab.store.getState().projects.map((p) => p.name).sort()).toEqual(['Good one', 'Half written']);
    expect(await repo.readRaw('broken')).toBe('{"format":"callboard.agent","name":"Half written');
  });

  it('offers what can be read as a file: the text as stored, or the record as JSON', async () => {
    const db = freshDb();
    const { idb } = await seed(db);
    const tab = await openTab(db, memoryLockHub().locks());
    expect(await tab.controller.recoverBroken('broken')).toEqual({
      fileName: 'Half-written.recovered.txt',
      text: '{"format":"callboard.agent","name":"Half written',
      type: 'text/plain',
    });
    const wrong = { ...sample, id: 'wrong', name: 'Wrong stages', stages: 'not a list', extra: 10n };
    await set('doc:wrong', wrong, idb);
    await tab.controller.open('wrong');
    expect(tab.store.getState().doc.id).toBe('good');
    expect(tab.store.getState().brokenProjects.map((b) => b.name)).toEqual(['Half written', 'Wrong stages']);
    const file = await tab.controller.recoverBroken('wrong');
    expect(file.fileName).toBe('Wrong-stages.recovered.json');
    expect(JSON.parse(file.text)).toEqual({ ...sample, id: 'wrong', name: 'Wrong stages', stages: 'not a list', extra: '10' });
    tab.controller.dismissBroken('wrong');
    expect(tab.store.getState().brokenProjects.map((b) => b.id)).toEqual(['broken']);
  });

  it('a damaged index is rebuilt from the records, so every project still lists and opens', async () => {
    const db = freshDb();
    const { idb } = await seed(db);
    await set('index', 'garbage', idb);
    const tab = await openTab(db, memoryLockHub().locks());
    expect(tab.store.getState().projects.map((p) => p.id).sort()).toEqual(['broken', 'good']);
    expect(tab.store.getState().doc.persona).toBe('still fine');
    tab.edit('saved with a rebuilt index');
    await tab.controller.flush();
    expect(tab.store.getState().projects.map((p) => p.id).sort()).toEqual(['broken', 'good']);
  });

  it('a broken record with the sample\'s id is not overwritten by the sample', async () => {
    const db = freshDb();
    const idb = createIdbStore(db, 'projects');
    await set(`doc:${sample.id}`, { ...sample, stages: 42 }, idb);
    await set('index', [{ id: sample.id, name: 'My edited sample', updatedAt: 1 }], idb);
    const tab = await openTab(db, memoryLockHub().locks());
    expect(tab.store.getState().brokenProjects.map((b) => b.name)).toEqual(['My edited sample']);
    expect(tab.store.getState().doc.id).not.toBe(sample.id);
    expect(tab.store.getState().doc.name).toBe('Clinic Booking');
    const repo = createProjectRepository(db);
    expect(await repo.readRaw(sample.id)).toEqual({ ...sample, stages: 42 });
  });
});

describe('the journal of a page that went away', () => {
  /** A repository whose writes never reach the disk once `drop()` is called: the tab closed mid-write. */
  function droppingRepository(db: string) {
    const real = createProjectRepository(db);
    let dropping = false;
    const repo: ProjectRepository = { ...real, save: (doc, rev) => (dropping ? new Promise<number>(() => undefined) : real.save(doc, rev)) };
    return { repo, drop: () => (dropping = true) };
  }

  it('edits whose IndexedDB write never landed are saved on the next boot from the journal', async () => {
    const db = freshDb();
    const journal = memorySaveJournal();
    const disk = droppingRepository(db);
    const store = createAppStore();
    const controller = createProjectsController(store, disk.repo, () => structuredClone(sample), memoryLockHub().locks(), journal);
    await controller.boot();
    await controller.flush();
    disk.drop();
    store.getState().apply((doc) => ({ ...doc, persona: 'typed just before closing' }));
    controller.flushNow();
    expect(journal.read()?.doc.persona).toBe('typed just before closing');
    expect(await savedPersona(db)).not.toBe('typed just before closing');

    const next = createAppStore();
    await createProjectsController(next, createProjectRepository(db), () => structuredClone(sample), memoryLockHub().locks(), journal).boot();
    expect(next.getState().doc.persona).toBe('typed just before closing');
    expect(await savedPersona(db)).toBe('typed just before closing');
    expect(journal.read()).toBeNull();
  });

  it('a journal older than what landed is dropped, never written over newer work', async () => {
    const db = freshDb();
    const journal = memorySaveJournal();
    const tab = await openTab(db, memoryLockHub().locks());
    await tab.controller.flush();
    journal.write({ id: sample.id, rev: 1, doc: { ...structuredClone(sample), persona: 'stale journal' } });
    tab.edit('saved later');
    await tab.controller.flush();
    const next = createAppStore();
    await createProjectsController(next, createProjectRepository(db), () => structuredClone(sample), memoryLockHub().locks(), journal).boot();
    expect(next.getState().doc.persona).toBe('saved later');
    expect(journal.read()).toBeNull();
  });
});
