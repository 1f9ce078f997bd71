import { readFileSync } from 'node:fs';
import { diffArrays } from 'diff';
import { expect, test, type Page } from '@playwright/test';
import { openApp, tallerDock, typeDocstring } from './helpers';
import { blockAgentToolRanges, pinecallToolRanges, type LineRange } from '../src/formats/testing/member-ranges';

// Issue 33, as a person meets it: a file written by hand is imported, exported unchanged — the
// Export panel shows it byte for byte and says nothing is lost only then — and after one edit in
// the inspector the export differs from the file only inside the edited tool.

const fixture = (path: string) => new URL(`../test/fixtures/${path}`, import.meta.url).pathname;
const SHOTS = process.env.ROUND_TRIP_SHOTS ?? '/tmp';

test.describe.configure({ timeout: 120_000 });

const previewText = (page: Page, file: string): Promise<string | undefined> =>
  page.evaluate((name) => (window as any).monaco?.editor.getModels().find((m: any) => m.uri.path === `/callboard/preview/${name}`)?.getValue(), file);

/** The lines of `before` (1-based) that `after` changes, and those before which it inserts lines. */
function changedLines(before: string, after: string): number[] {
  const out: number[] = [];
  let line = 1;
  for (const change of diffArrays(before.split('\n'), after.split('\n'))) {
    if (change.removed) for (let i = 0; i < change.value.length; i++) out.push(line++);
    else if (change.added) out.push(line);
    else line += change.value.length;
  }
  return out;
}
const outside = (lines: number[], ranges: LineRange[]) => lines.filter((l) => !ranges.some((r) => r.line <= l && l <= r.endLine + 1));

async function importFile(page: Page, path: string, name: string) {
  await openApp(page);
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-file-input').setInputFiles(path);
  await expect(page.getByTestId('import-agent-name')).toHaveText(name, { timeout: 60_000 });
  await page.getByTestId('import-open-new').click();
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);
}

/** Types a new docstring for a tool picked in the outline, and ends the edit as a person does. */
async function retypeDescription(page: Page, tool: string, text: string) {
  await page.getByTestId('outline').getByTestId(`outline-tool-${tool}`).click();
  await typeDocstring(page, text);
  await page.getByTestId('inspector-title').click();
  await expect.poll(() => page.evaluate((name) => {
    const app = (window as any).__callboard;
    app.settle();
    return app.store.getState().doc.tools.find((t: any) => t.name === name)?.description;
  }, tool)).toBe(text);
}

test('a hand-written class (sync tools, return types, blank lines) exports as written; one edit changes only its method', async ({ page }) => {
  const path = fixture('pinecall/plain-methods.tsx');
  const file = readFileSync(path, 'utf8');
  await importFile(page, path, 'Riverside Vets');
  await tallerDock(page);
  await page.getByTestId('open-export').click();
  await page.getByTestId('export-format-ts').click();
  await expect.poll(() => previewText(page, 'agent.tsx'), { timeout: 30_000 }).toBe(file);
  // Byte for byte, so the panel may say so.
  await expect(page.getByTestId('export-losses-empty')).toHaveText('Nothing is lost: Pinecall TS expresses the whole agent.');

  await retypeDescription(page, 'book', 'Book the slot the caller chose, once they said yes.');
  await expect.poll(() => previewText(page, 'agent.tsx'), { timeout: 30_000 }).toContain('once they said yes');
  const edited = (await previewText(page, 'agent.tsx'))!;
  expect(outside(changedLines(file, edited), pinecallToolRanges(file, 'book'))).toEqual([]);
  // What the user wrote around it stays: sync methods, their return types, the blank line between fields.
  expect(edited).toContain('  freeSlots(day: string): Slot[] {');
  expect(edited).toContain('  book(when: string): { booked: string } {');
  expect(edited).toContain('  @state petName = "";\n\n  @state slots');
  await page.screenshot({ path: `${SHOTS}/round-trip-ts.png` });
});

test('a YAML file with its own key order and flow maps exports as written; one edit changes only its tool', async ({ page }) => {
  const path = fixture('block-agent/unknown-keys.yaml');
  const file = readFileSync(path, 'utf8');
  await importFile(page, path, 'Unknown Keys');
  await tallerDock(page);
  await page.getByTestId('open-export').click();
  await page.getByTestId('export-format-yaml').click();
  await expect.poll(() => previewText(page, 'agent.yaml'), { timeout: 30_000 }).toBe(file);

  await retypeDescription(page, 'pick', 'Pick one of the two.');
  await expect.poll(() => previewText(page, 'agent.yaml'), { timeout: 30_000 }).toContain('Pick one of the two.');
  const edited = (await previewText(page, 'agent.yaml'))!;
  // One line: the description's, in place.
  const [was, now] = [file.split('\n'), edited.split('\n')];
  expect(now.length).toBe(was.length);
  expect(now.flatMap((line, i) => (line === was[i] ? [] : [`${i + 1}: ${line}`]))).toEqual(['17:           description: Pick one of the two.']);
  expect(outside(changedLines(file, edited), blockAgentToolRanges(file, 'pick'))).toEqual([]);
  expect(edited).toContain('x_deployment: {region: eu, replicas: 2}');
  expect(edited).toContain('choice: {type: string, enum: [a, b], x_ui: radio}');
  await page.screenshot({ path: `${SHOTS}/round-trip-yaml.png` });
});
