// Security issue 30, points 4 and 8, in Chromium: a tool that returns 12 MB is cut in the chat and
// the turn inspector (the page laid it out whole and froze for 10-282 s), a server that streams
// forever is cut at ⚙ LLM › Answer size, and Stop during an endless stream ends the run with the
// page free to take the next click. Payloads: test/security/bounds-payloads.ts.
import { expect, test, type Page } from '@playwright/test';
import { FOREVER, HUGE_TOOL_BODY, HUGE_TOOL_CHARACTERS } from '../test/security/bounds-payloads';
import { openApp } from './helpers';
import { OPENING, openSimulator, say, scriptMock, startAt, useMockLlm, waitForStep, type MockTurn } from './sim-helpers';

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await openSimulator(page);
});

/** Resolves with the store's `running` as of the page's next animation frame: the page is drawing. */
const nextFrameRunning = (page: Page) =>
  page.evaluate(() => new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve((window as any).__callboard.store.getState().running))));

async function setAnswerSize(page: Page, megabytes: string) {
  await page.getByTestId('open-llm-settings').click();
  const dialog = page.getByTestId('llm-dialog');
  await dialog.getByTestId('llm-answer-size').fill(megabytes);
  await dialog.getByTestId('llm-save').click();
  await expect(dialog).toBeHidden();
}

test('a tool that returns 12 MB: the chat and the turn inspector show it cut, with Show all, and the page keeps drawing', async ({ page, request }) => {
  await startAt(page, 's_choose');
  await page.evaluate((body) =>
    (window as any).__callboard.store.getState().apply((doc: any) => ({
      ...doc,
      tools: doc.tools.map((t: any) => (t.name === 'free_slots' ? { ...t, implementation: body } : t)),
    })), HUGE_TOOL_BODY);
  // The model's next answer never comes: the step stays running while the test looks at the chat.
  const turns: MockTurn[] = [OPENING, { reply: { toolCalls: [{ name: 'free_slots', arguments: { day: 'Tuesday', visit: 'checkup' } }] } }, { fault: { neverAnswer: true } }];
  await scriptMock(request, turns);
  await useMockLlm(page);
  await say(page, 'Tuesday', { wait: false });

  const row = page.getByTestId('sim-tool-free_slots');
  await expect(row).toHaveAttribute('data-status', 'ok');
  await row.locator('.sim-tool-head').click();
  const result = page.getByTestId('sim-tool-result-free_slots');
  await expect(result).toBeVisible();
  expect((await result.textContent())!.length).toBe(20_000);
  await expect(row.getByTestId('cut-text-note').first()).toHaveText(`Showing the first 20,000 of ${HUGE_TOOL_CHARACTERS.toLocaleString('en-US')} characters.`);
  const resultCut = row.getByTestId('cut-text').filter({ has: result });
  await resultCut.getByTestId('cut-show-all').click();
  await expect(resultCut.getByTestId('cut-text-note')).toHaveText('Characters 1–200,000 of 12,000,000 (page 1 of 60).');
  await resultCut.getByTestId('cut-next').click();
  await expect(resultCut.getByTestId('cut-text-note')).toHaveText('Characters 200,001–400,000 of 12,000,000 (page 2 of 60).');
  // The page draws a frame while the step is still running, after laying all of that out.
  expect(await nextFrameRunning(page)).toBe(true);

  // Download hands over the whole result.
  const download = page.waitForEvent('download');
  await resultCut.getByTestId('cut-download').click();
  const file = await (await download).path();
  const { statSync } = await import('node:fs');
  expect(statSync(file).size).toBe(HUGE_TOOL_CHARACTERS);

  await page.getByTestId('sim-stop').click();
  await waitForStep(page);
  await expect(page.getByTestId('sim-failure')).toContainText('Stopped');

  // The turn inspector: the stopped call was sent the tool result; its message is cut the same way.
  await page.getByTestId('dock-tab-turns').click();
  await page.getByTestId('call-row').last().click();
  const details = page.getByTestId('call-details');
  await details.locator('summary', { hasText: 'Messages' }).click();
  await expect(details.getByTestId('cut-show-all').first()).toHaveText('Show all (12.0 MB)');
  expect(await nextFrameRunning(page)).toBe(false);
});

for (const provider of ['openai', 'anthropic'] as const) {
  test(`${provider}: a server that streams forever is cut at ⚙ LLM › Answer size, and the chat says which setting`, async ({ page, request }) => {
    await scriptMock(request, [OPENING, FOREVER]);
    await useMockLlm(page, { provider });
    await setAnswerSize(page, '0.1');
    await say(page, 'Hi');
    await expect(page.getByTestId('sim-failure')).toContainText("The model's answer passed 100 KB (⚙ LLM › Answer size, --answer-size in the CLI) and was stopped.");
  });
}

test('the Answer size field refuses what is not a size and keeps the last good one', async ({ page }) => {
  await page.getByTestId('open-llm-settings').click();
  const dialog = page.getByTestId('llm-dialog');
  await dialog.getByTestId('llm-provider').selectOption('openai');
  await dialog.getByTestId('llm-answer-size').fill('0');
  await expect(dialog.getByTestId('llm-answer-size-error')).toHaveText('The answer size is a number of megabytes from 0.001 to 1000, e.g. 2; until then 2 MB is kept.');
  await dialog.getByTestId('llm-answer-size').fill('5');
  await dialog.getByTestId('llm-answer-time').fill('120');
  await dialog.getByTestId('llm-save').click();
  expect(await page.evaluate(() => {
    const { answerMegabytes, answerSeconds } = (window as any).__callboard.store.getState().llm;
    return { answerMegabytes, answerSeconds, saved: JSON.parse(localStorage.getItem('callboard.llm')!).answerMegabytes };
  })).toEqual({ answerMegabytes: 5, answerSeconds: 120, saved: 5 });
});

test('Stop during an endless stream ends the run at once, and the next click is handled', async ({ page, request }) => {
  await scriptMock(request, [OPENING, FOREVER]);
  await useMockLlm(page);
  // Far more than the test lets it stream: Stop, not the size bound, is what ends this run.
  await setAnswerSize(page, '1000');
  await say(page, 'Hi', { wait: false });
  await expect(page.getByTestId('sim-streaming')).toContainText('flood');
  // The streamed line is laid out only up to its first 20,000 characters, then counted.
  await expect(page.getByTestId('sim-streamed-more')).toContainText('so far');
  expect(await nextFrameRunning(page)).toBe(true);
  await page.getByTestId('sim-stop').click();
  await expect(page.getByTestId('sim-failure')).toContainText('Stopped');
  await page.getByTestId('open-llm-settings').click();
  await expect(page.getByTestId('llm-dialog')).toBeVisible();
});
