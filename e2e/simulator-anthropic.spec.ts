import { expect, test } from '@playwright/test';
import { openApp } from './helpers';
import { PINECALL_BOOKING, TEST_KEY, mockRequests, openSimulator, say, scriptMock, simState, startAt, useMockLlm } from './sim-helpers';

// The Pinecall booking of e2e/simulator.spec.ts, with the provider set to Anthropic: the app calls
// the mock through @anthropic-ai/sdk (Messages API, /v1/messages), and the mock answers in
// Anthropic's stream shape.

const SHOTS = process.env.SIM_SHOTS ?? '/tmp';

test.beforeEach(async ({ page }) => {
  await openApp(page);
  expect(await page.evaluate(() => (window as any).__callboard.store.getState().doc.name)).toBe('Clinic Booking');
  await openSimulator(page);
});

test('a Pinecall booking through the Anthropic provider: announce, confirm, and the move to goodbye', async ({ page, request }) => {
  await startAt(page, 's_choose');
  await scriptMock(request, PINECALL_BOOKING);
  await useMockLlm(page, { provider: 'anthropic' });

  await say(page, 'A checkup on Tuesday, please');
  const chat = page.getByTestId('sim-chat');
  await expect(chat.getByTestId('sim-agent-line').first()).toHaveText(/Hello, Clínica Norte/);
  await expect(chat.getByTestId('sim-runtime-announce')).toContainText('Let me check the agenda.');
  await expect(chat.getByTestId('sim-runtime-announce')).toContainText('announce · free_slots');
  await expect(chat.getByTestId('sim-tool-free_slots')).toHaveAttribute('data-status', 'ok');
  await expect(chat.getByTestId('sim-agent-line').last()).toHaveText(/Tuesday 09:00 with Dr\. Vega/);
  // The tool result went back as an Anthropic tool_result block, cut to the preview's two slots.
  const afterSlots = (await mockRequests(request)).at(-1)!.body;
  // The first tool_result is the runtime's own current_date pair (tools.py date_pair); the slots' follows.
  const toolResult = afterSlots.messages.flatMap((m: any) => (Array.isArray(m.content) ? m.content : [])).find((b: any) => b.type === 'tool_result' && b.tool_use_id !== 'clock_1');
  expect(toolResult.tool_use_id).toMatch(/^toolu_mock_/);
  const content = typeof toolResult.content === 'string' ? toolResult.content : toolResult.content.map((c: any) => c.text).join('');
  expect(JSON.parse(content).items).toHaveLength(2);

  await say(page, 'The 10:30 one');
  await expect(chat.getByTestId('sim-runtime-confirm')).toHaveText(/Booked: Tuesday 10:30 with Dr\. Ruiz\./);
  await expect(chat.getByTestId('sim-stage-change')).toContainText('goodbye');
  await expect(page.getByTestId('stage-node-goodbye')).toHaveAttribute('data-current', 'true');
  await expect(chat.getByTestId('sim-agent-line').last()).toHaveText(/See you on Tuesday\. Goodbye!/);
  expect((await simState(page)).state).toMatchObject({ booking_when: 'Tuesday 10:30', searches: 1 });
  expect((await simState(page)).stageId).toBe('s_goodbye');

  // Every model request went to the Messages API, in Anthropic's shape, with the key.
  const requests = await mockRequests(request);
  expect(requests).toHaveLength(5);
  for (const r of requests) {
    expect(r.path).toBe('/v1/messages');
    expect(r.body.model).toBe('mock-claude');
    expect(typeof r.body.max_tokens).toBe('number');
    expect(r.body.stream).toBe(true);
    // @anthropic-ai/sdk 1.14 sends the key as `Authorization: Bearer` (older clients used x-api-key).
    expect(r.headers['x-api-key'] ?? String(r.headers.authorization).replace(/^Bearer /, '')).toBe(TEST_KEY);
    expect(r.headers['anthropic-version']).toBeTruthy();
    expect(r.body.messages.some((m: any) => m.role === 'system')).toBe(false);
  }
  // The system prompt is Anthropic's top-level `system`; the tools are Anthropic tools (input_schema).
  const booking = requests[3].body;
  expect(JSON.stringify(booking.system)).toContain('You are Sofia');
  expect(booking.tools.map((t: any) => t.name)).toEqual(expect.arrayContaining(['free_slots', 'book']));
  expect(booking.tools[0].input_schema.type).toBe('object');
  expect(booking.messages.at(-1)).toMatchObject({ role: 'user' });
  await page.screenshot({ path: `${SHOTS}/h6-anthropic.png` });
});
