import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { appState, flushSaves, openApp, select } from './helpers';

// Work is never lost (issue 5, point 6): closing mid-edit, two tabs on one agent, a broken record.

const SAMPLE_ID = 'sample-clinic-booking';
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-lostwork';

/** Reads or writes one key of the app's IndexedDB store directly, as another writer (or a disk fault) would. */
function idb(page: Page, op: 'get' | 'put', key: string, value?: unknown): Promise<unknown> {
  return page.evaluate(([op, key, value]) => new Promise((resolve, reject) => {
    const open = indexedDB.open('callboard');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('projects', op === 'get' ? 'readonly' : 'readwrite');
      const request = op === 'get' ? tx.objectStore('projects').get(key as string) : tx.objectStore('projects').put(value, key as string);
      tx.oncomplete = () => {
        db.close();
        resolve(request.result);
      };
      tx.onerror = () => reject(tx.error);
    };
  }), [op, key, value] as const);
}

const savedDoc = (page: Page, id = SAMPLE_ID) => idb(page, 'get', `doc:${id}`) as Promise<any>;

async function typeInPersona(page: Page, text: string) {
  await page.evaluate(() => (window as any).__callboard.store.getState().select(null));
  const persona = page.getByTestId('field-agent-persona').locator('textarea');
  await persona.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

test.describe('work is never lost', () => {
  // Two pages and several reloads each: slow on a loaded machine, not stuck.
  test.describe.configure({ timeout: 240_000 });

  test('edits made right before the tab closes are there when the agent opens again', async ({ page, context }) => {
    await openApp(page);
    await select(page, 'stage', 's_choose');
    const name = page.getByTestId('field-stage-name').locator('input');
    await name.fill('pick_slot');
    await name.press('Enter');
    // A burst of keystrokes, each one a change to save, and the tab closes at once: no waiting for saves.
    await typeInPersona(page, ' Keep it short.');
    const edited = await appState(page, (s) => ({ stage: s.doc.stages.find((x: any) => x.id === 's_choose').name, persona: s.doc.persona }));
    expect(edited.stage).toBe('pick_slot');
    expect(edited.persona).toMatch(/Keep it short\.$/);
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;

    const again = await context.newPage();
    // A page in the background gets no animation frames (openApp waits on them): bring it forward.
    await again.bringToFront();
    await openApp(again);
    expect(await appState(again, (s) => ({ stage: s.doc.stages.find((x: any) => x.id === 's_choose').name, persona: s.doc.persona }))).toEqual(edited);
    await expect(again.getByTestId('tab-conflict-banner')).toHaveCount(0);
  });

  test('a second tab on the same agent warns and never writes over the first', async ({ page: first, context }) => {
    await openApp(first);
    const second = await context.newPage();
    await openApp(second);
    const banner = second.getByTestId('tab-conflict-banner');
    await expect(banner).toContainText('“Clinic Booking” is open in another tab');
    await expect(banner).toContainText('this tab is not saving');
    await expect(first.getByTestId('tab-conflict-banner')).toHaveCount(0);
    await second.screenshot({ path: `${SHOTS}/second-tab-warning.png` });

    // The first tab edits and saves; the second tab's edits stay in the second tab.
    await first.bringToFront();
    await first.getByTestId('target-switch').getByRole('button', { name: 'Block Agent' }).click();
    await flushSaves(first);
    await second.bringToFront();
    await typeInPersona(second, ' Typed in tab two.');
    await flushSaves(second);
    await expect(second.getByTestId('save-status')).toHaveText('Read-only — open in another tab');
    await expect(banner).toContainText('Your changes in this tab are kept only by Open a copy');
    const saved = await savedDoc(first);
    expect(saved.target).toBe('block-agent');
    expect(saved.persona).not.toContain('Typed in tab two');

    await banner.getByRole('button', { name: 'Open read-only' }).click();
    await expect(banner).toContainText('Read-only: “Clinic Booking” is being edited in another tab');
    await second.screenshot({ path: `${SHOTS}/second-tab-read-only.png` });
    await typeInPersona(second, ' More.');
    await flushSaves(second);
    expect((await savedDoc(first)).persona).toBe(saved.persona);
  });

  test('Take over here moves editing to the second tab; the first keeps its late edit as a copy', async ({ page: first, context }) => {
    await openApp(first);
    await first.getByTestId('target-switch').getByRole('button', { name: 'Block Agent' }).click();
    await flushSaves(first);
    const second = await context.newPage();
    await openApp(second);
    const banner = second.getByTestId('tab-conflict-banner');
    // Take over: the second tab gets the first tab's saved work, and the first tab stops saving.
    await banner.getByRole('button', { name: 'Take over here' }).click();
    await expect(banner).toHaveCount(0);
    expect(await appState(second, (s) => s.doc.target)).toBe('block-agent');
    const firstBanner = first.getByTestId('tab-conflict-banner');
    await first.bringToFront();
    await expect(firstBanner).toContainText('“Clinic Booking” was taken over by another tab');
    await first.screenshot({ path: `${SHOTS}/first-tab-taken-over.png` });
    await typeInPersona(first, ' Late edit.');
    await flushSaves(first);
    await second.bringToFront();
    await typeInPersona(second, ' Tab two edits.');
    await flushSaves(second);
    const afterTakeOver = await savedDoc(second);
    expect(afterTakeOver.persona).toMatch(/Tab two edits\.$/);
    expect(afterTakeOver.persona).not.toContain('Late edit');

    await first.bringToFront();
    await firstBanner.getByRole('button', { name: 'Open a copy' }).click();
    await expect(first.getByTestId('project-menu-button')).toHaveText(/Clinic Booking \(copy\)/);
    await expect(firstBanner).toHaveCount(0);
    await flushSaves(first);
    const copyId = await appState(first, (s) => s.doc.id);
    expect((await savedDoc(first, copyId)).persona).toMatch(/Late edit\.$/);
    expect((await savedDoc(first)).persona).toMatch(/Tab two edits\.$/);
  });

  test('a save over a record another writer changed is refused and the user chooses', async ({ page }) => {
    await openApp(page);
    const theirs = { ...(await savedDoc(page)), persona: 'Written by another window.' };
    const rev = (await idb(page, 'get', `rev:${SAMPLE_ID}`)) as number;
    await idb(page, 'put', `doc:${SAMPLE_ID}`, theirs);
    await idb(page, 'put', `rev:${SAMPLE_ID}`, rev + 1);
    await typeInPersona(page, ' Mine.');
    const banner = page.getByTestId('tab-conflict-banner');
    await expect(banner).toContainText('was changed in another tab or window');
    await page.screenshot({ path: `${SHOTS}/changed-elsewhere.png` });
    expect((await savedDoc(page)).persona).toBe('Written by another window.');
    await banner.getByRole('button', { name: 'Load the saved version' }).click();
    await expect(banner).toHaveCount(0);
    expect(await appState(page, (s) => s.doc.persona)).toBe('Written by another window.');
    await typeInPersona(page, ' Then mine.');
    await flushSaves(page);
    expect((await savedDoc(page)).persona).toBe('Written by another window. Then mine.');
  });

  test('a corrupted saved project is named, the app opens, and what can be read downloads', async ({ page }) => {
    await openApp(page);
    await flushSaves(page);
    const half = '{"format":"callboard.agent","version":1,"id":"half","name":"Half written agent","stages":[{"id":"s_a"';
    const bad = { ...(await savedDoc(page)), id: 'bad', name: 'Wrong shape', stages: 'not a list' };
    // The broken records are written from a page of the same origin where the app does not run (a
    // static file): no save of the app's own (on a timer, or as the page goes) can land after them.
    await page.goto('/examples/clinic-booking.json');
    await idb(page, 'put', 'doc:half', half);
    await idb(page, 'put', 'doc:bad', bad);
    const index = (await idb(page, 'get', 'index')) as any[];
    await idb(page, 'put', 'index', [...index, { id: 'half', name: 'Half written agent', updatedAt: Date.now() + 1 }, { id: 'bad', name: 'Wrong shape', updatedAt: 1 }]);
    await idb(page, 'put', 'session', { currentId: 'half' });
    await openApp(page);

    const banner = page.locator('[data-testid="broken-project-banner"][data-project-id="half"]');
    await expect(banner).toContainText('The saved project “Half written agent” could not be read');
    await expect(page.getByTestId('project-menu-button')).toHaveText(/Clinic Booking/);
    await page.screenshot({ path: `${SHOTS}/broken-project.png` });
    const [text] = await Promise.all([page.waitForEvent('download'), banner.getByTestId('broken-project-download').click()]);
    expect(text.suggestedFilename()).toBe('Half-written-agent.recovered.txt');
    expect(readFileSync(await text.path(), 'utf8')).toBe(half);
    expect(await idb(page, 'get', 'doc:half')).toBe(half);

    // Opening the other broken one from the project list names it too; the open agent stays.
    await page.getByTestId('project-menu-button').click();
    await page.locator('[data-project-name="Wrong shape"] .name').click();
    const second = page.locator('[data-testid="broken-project-banner"][data-project-id="bad"]');
    await expect(second).toContainText('“Wrong shape” could not be read');
    await second.getByText('What is wrong').click();
    await expect(second).toContainText('/stages');
    await page.screenshot({ path: `${SHOTS}/two-broken-projects.png` });
    const [json] = await Promise.all([page.waitForEvent('download'), second.getByTestId('broken-project-download').click()]);
    expect(json.suggestedFilename()).toBe('Wrong-shape.recovered.json');
    expect(JSON.parse(readFileSync(await json.path(), 'utf8'))).toEqual(bad);
    await page.getByTestId('project-menu-button').click();
    await expect(page.locator('[data-project-name="Wrong shape"]')).toContainText('(unreadable)');
    await page.keyboard.press('Escape');
    await second.getByRole('button', { name: 'Dismiss the message about Wrong shape' }).click();
    await expect(second).toHaveCount(0);
    expect(await appState(page, (s) => s.doc.name)).toBe('Clinic Booking');
  });
});
