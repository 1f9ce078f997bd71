import { readFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { appState, openApp, tallerDock } from './helpers';

// The Export preview (dock tab) and the Import dialog (top bar): issue 3, point 5.

const fixture = (path: string) => new URL(`../test/fixtures/${path}`, import.meta.url).pathname;
/** Screenshots to look at (1440×900, the config's viewport), kept with the test's output. */
const shot = (page: Page, info: TestInfo, name: string) => page.screenshot({ path: info.outputPath(`${name}.png`) });

/** The text of the preview model of one format (src/panels/export/types.ts, PREVIEW_PATHS). */
function previewText(page: Page, file: string): Promise<string | undefined> {
  return page.evaluate((name) => (window as any).monaco?.editor.getModels().find((m: any) => m.uri.path === `/callboard/preview/${name}`)?.getValue(), file);
}

const docOf = (page: Page) => appState(page, (s) => JSON.stringify(s.doc));

async function openExport(page: Page) {
  await tallerDock(page);
  await page.getByTestId('open-export').click();
  await expect(page.getByTestId('export-panel')).toBeVisible();
  await expect(page.getByTestId('dock-tab-export')).toHaveAttribute('aria-selected', 'true');
}

async function openImport(page: Page) {
  await page.getByTestId('open-import').click();
  await expect(page.getByTestId('import-dialog')).toBeVisible();
}

test.describe('export preview', () => {
  test('YAML and TypeScript of the sample, with what each target cannot express', async ({ page }, info) => {
    await openApp(page);
    await openExport(page);

    await page.getByTestId('export-format-yaml').click();
    await expect.poll(() => previewText(page, 'agent.yaml'), { timeout: 20_000 }).toContain('block_id: greeting');
    // What the user sees: Monaco renders spaces as non-breaking ones.
    await expect(page.locator('[data-testid="export-preview"] .view-lines')).toContainText(/block_id:\sgreeting/);
    await expect(page.getByTestId('export-path')).toHaveText('clinic-booking.yaml');

    await page.getByTestId('export-format-ts').click();
    await expect.poll(() => previewText(page, 'agent.tsx')).toContain('export default class ClinicBooking extends Agent');
    await expect(page.locator('[data-testid="export-preview"] .view-lines')).toContainText(/export\sdefault\sclass\sClinicBooking\sextends\sAgent/);
    await expect(page.getByTestId('export-path')).toHaveText('agents/clinic-booking/agent.tsx');
    const llm = page.locator('[data-testid="export-loss"][data-feature="llm settings"]');
    await expect(llm).toBeVisible();
    // A preview model sits under file:///callboard/preview/: the TypeScript worker reports nothing there.
    const markers = await page.evaluate(() => (window as any).monaco.editor.getModelMarkers({}).filter((m: any) => m.resource.path.startsWith('/callboard/preview/')).length);
    expect(markers).toBe(0);

    // A loss leads to what is lost: the agent, at its llm path.
    await page.evaluate(() => (window as any).__callboard.store.getState().select({ kind: 'stage', id: 's_greet' }));
    await llm.click();
    expect(await appState(page, (s) => [s.selection[0]?.kind, s.focusPath])).toEqual(['agent', '/llm']);

    await shot(page, info, 'export-panel');
  });

  test('the preview follows every edit; Download and Copy give the file', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openApp(page);
    await openExport(page);
    await page.getByTestId('export-format-ts').click();
    await expect.poll(() => previewText(page, 'agent.tsx'), { timeout: 20_000 }).toContain('class ClinicBooking extends Agent');

    await page.evaluate(() => (window as any).__callboard.store.getState().apply((d: any) => ({ ...d, name: 'Front Desk' })));
    await expect.poll(() => previewText(page, 'agent.tsx')).toContain('export default class FrontDesk extends Agent');
    await expect(page.getByTestId('export-path')).toHaveText('agents/front-desk/agent.tsx');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
    // Named after the agent, as every other download is (the class has JSX, so .tsx).
    expect(download.suggestedFilename()).toBe('front-desk.tsx');
    expect(readFileSync(await download.path(), 'utf8')).toContain('export default class FrontDesk extends Agent');

    await page.getByTestId('export-format-json').click();
    await expect(page.getByTestId('export-path')).toHaveText('front-desk.callboard.json');
    await expect(page.getByTestId('export-losses-empty')).toContainText('keeps the whole agent');
    await page.getByTestId('export-copy').click();
    await expect(page.getByTestId('export-status')).toHaveText('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(JSON.parse(copied).name).toBe('Front Desk');

    await page.getByTestId('export-format-openai').click();
    await page.getByTestId('export-stage-select').selectOption({ label: 'choose' });
    await expect.poll(() => previewText(page, 'openai-tools.json')).toContain('"name": "free_slots"');
    const [tools] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
    expect(tools.suggestedFilename()).toBe('front-desk.openai-tools.json');
  });
});

test.describe('import', () => {
  test('a YAML file opens as a new project and shows on the canvas', async ({ page }, info) => {
    await openApp(page);
    await openImport(page);
    await page.getByTestId('import-file-input').setInputFiles(fixture('block-agent/spec-example.yaml'));
    const preview = page.getByTestId('import-preview');
    await expect(preview).toBeVisible();
    await expect(page.getByTestId('import-agent-name')).toHaveText('Spec Example');
    await expect(page.getByTestId('import-count-stages')).toHaveAttribute('data-count', '4');
    await expect(page.getByTestId('import-count-blocks')).toHaveAttribute('data-count', '3');
    await shot(page, info, 'import-dialog');

    await page.getByTestId('import-open-new').click();
    await expect(page.getByTestId('import-dialog')).toHaveCount(0);
    await expect(page.getByTestId('project-menu-button')).toHaveText(/Spec Example/);
    await expect(page.locator('.react-flow__node', { hasText: 'ask_dob' })).toBeVisible();
    await expect(page.locator('.react-flow__node', { hasText: 'detect_intent' })).toBeVisible();
    expect(await appState(page, (s) => s.projects.length)).toBe(2);
  });

  test('broken YAML shows the error with its line, and the open agent is untouched', async ({ page }, info) => {
    await openApp(page);
    const before = await docOf(page);
    await openImport(page);
    await page.getByTestId('import-paste').fill('personality: hi\nblocks:\n  - block_id: a\n    name: [unclosed\n    turns: []\n');
    await page.getByTestId('import-run').click();
    const error = page.getByTestId('import-error');
    await expect(error).toHaveCount(1);
    // Pointed at where the list opens, with what to write (issue 33), not at the end of the file.
    await expect(error).toContainText('Line 4, column 11');
    await expect(error).toContainText('is never closed; end it with ]');
    await expect(page.getByTestId('import-excerpt')).toContainText('4 |     name: [unclosed');
    await expect(page.getByTestId('import-open-new')).toHaveCount(0);
    await expect(page.getByTestId('import-replace')).toHaveCount(0);
    await shot(page, info, 'import-error');
    await page.getByTestId('import-cancel').click();
    await expect(page.getByTestId('import-dialog')).toHaveCount(0);
    expect(await docOf(page)).toBe(before);
    expect(await appState(page, (s) => s.canUndo)).toBe(false);
  });

  test('the seed\'s tab-indented tools: the tab error, one-click re-indent, then add them', async ({ page }, info) => {
    await openApp(page);
    const before = await docOf(page);
    await openImport(page);
    const seed = readFileSync(fixture('block-agent/seed-sample-tools.txt'), 'utf8');
    expect(seed).toContain('\t');
    await page.getByTestId('import-paste').fill(seed);
    await page.getByTestId('import-run').click();
    await expect(page.getByTestId('import-error')).toContainText('Line 3, column 1');
    await expect(page.getByTestId('import-error')).toContainText('indented with a tab');
    await expect(page.getByTestId('import-excerpt')).toContainText('3 | ⇥name: is_schedule_appointment');
    await shot(page, info, 'import-tab-error');
    expect(await docOf(page)).toBe(before);

    await page.getByTestId('import-fix').click();
    await expect(page.getByTestId('import-paste')).not.toHaveValue(/\t/);
    const add = page.getByTestId('import-add-tools');
    await expect(add).toHaveText('Add 3 tools to the open agent');
    await expect(page.getByTestId('import-tool-names')).toContainText('collect_date_of_birth');
    // The sample has its own is_schedule_appointment: the preview says what happens to this one.
    await expect(page.getByTestId('import-warning')).toContainText('is_schedule_appointment_2');
    expect(await docOf(page)).toBe(before);
    await shot(page, info, 'import-tools');

    await add.click();
    await expect(page.getByTestId('import-dialog')).toHaveCount(0);
    await expect(page.getByTestId('outline-tool-collect_date_of_birth')).toBeVisible();
    await expect(page.getByTestId('outline-tool-collect_patient_profile')).toBeVisible();
    expect(await appState(page, (s) => s.doc.tools.find((t: any) => t.name === 'collect_date_of_birth').scope)).toEqual({ kind: 'all' });

    await page.getByTestId('undo').click();
    await expect(page.getByTestId('outline-tool-collect_date_of_birth')).toHaveCount(0);
    expect(await docOf(page)).toBe(before);
  });

  test('a Pinecall class is read in the worker and replaces the open agent; undo brings it back', async ({ page }) => {
    await openApp(page);
    const before = await docOf(page);
    const id = await appState(page, (s) => s.doc.id);
    await openImport(page);
    await page.getByTestId('import-file-input').setInputFiles(fixture('pinecall/goldens/every-option.tsx'));
    await expect(page.getByTestId('import-agent-name')).toHaveText('Every Option Desk', { timeout: 30_000 });
    await expect(page.getByTestId('import-count-stages')).toHaveAttribute('data-count', '4');
    // The TypeScript compiler ran in a worker, not on the page.
    expect(await page.evaluate(() => typeof (window as any).ts)).toBe('undefined');

    await page.getByTestId('import-replace').click();
    await expect(page.getByTestId('import-dialog')).toHaveCount(0);
    await expect(page.getByTestId('project-menu-button')).toHaveText(/Every Option Desk/);
    expect(await appState(page, (s) => [s.doc.id, s.doc.stages.map((x: any) => x.name).join(',')])).toEqual([id, 'ask,refine,file,done']);
    await expect(page.locator('.react-flow__node', { hasText: 'refine' })).toBeVisible();

    await page.getByTestId('undo').click();
    await expect(page.getByTestId('project-menu-button')).toHaveText(/Clinic Booking/);
    expect(await docOf(page)).toBe(before);
  });

  test('a TypeScript syntax error is reported with its line and changes nothing', async ({ page }) => {
    await openApp(page);
    const before = await docOf(page);
    await openImport(page);
    await page.getByTestId('import-paste').fill('import { Agent } from "@pinecall/agents";\n\nexport default class Broken extends Agent {\n  greet( {\n}\n');
    await page.getByTestId('import-run').click();
    await expect(page.getByTestId('import-error').first()).toContainText(/Line \d+, column \d+/, { timeout: 30_000 });
    await expect(page.getByTestId('import-error-view')).toContainText('Pinecall TypeScript');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('import-dialog')).toHaveCount(0);
    expect(await docOf(page)).toBe(before);
  });

  test('a brace never closed in a class says where it opened and what to write (issue 33)', async ({ page }) => {
    await openApp(page);
    const before = await docOf(page);
    await openImport(page);
    await page.getByTestId('import-paste').fill([
      'import { Agent, tool } from "@pinecall/agents";',
      '',
      '/** You book tables at Casa Lola. */',
      'export default class CasaLola extends Agent {',
      '  /** Book a table for a number of guests. */',
      '  @tool()',
      '  async book(guests: number) {',
      '    return { guests };',
      '}',
      '',
    ].join('\n'));
    await page.getByTestId('import-run').click();
    const error = page.getByTestId('import-error');
    await expect(error).toHaveCount(1, { timeout: 30_000 });
    await expect(error).toContainText('Line 7, column 30');
    await expect(error).toContainText('the brace { that opens on line 7, column 30 is never closed; end it with }');
    await expect(page.getByTestId('import-excerpt')).toContainText('async book(guests: number) {');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('import-dialog')).toHaveCount(0);
    expect(await docOf(page)).toBe(before);
  });

  test('a trailing comma in a JSON agent says where and what to delete; nothing is lost (issue 33)', async ({ page }) => {
    await openApp(page);
    const before = await docOf(page);
    await openImport(page);
    await page.getByTestId('import-paste').fill('{\n  "format": "callboard.agent",\n  "name": "Casa Lola",\n}');
    await page.getByTestId('import-run').click();
    const error = page.getByTestId('import-error');
    await expect(error).toHaveCount(1, { timeout: 30_000 });
    await expect(error).toContainText('Line 4, column 1');
    await expect(error).toContainText('a comma after the last item: JSON allows none before }; delete the comma on line 3, column 22');
    // The excerpt shows the line the error stands on, with a caret under the closer.
    await expect(page.getByTestId('import-excerpt')).toContainText('4 | }');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('import-dialog')).toHaveCount(0);
    expect(await docOf(page)).toBe(before);
  });

  test('a file dropped on the canvas opens the dialog with its preview', async ({ page }) => {
    await openApp(page);
    const before = await docOf(page);
    const yaml = readFileSync(fixture('block-agent/minimal.yaml'), 'utf8');
    const dataTransfer = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'front-desk.yaml', { type: 'application/yaml' }));
      return transfer;
    }, yaml);
    await page.dispatchEvent('.react-flow__pane', 'dragenter', { dataTransfer });
    await expect(page.getByTestId('import-drop-overlay')).toBeVisible();
    await page.dispatchEvent('.react-flow__pane', 'drop', { dataTransfer });
    await expect(page.getByTestId('import-drop-overlay')).toHaveCount(0);
    await expect(page.getByTestId('import-dialog')).toBeVisible();
    await expect(page.getByTestId('import-file-name')).toHaveText('front-desk.yaml');
    await expect(page.getByTestId('import-agent-name')).toHaveText('Front Desk');
    await expect(page.getByTestId('import-count-stages')).toHaveAttribute('data-count', '1');
    expect(await docOf(page)).toBe(before);
  });
});

// Issue 6: conversation tests travel beside an exported agent as tests/<name>.golden.json.
test.describe('an agent with its tests', () => {
  for (const format of ['yaml', 'ts'] as const) {
    test(`${format === 'yaml' ? 'YAML' : 'TypeScript'}: Download with tests gives a .zip that imports back with the same tests`, async ({ page }, info) => {
      await openApp(page);
      const tests = await appState(page, (s) => JSON.stringify(s.doc.tests));
      expect(JSON.parse(tests).length).toBeGreaterThan(0);
      await openExport(page);
      await page.getByTestId(`export-format-${format}`).click();
      await expect(page.getByTestId('export-panel')).toContainText('conversation tests are not in this file');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download-with-tests').click()]);
      expect(download.suggestedFilename()).toBe('clinic-booking-with-tests.zip');
      const zipPath = info.outputPath('bundle.zip');
      await download.saveAs(zipPath);

      await openImport(page);
      await page.getByTestId('import-file-input').setInputFiles(zipPath);
      await expect(page.getByTestId('import-file-name')).toContainText(format === 'yaml' ? 'clinic-booking.yaml' : 'agent.tsx');
      // A Pinecall class is read by the TypeScript compiler in a worker: the first read loads it.
      await expect(page.getByTestId('import-count-tests')).toHaveAttribute('data-count', '3', { timeout: 60_000 });
      await shot(page, info, `import-zip-${format}`);
      await page.getByTestId('import-open-new').click();
      await expect(page.getByTestId('import-dialog')).toHaveCount(0);
      expect(await appState(page, (s) => s.projects.length)).toBe(2);
      expect(JSON.parse(await appState(page, (s) => JSON.stringify(s.doc.tests)))).toEqual(JSON.parse(tests));
    });
  }

  test('a .zip without an agent file says what it must hold, and the open agent is untouched', async ({ page }, info) => {
    await openApp(page);
    const before = await docOf(page);
    await openImport(page);
    const { zipSync, strToU8 } = await import('fflate');
    const zipPath = info.outputPath('only-tests.zip');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(zipPath, zipSync({ 'tests/a.golden.json': strToU8('{"name":"a","input":[],"expect":{}}') }));
    await page.getByTestId('import-file-input').setInputFiles(zipPath);
    await expect(page.getByTestId('import-error')).toContainText('holds no agent file');
    expect(await docOf(page)).toBe(before);
  });

  test('a .zip bomb is refused in the zip worker, naming the entry and the limit, and the open agent is untouched', async ({ page }, info) => {
    await openApp(page);
    const before = await docOf(page);
    const { zipSync, strToU8 } = await import('fflate');
    const { writeFileSync } = await import('node:fs');
    /** The .zip with its only entry's declared size set to `size`, in the central directory and the local header. */
    const declaring = (zip: Uint8Array, size: number) => {
      const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
      let central = zip.length - 22;
      while (view.getUint32(central, true) !== 0x02014b50) central--;
      view.setUint32(central + 24, size, true);
      view.setUint32(view.getUint32(central + 42, true) + 22, size, true);
      return zip;
    };
    const cases: [string, Uint8Array, string][] = [
      ['declared.zip', declaring(zipSync({ 'agent.json': strToU8('{}') }), 3 * 1024 ** 3), 'agent.json in the .zip is 3 GB once inflated; Callboard reads at most 16 MB per file'],
      ['lying.zip', declaring(zipSync({ 'agent.json': new Uint8Array(32 * 1024 * 1024) }, { level: 9 }), 1024), 'agent.json in the .zip inflates past the 1 KB its header declares'],
    ];
    for (const [name, bytes, message] of cases) {
      await openImport(page);
      const zipPath = info.outputPath(name);
      writeFileSync(zipPath, bytes);
      await page.getByTestId('import-file-input').setInputFiles(zipPath);
      await expect(page.getByTestId('import-error')).toContainText(message);
      await page.keyboard.press('Escape');
    }
    expect(await docOf(page)).toBe(before);
  });
});
