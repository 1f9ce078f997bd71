import { expect, test, type Page } from '@playwright/test';
import { appState, openApp, select } from './helpers';

// Monaco helpers: markers are read from the page's Monaco (exposed by src/editors/monaco-setup.ts),
// so the tests wait for the language services instead of sleeping (design.md convention 9).

interface MarkerInfo {
  severity: number;
  message: string;
  line: number;
}

function markers(page: Page, pathEnd: string): Promise<MarkerInfo[]> {
  return page.evaluate((end) => {
    const monaco = (window as any).monaco;
    if (!monaco) return [];
    return monaco.editor
      .getModelMarkers({})
      .filter((m: any) => m.resource.path.endsWith(end))
      .map((m: any) => ({ severity: m.severity, message: m.message, line: m.startLineNumber }));
  }, pathEnd);
}

const errorsOf = async (page: Page, pathEnd: string) => (await markers(page, pathEnd)).filter((m) => m.severity === 8);

function modelText(page: Page, pathEnd: string): Promise<string | undefined> {
  return page.evaluate((end) => (window as any).monaco?.editor.getModels().find((m: any) => m.uri.path.endsWith(end))?.getValue(), pathEnd);
}

/** Replaces the whole text of a Monaco editor the way a user would: focus, select all, type. */
async function replaceEditorText(page: Page, testId: string, text: string) {
  await page.locator(`[data-testid="${testId}"] .view-lines`).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

const PARAMS = '.parameters.json';
const BODY = 't_slots.body.ts';

test.describe('the inspector and its editors', () => {
  test.beforeEach(async ({ page }) => {
    await openApp(page);
    await select(page, 'tool', 't_slots');
    await expect(page.getByTestId('inspector-title')).toHaveText('free_slots');
  });

  test('Params: an invalid schema shows a marker and a problem; fixing it clears both', async ({ page }) => {
    await page.getByTestId('inspector-tab-params').click();
    await expect(page.locator('[data-testid="params-json-editor"] .monaco-editor')).toBeVisible();
    await expect.poll(() => modelText(page, PARAMS)).toContain('"visit"');

    const invalid = '{"type": "object", "properties": {"day": {"type": "strin"}, "visit": {"type": "string"}}, "required": ["day"], "additionalProperties": false}';
    await replaceEditorText(page, 'params-json-editor', invalid);
    await expect.poll(async () => (await errorsOf(page, PARAMS)).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect(page.locator('[data-testid="params-json-editor"] .squiggly-error').first()).toBeVisible();
    await expect(page.getByTestId('params-json-markers')).toContainText(/Value is not accepted|strin/);
    // It parsed and its root is an object: it is the document now, and lint reports it.
    expect(await appState(page, (s) => s.doc.tools.find((t: any) => t.id === 't_slots').parameters.properties.day.type)).toBe('strin');
    const problem = page.locator('[data-testid="problems-panel"] [data-testid="problem-row"][data-rule="parameters-invalid"]');
    await expect(problem).toHaveCount(1);

    // The problem leads back here: from another tab, a click opens Params again.
    await page.getByTestId('inspector-tab-options').click();
    await problem.click();
    await expect(page.getByTestId('inspector-tab-params')).toHaveAttribute('aria-selected', 'true');

    await replaceEditorText(page, 'params-json-editor', invalid.replace('"strin"', '"string"'));
    await expect.poll(async () => (await errorsOf(page, PARAMS)).length, { timeout: 20_000 }).toBe(0);
    await expect(page.locator('[data-testid="params-json-editor"] .squiggly-error')).toHaveCount(0);
    await expect(problem).toHaveCount(0);
  });

  test('Params: the form and the JSON are one schema; the pattern tester marks samples live', async ({ page }) => {
    await page.getByTestId('inspector-tab-params').click();
    await expect(page.locator('[data-testid="params-json-editor"] .monaco-editor')).toBeVisible();
    const day = page.getByTestId('param-day');

    await day.getByLabel('day description').fill('The weekday, as said.');
    await expect.poll(() => modelText(page, PARAMS)).toContain('"description": "The weekday, as said."');
    await page.getByTestId('param-visit').getByLabel('visit is required').uncheck();
    await expect.poll(async () => JSON.parse((await modelText(page, PARAMS)) ?? '{}').required).toEqual(['day']);

    await day.getByLabel('day pattern').fill('^[A-Z][a-z]+$');
    await expect.poll(() => modelText(page, PARAMS)).toContain('"pattern": "^[A-Z][a-z]+$"');
    const tester = day.getByTestId('pattern-tester');
    for (const sample of ['Tuesday', 'tuesday', 'May 5']) {
      await tester.getByTestId('pattern-sample-entry').fill(sample);
      await tester.getByTestId('pattern-sample-entry').press('Enter');
    }
    await expect(tester.getByTestId('pattern-sample')).toHaveCount(3);
    await expect(tester.getByTestId('pattern-sample').nth(0)).toHaveAttribute('data-match', 'true');
    await expect(tester.getByTestId('pattern-sample').nth(1)).toHaveAttribute('data-match', 'false');
    await expect(tester.getByTestId('pattern-sample').nth(2)).toHaveAttribute('data-match', 'false');
    await expect(tester.getByTestId('pattern-sample').nth(0)).toContainText('match');
    await expect(tester.getByTestId('pattern-sample').nth(1)).toContainText('no match');

    // Loosen the pattern: the marks follow at once.
    await day.getByLabel('day pattern').fill('^[A-Za-z ]+');
    await expect(tester.getByTestId('pattern-sample').nth(1)).toHaveAttribute('data-match', 'true');
    await expect(tester.getByTestId('pattern-sample').nth(2)).toHaveAttribute('data-match', 'true');
    await day.getByLabel('day pattern').fill('([a-z');
    await expect(tester.getByTestId('pattern-error')).toContainText('Invalid regular expression');

    // A pattern that backtracks for ever on a sample (fourteen [0-9]*: O(n^14) on 40 digits, a
    // shape the screen passes) is stopped at its deadline in the sandbox: the page keeps drawing,
    // the sample is marked too slow and the tester says so; the other samples are still marked.
    await day.getByLabel('day pattern').fill(`^${'[0-9]*'.repeat(14)}x$`);
    await tester.getByTestId('pattern-sample-entry').fill('4'.repeat(40));
    await tester.getByTestId('pattern-sample-entry').press('Enter');
    await expect(tester.getByTestId('pattern-sample').nth(3)).toHaveAttribute('data-match', 'slow');
    await expect(tester.getByTestId('pattern-sample').nth(3)).toContainText('too slow');
    await expect(tester.getByTestId('pattern-slow')).toContainText('took too long (over 100 ms) on a sample');
    await expect(tester.getByTestId('pattern-sample').nth(0)).toHaveAttribute('data-match', 'false');

    // And back: JSON edits show in the form.
    await replaceEditorText(page, 'params-json-editor', '{"type": "object", "properties": {"when": {"type": "string", "description": "From JSON."}}, "required": ["when"], "additionalProperties": false}');
    await expect(page.getByTestId('param-when')).toBeVisible();
    await expect(page.getByTestId('param-when').getByLabel('when description')).toHaveValue('From JSON.');
    await expect(page.getByTestId('param-day')).toHaveCount(0);
  });

  test('Code: `this.` offers every state field, and a string in a number field is an error', async ({ page }) => {
    await page.getByTestId('inspector-tab-code').click();
    await expect(page.locator('[data-testid="code-editor"] .monaco-editor')).toBeVisible();
    await expect.poll(() => modelText(page, BODY)).toContain('this.searches = this.searches + 1;');
    // The sample body type-checks: no errors once the worker answered.
    await page.waitForFunction(() => (window as any).monaco?.editor.getModels().some((m: any) => m.uri.path.endsWith('t_slots.body.ts')));
    await expect.poll(async () => (await errorsOf(page, BODY)).length).toBe(0);

    await page.locator('[data-testid="code-editor"] .view-lines').click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('this.');
    const suggest = page.locator('.suggest-widget.visible');
    await expect(suggest).toBeVisible({ timeout: 20_000 });
    const fields = await appState(page, (s) => s.doc.state.map((f: any) => f.name));
    for (const name of [...fields, 'stage', 'call']) {
      await expect(suggest.locator('.monaco-list-row .label-name', { hasText: new RegExp(`^${name}$`) })).toHaveCount(1);
    }
    await page.keyboard.press('Escape');

    await page.keyboard.insertText('searches = "x";');
    await expect.poll(async () => (await errorsOf(page, BODY)).map((m) => `${m.line}: ${m.message}`), { timeout: 20_000 }).toEqual([
      "5: Type 'string' is not assignable to type 'number'.",
    ]);
    await expect(page.locator('[data-testid="code-editor"] .squiggly-error')).toHaveCount(1);
    await expect(page.getByTestId('code-markers')).toContainText("Type 'string' is not assignable to type 'number'.");
    // The body is the document's implementation; the wrapper never is.
    const implementation = await appState(page, (s) => s.doc.tools.find((t: any) => t.id === 't_slots').implementation);
    expect(implementation.endsWith('return this.slots;\nthis.searches = "x";')).toBe(true);
    expect(implementation).not.toContain('AgentState');
  });

  test('a problem path opens the right tab and focuses the field', async ({ page }) => {
    const index = await appState(page, (s) => s.doc.tools.findIndex((t: any) => t.id === 't_book'));
    await page.evaluate((i) => (window as any).__callboard.store.getState().select({ kind: 'tool', id: 't_book' }, { reveal: true, focusPath: `/tools/${i}/confirm` }), index);
    await expect(page.getByTestId('inspector-tab-options')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Confirm', { exact: true })).toBeFocused();

    // The confirm input offers the arguments and result. after {{.
    await page.getByLabel('Confirm', { exact: true }).fill('Booked {{');
    await expect(page.getByTestId('confirm-suggestions')).toContainText('slot');
    await expect(page.getByTestId('confirm-suggestions')).toContainText('result.');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Confirm', { exact: true })).toHaveValue('Booked {{slot}}');

    const identity = await appState(page, (s) => s.doc.tools.findIndex((t: any) => t.id === 't_identity'));
    await page.evaluate((i) => (window as any).__callboard.store.getState().select({ kind: 'tool', id: 't_identity' }, { reveal: true, focusPath: `/tools/${i}/parameters/properties/phone/pattern` }), identity);
    await expect(page.getByTestId('inspector-tab-params')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('param-phone').getByLabel('phone pattern')).toBeFocused();
    await expect(page.locator('[data-testid="params-json-editor"] .reveal-highlight')).toBeVisible({ timeout: 20_000 });
  });

  test('the agent: typing is one undo step per field; the state table adds, renames, types and deletes', async ({ page }) => {
    await page.evaluate(() => (window as any).__callboard.store.getState().select(null));
    await expect(page.getByTestId('inspector-title')).toHaveText('Clinic Booking');
    const before = await appState(page, (s) => s.doc.persona);
    const persona = page.getByTestId('field-agent-persona').locator('textarea');
    await persona.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' Be brief.');
    await expect.poll(() => appState(page, (s) => s.doc.persona)).toBe(`${before} Be brief.`);
    await page.getByTestId('inspector-title').click(); // blur ends the typing gesture
    await page.evaluate(() => (window as any).__callboard.store.getState().undo());
    expect(await appState(page, (s) => s.doc.persona)).toBe(before);

    await page.getByTestId('state-add').click();
    const row = page.getByTestId('state-row-field');
    await row.getByLabel('Name').fill('attempts');
    await row.getByLabel('Name').press('Enter');
    const added = page.getByTestId('state-row-attempts');
    await added.getByLabel('Type').selectOption('integer');
    await expect.poll(() => appState(page, (s) => s.doc.state.find((f: any) => f.name === 'attempts'))).toMatchObject({ type: 'integer', default: 0 });
    await added.getByRole('button', { name: 'Delete attempts' }).click();
    await expect(added).toHaveCount(0);
    expect(await appState(page, (s) => s.doc.state.some((f: any) => f.name === 'attempts'))).toBe(false);
  });

  test('a stage rename that is taken says so and changes nothing', async ({ page }) => {
    await select(page, 'stage', 's_choose');
    const name = page.getByTestId('field-stage-name').locator('input');
    await name.fill('goodbye');
    await expect(page.getByTestId('field-stage-name')).toContainText('there is already a stage named "goodbye"');
    await name.press('Enter');
    expect(await appState(page, (s) => s.doc.stages.find((x: any) => x.id === 's_choose').name)).toBe('choose');
    await name.fill('pick_slot');
    await name.press('Enter');
    await expect.poll(() => appState(page, (s) => s.doc.stages.find((x: any) => x.id === 's_choose').name)).toBe('pick_slot');
  });
});
