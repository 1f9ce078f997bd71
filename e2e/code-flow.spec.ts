import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { appState, openApp } from './helpers';

// Issue 31, "Pinecall flows read from code": a hand-written vet class whose tools set this.stage in
// `if` branches, a ternary, a constant object and a helper (test/fixtures/pinecall/vet-code-flow.tsx)
// imported with "0 edges". Its flow is read from the code in the problems worker and drawn on the
// canvas read-only; double-clicking one opens the tool's code at the assignment.

const FIXTURE = new URL('../test/fixtures/pinecall/vet-code-flow.tsx', import.meta.url).pathname;
// The README's picture is rewritten only with UPDATE_DOCS_SHOTS=1: a test run leaves the tree clean.
const DOCS = new URL(process.env.UPDATE_DOCS_SHOTS === '1' ? '../docs/' : '../test-results/docs/', import.meta.url).pathname;

// Importing loads the parser worker; the problems worker loads the reader; the code tab, Monaco.
test.describe.configure({ timeout: 120_000 });

async function importVet(page: Page) {
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-file-input').setInputFiles(FIXTURE);
  await expect(page.getByTestId('import-agent-name')).toHaveText('Vet Desk', { timeout: 30_000 });
  // The dialog counts the edges the code sets: never "0 edges".
  await expect(page.getByTestId('import-count-edges')).toHaveAttribute('data-count', '8');
  await expect(page.getByTestId('import-count-edges')).toContainText('(8 set in code)');
  await page.getByTestId('import-open-new').click();
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);
}

test('a class whose tools set the stage in code shows its flow on the canvas, and an edge opens the code at the assignment', async ({ page }) => {
  // Wide enough that the fitted view of five stages in a row shows the edge labels (zoom-levels.ts).
  await page.setViewportSize({ width: 2400, height: 1200 });
  await openApp(page);
  await importVet(page);

  // Eight ways the code moves the call, each drawn from the stages its tool is offered in.
  const codeEdges = page.locator('.react-flow__edge.code');
  await expect(codeEdges).toHaveCount(8, { timeout: 30_000 });
  // None of them is in the document: export stays the file as it was.
  expect(await appState(page, (s) => s.doc.edges.length)).toBe(0);
  const labels = page.locator('.cb-edge-label.code');
  await expect(labels.filter({ hasText: 'describeSymptom · urgent' })).toHaveCount(1);
  await expect(labels.filter({ hasText: 'bookSlot → finish() · slot' })).toHaveCount(2);
  // The whole text is the tooltip, with where the assignment is.
  await expect(labels.filter({ hasText: 'startOver · this.petName' }).first()).toHaveAttribute('title', /startOver · this\.petName\nSet in code \(startOver, line 1\)/);
  // Reachability follows the code (the problems come in the same answer as the edges): no stage
  // is reported unreachable.
  await expect(page.locator('[data-testid^="stage-problems-"][title*="cannot be reached"]')).toHaveCount(0);

  mkdirSync(DOCS, { recursive: true });
  await page.locator('.react-flow').screenshot({ path: `${DOCS}code-flow.png` });

  // Double-click the edge registerPet sets through STAGES.triage: its Code tab opens on that line.
  await labels.filter({ hasText: 'registerPet · not (species === "exotic")' }).dblclick();
  await expect(page.getByTestId('inspector-title')).toHaveText('registerPet');
  const target = page.locator('.code-flow-target');
  await expect(target.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.view-line', { has: target })).toHaveText('this.stage = STAGES.triage;');

  // Enter on a focused label does the same: the helper's write opens the tool's call of the helper.
  await labels.filter({ hasText: 'bookSlot → finish() · slot' }).first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('inspector-title')).toHaveText('bookSlot');
  await expect(page.locator('.view-line', { has: page.locator('.code-flow-target') })).toHaveText('this.finish();');
});
