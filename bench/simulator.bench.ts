// Simulator overhead, engine plus render (issue 5): 200 caller lines typed into the app's chat,
// the mock LLM answering each at once. Baseline in the same run: the same request made with a
// bare fetch from the page (the network and mock-server floor every turn pays).
import { expect, test } from '@playwright/test';
import { openApp, openSimulator, scriptMock, useMockLlm } from './lib/app-driver';
import { MOCK_URL, SENTINEL_KEY } from './lib/env';
import { writePart } from './lib/results';
import { summarize } from './lib/stats';

const TURNS = Number(process.env.BENCH_SIM_TURNS ?? 200);
const EDGE = 20;
const REPLY = 'Okay, noted. Anything else?';

test('simulator: 200 turns in the app against an instant mock model', async ({ page, request }) => {
  // 200 steps, each re-rendering the chat: minutes on a loaded 2-core machine.
  test.setTimeout(30 * 60_000);
  await scriptMock(request, [{ reply: { text: REPLY }, times: 0 }]);
  await openApp(page);
  await useMockLlm(page, 'openai');
  await openSimulator(page);
  const input = page.getByTestId('sim-input');
  const agentLines = page.getByTestId('sim-agent-line');

  const turns: number[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    await input.fill(`Line ${turn}: I am still thinking about which day suits me.`);
    const before = await agentLines.count();
    const start = performance.now();
    await input.press('Enter');
    // Finished and rendered, in one wait as the floor has (two waits in a row added a round trip):
    // the step is over and the agent's answer is in the chat.
    await page.waitForFunction((n) => {
      const state = (window as any).__callboard.store.getState();
      return state.running === false && state.session !== null && document.querySelectorAll('[data-testid="sim-agent-line"]').length > n;
    }, before, { polling: 'raf' });
    turns.push(performance.now() - start);
  }

  // The floor a turn is held to: the same Enter press, a bare fetch of the same mock answer and its
  // text put in the chat as one line, scrolled into view as the chat follows its last line. It is
  // started and read as a turn is (Playwright's press, then one wait polled each frame), so both
  // carry the same input path and round trips; what a turn costs above it is the engine, the store
  // and the panels. (An earlier floor started the fetch from page.evaluate and put the line below
  // the viewport, where it was never painted: it carried neither the press nor a paint.)
  await page.evaluate(({ url, key }) => {
    const field = document.createElement('input');
    field.dataset.benchFloor = '';
    field.style.cssText = 'position:fixed;right:8px;top:8px;width:160px;z-index:1000';
    field.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      void (async () => {
        const response = await fetch(`${url}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({ model: 'mock-model', stream: true, messages: [{ role: 'user', content: 'Hello' }] }),
        });
        const text = await response.text();
        const chat = document.querySelector('[data-testid="sim-chat"]')!;
        const line = document.createElement('div');
        line.className = 'sim-line agent';
        line.dataset.benchLine = '';
        line.textContent = text.slice(0, 80);
        chat.append(line);
        chat.scrollTop = chat.scrollHeight;
      })();
    });
    document.body.append(field);
  }, { url: MOCK_URL, key: SENTINEL_KEY });
  const floorField = page.locator('[data-bench-floor]');
  const floor: number[] = [];
  for (let i = 0; i < 40; i++) {
    await floorField.fill(`Line ${i}`);
    const before = await page.locator('[data-bench-line]').count();
    const start = performance.now();
    await floorField.press('Enter');
    await page.waitForFunction((n) => document.querySelectorAll('[data-bench-line]').length > n, before, { polling: 'raf' });
    floor.push(performance.now() - start);
  }
  // The earlier floor, kept beside it for comparison: the fetch started from page.evaluate and its
  // line appended to the body, below the viewport (no press, no paint).
  const bareFloor: number[] = [];
  for (let i = 0; i < 40; i++) {
    const before = await page.locator('[data-bench-bare]').count();
    const start = performance.now();
    await page.evaluate(({ url, key }) => {
      void (async () => {
        const response = await fetch(`${url}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({ model: 'mock-model', stream: true, messages: [{ role: 'user', content: 'Hello' }] }),
        });
        const line = document.createElement('div');
        line.dataset.benchBare = '';
        line.textContent = (await response.text()).slice(0, 80);
        document.body.append(line);
      })();
    }, { url: MOCK_URL, key: SENTINEL_KEY });
    await page.waitForFunction((n) => document.querySelectorAll('[data-bench-bare]').length > n, before, { polling: 'raf' });
    bareFloor.push(performance.now() - start);
  }
  const steps = await page.evaluate(() => (window as any).__callboard.store.getState().steps.length);

  const section = 'Simulator overhead';
  const first = { name: `first ${EDGE} turns`, ...summarize(turns.slice(0, EDGE)) };
  writePart({
    name: 'simulator',
    figures: [
      {
        section, name: `engine + render per turn, all ${TURNS} turns (browser)`, unit: 'ms', ...summarize(turns),
        baseline: { name: 'the same Enter press, a bare fetch of the same mock answer and one line of it in the chat', ...summarize(floor) },
        target: { on: 'ratio-median', below: 3, text: 'under 3× the press, bare fetch and one chat line' },
      },
      {
        section, name: `engine + render per turn, all ${TURNS} turns, against the earlier floor (browser)`, unit: 'ms', ...summarize(turns),
        baseline: { name: 'a bare fetch started by page.evaluate, its line below the viewport', ...summarize(bareFloor) },
      },
      {
        section, name: `engine + render per turn, last ${EDGE} turns (browser)`, unit: 'ms', ...summarize(turns.slice(-EDGE)), baseline: first,
        target: { on: 'ratio-median', below: 1.2, text: `last ${EDGE} / first ${EDGE} under 1.2×` },
      },
    ],
    facts: { 'steps in the session at the end': steps },
    notes: [
      `Browser: the built app, the sample agent, the OpenAI-compatible provider pointed at the mock LLM server answering every call at once with one line. A turn is timed from pressing Enter in the chat to the step finished and its agent line in the chat, read in one wait polled each frame (Playwright's press and wait round trips included).`,
      `Floor: the same press of Enter, in an input of the bench's own whose keydown makes the bare fetch and puts the answer's text in the chat as one agent line, scrolled into view; timed as a turn is. The earlier floor (its own row, no target) started the fetch from page.evaluate and appended the line below the viewport, so it carried no press and no paint.`,
    ],
  });
  expect(turns).toHaveLength(TURNS);
});
