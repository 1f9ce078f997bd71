import { expect, type Locator, type Page } from '@playwright/test';

/** Small drivers shared by the specs (design.md convention 9). */
export async function openApp(page: Page, query = '') {
  await page.goto(`/${query}`);
  await expect(page.locator('.topbar')).toBeVisible();
  await page.waitForFunction(() => (window as any).__callboard?.store.getState().loaded === true);
}

export function appState<T>(page: Page, read: (state: any) => T): Promise<T> {
  // A field's last keystroke writes after its frame (store/pending-writes.ts): land it before reading.
  return page.evaluate(`(window.__callboard.settle(), (${read.toString()})(window.__callboard.store.getState()))`) as Promise<T>;
}

/** Resolves when every change so far is saved to IndexedDB. */
export async function flushSaves(page: Page) {
  await page.evaluate(() => {
    (window as any).__callboard.settle();
    return (window as any).__callboard.projects.flush();
  });
}

export async function select(page: Page, kind: string, id?: string) {
  await page.evaluate(([k, i]) => (window as any).__callboard.store.getState().select({ kind: k, id: i }, { reveal: true }), [kind, id] as const);
}

/**
 * Clicks an edge's label as a person does, once the canvas has stopped moving (a selection before
 * it pans the view), and waits until the click selected that edge: a key pressed next acts on it.
 */
export async function clickEdgeLabel(page: Page, id: string) {
  // A click that landed while the canvas re-laid itself out (a busy machine draws late) selected
  // nothing: click again once the label is still, until the edge is selected, as a person would.
  await expect(async () => {
    await clickWhenStill(page.getByTestId(`edge-label-${id}`));
    await expect.poll(() => page.evaluate(() => (window as any).__callboard.store.getState().selection), { timeout: 3000 }).toEqual([{ kind: 'edge', id }]);
  }).toPass({ timeout: 20000 });
}

/**
 * Clicks something on the canvas once it stops moving: a selection made elsewhere (the outline, the
 * inspector) pans the canvas to it, and a click during the pan lands beside its target.
 */
export async function clickWhenStill(target: Locator) {
  let last = '';
  await expect.poll(async () => {
    const box = await target.boundingBox();
    const now = box ? `${Math.round(box.x)},${Math.round(box.y)}` : '';
    const still = now !== '' && now === last;
    last = now;
    return still;
  }, { message: 'the target stays still in view' }).toBe(true);
  await target.click();
}

/**
 * Everything of the page a hostile file or a tool must not reach, read from the page itself:
 * cookies, localStorage, every IndexedDB store (key → record), the title and address, an injected
 * #pwned element, and whether the page's prototypes were polluted.
 */
export function pageData(page: Page) {
  return page.evaluate(async () => {
    // The app's own pending write of a version (a pause after an edit) lands first, so a snapshot
    // taken before a step and one after differ only by what the step itself did.
    await (window as any).__callboard?.versionRecorder?.flush();
    const local = Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]));
    const idb: Record<string, Record<string, unknown>> = {};
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const read = <T,>(request: IDBRequest<T>) => new Promise<T>((resolve) => (request.onsuccess = () => resolve(request.result)));
        const store = db.transaction(name).objectStore(name);
        const keys = (await read(store.getAllKeys())) as IDBValidKey[];
        const values = await read(store.getAll());
        idb[`${info.name}/${name}`] = Object.fromEntries(keys.map((k, i) => [String(k), values[i]]));
      }
      db.close();
    }
    return {
      cookie: document.cookie, local, idb, title: document.title, href: location.href, pwned: document.querySelectorAll('#pwned').length,
      polluted: [({} as any).polluted, ([] as any).polluted, (Object.prototype as any).target],
    };
  });
}
export type PageData = Awaited<ReturnType<typeof pageData>>;

/** A point on the canvas where the empty pane (no card, no edge) is under the pointer. */
export async function emptyPanePoint(page: Page) {
  const box = (await page.getByTestId('canvas').boundingBox())!;
  for (const fy of [0.82, 0.18, 0.9, 0.12]) {
    for (const fx of [0.5, 0.35, 0.65]) {
      const point = { x: box.x + box.width * fx, y: box.y + box.height * fy };
      const isPane = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.classList.contains('react-flow__pane') ?? false, point);
      if (isPane) return point;
    }
  }
  throw new Error('no empty spot on the canvas');
}

/** The dock starts short; a user drags its separator up to read a table or a file in it. */
export async function tallerDock(page: Page) {
  const separator = page.locator('.separator.horizontal');
  const box = (await separator.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, 420, { steps: 5 });
  await page.mouse.up();
}

/** Replaces the selected tool's docstring as a person does: into the Monaco field, everything selected, the new text typed (the edit not ended). */
export async function typeDocstring(page: Page, text: string) {
  const field = page.getByTestId('docstring-editor');
  await field.locator('textarea').click();
  await expect(field).toHaveAttribute('data-editor', 'monaco', { timeout: 30_000 });
  await page.locator('[data-testid="docstring-monaco"] .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}
