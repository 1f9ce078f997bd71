import { expect, test, type Locator, type Page } from '@playwright/test';
import { appState, openApp } from './helpers';
import { openSimulator, say } from './sim-helpers';

// Issue 13: pii showed in clear in the change log ("Jane Doe") while the chat masked it. Now every
// view of a run masks it (change log, state panel, chat tool rows, turn inspector), by name and by
// value: here the sample's collect_identity also copies the caller's name into booking_when, a
// field not marked pii, as an agent's code may. Only the turn inspector can reveal it, one step at
// a time, and nothing of that is kept. The run is the offline model's (no network).

const SHOTS = process.env.SIM_SHOTS ?? '/tmp';

// A taller page, so the dock (a quarter of the height) shows a whole panel in the screenshots.
test.use({ viewport: { width: 1440, height: 1300 } });
// Whole runs on the offline model, on a shared machine: more than the default minute.
test.describe.configure({ timeout: 180_000 });
const INTENT = "Hi, I'd like to reserve a spot please.";
const IDENTITY = "I'm Dana Whitfield, you can reach me on 555 123 4567.";
const NAME = 'Dana Whitfield';
const PHONE = '5551234567';

/** The whole markup of a panel: text, titles and closed <details> included, so "masked" means not in the DOM at all. */
const markup = (locator: Locator) => locator.evaluate((el) => el.outerHTML);

async function expectMasked(locator: Locator) {
  const html = await markup(locator);
  expect(html).not.toContain(NAME);
  expect(html).not.toContain('Whitfield');
  expect(html).not.toContain(PHONE);
  expect(html).toContain('***');
}

/** The sample, with collect_identity also writing the name into booking_when (not pii), then two caller lines. */
async function identify(page: Page) {
  await openApp(page);
  await page.evaluate(() =>
    (window as any).__callboard.store.getState().apply((doc: any) => ({
      ...doc,
      tools: doc.tools.map((t: any) => (t.name === 'collect_identity' ? { ...t, implementation: `this.booking_when = "for " + caller_name;\n${t.implementation}` } : t)),
    })),
  );
  await openSimulator(page);
  await say(page, INTENT);
  await say(page, IDENTITY);
  // The run did write the real values: only the views mask them.
  const state = await appState(page, (s) => s.session.state);
  expect(state).toMatchObject({ caller_name: NAME, caller_phone: PHONE, booking_when: `for ${NAME}` });
}

test('pii is masked in the chat tool rows, the state panel and the change log, copies included', async ({ page }) => {
  await identify(page);

  // The chat: collect_identity's row, opened, shows *** for the name and the phone.
  const row = page.getByTestId('sim-tool-collect_identity');
  await row.getByRole('button').first().click();
  await expect(page.getByTestId('sim-tool-detail-collect_identity')).toContainText('"caller_name": "***"');
  await expectMasked(row);

  // The state panel beside the chat: the pii fields and the copy in booking_when.
  const statePanel = page.getByTestId('state-panel');
  await expect(statePanel.locator('[data-field="caller_name"]').getByTestId('state-value')).toHaveText('***');
  await expect(statePanel.locator('[data-field="booking_when"]').getByTestId('state-value')).toHaveText('"for ***"');
  await expectMasked(statePanel);
  await page.screenshot({ path: `${SHOTS}/h13b-pii-chat-state.png` });

  // The change log: the pii writes, and the write of booking_when that carries the name.
  await page.getByTestId('dock-tab-changelog').click();
  const log = page.getByTestId('changelog-panel');
  const copy = log.getByTestId('change-row').filter({ has: page.locator('td.cl-field', { hasText: /^booking_when$/ }) });
  await expect(copy.locator('.cl-value')).toHaveText('""→"for ***"');
  await expect(log.getByTestId('change-row').filter({ has: page.locator('td.cl-field', { hasText: /^caller_name$/ }) }).locator('.cl-value')).toHaveText('***→***');
  await expectMasked(log);
  await page.screenshot({ path: `${SHOTS}/h13b-pii-changelog.png` });
});

test('the turn inspector masks every text of a step and reveals one step on request, never kept', async ({ page }) => {
  await identify(page);
  await page.getByTestId('dock-tab-turns').click();
  const inspector = page.getByTestId('turn-inspector');
  const stepSelect = page.getByTestId('step-select');
  const step = await appState(page, (s) => s.session.turn);
  await stepSelect.selectOption(String(step));

  // The prompt's history, the model's tool call and the raw wire JSON hold the name: all masked.
  await expect(inspector.getByTestId('call-details')).toBeVisible();
  await expectMasked(inspector);
  const reveal = page.getByTestId('pii-reveal');
  await expect(reveal).toHaveText('Reveal pii');
  await expect(reveal).toHaveAttribute('aria-pressed', 'false');
  await page.screenshot({ path: `${SHOTS}/h13b-turns-masked.png` });

  // Reveal: this step's values in clear, said so in a band; the other views still mask them.
  await reveal.click();
  await expect(reveal).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('pii-revealed')).toContainText(`pii of step ${step} shown in clear`);
  expect(await markup(inspector)).toContain(NAME);
  await expect(inspector.getByTestId('step-event').filter({ hasText: 'collect_identity' }).first()).toContainText(NAME);
  await page.screenshot({ path: `${SHOTS}/h13b-turns-revealed.png` });

  // The other views still mask; and leaving the inspector forgets the reveal.
  await page.getByTestId('dock-tab-changelog').click();
  await expectMasked(page.getByTestId('changelog-panel'));
  await page.getByTestId('dock-tab-turns').click();
  await stepSelect.selectOption(String(step));
  await expect(reveal).toHaveAttribute('aria-pressed', 'false');
  await expectMasked(inspector);
  await reveal.click();

  // Another step masks again, and coming back does not bring the reveal back.
  await stepSelect.selectOption(String(step - 1));
  await expect(reveal).toHaveAttribute('aria-pressed', 'false');
  await stepSelect.selectOption(String(step));
  await expectMasked(inspector);

  // Hide undoes Reveal; and a reveal is in no store, no saved project, no storage.
  await reveal.click();
  await expect(reveal).toHaveText('Hide pii');
  await reveal.click();
  await expectMasked(inspector);
  await reveal.click();
  const kept = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
  expect(kept).not.toContain('reveal');
  await page.reload();
  await page.waitForFunction(() => (window as any).__callboard?.store.getState().loaded === true);
  expect(await appState(page, (s) => s.session)).toBeNull();
});
