import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { findDates, findTimes } from '../src/simulator/offline/dates';
import { findNames, findPhones } from '../src/simulator/offline/extract';
import { isStopWord, nameWords, stem, words } from '../src/simulator/offline/words';
import { appState, openApp } from './helpers';
import { openSimulator, say, waitForStep } from './sim-helpers';

// The offline model (the default provider) walks whole calls with no network beyond this machine:
// every request to another host is aborted and recorded, and none may be attempted. The caller's
// lines share no content word with the agents' tools (the same lines and the same check as
// src/simulator/offline/sample-booking.test.ts), so what happens comes from general rules.

const SHOTS = process.env.SIM_SHOTS ?? '/tmp';

const SAMPLE = {
  intent: "Hi, I'd like to reserve a spot please.",
  identity: "I'm Dana Whitfield, you can reach me on 555 123 4567.",
  day: 'Could I come Thursday for a cleaning?',
  agree: 'Yes, the 10:30 one please.',
};
const SPEC = { intent: "Hi, I'd like to reserve a visit with the dentist.", birth: 'I was born on May 5, 1990.' };

const TODAY = '2026-12-01';

interface DocTools {
  tools: { name: string; description: string; parameters: { properties?: Record<string, { description?: string; enum?: unknown[] }> } }[];
}
const example = (file: string): DocTools => JSON.parse(readFileSync(new URL(`../public/examples/${file}`, import.meta.url), 'utf8'));

/**
 * The content words of a caller line that are also words of the agent's tools (names, descriptions,
 * parameters, stemmed); stop-words and the values a caller gives (names, dates, times, phone numbers,
 * enum values) are allowed. The same check as sharedWithTools in
 * src/simulator/offline/conversation-testing.ts, which Playwright cannot import (it loads the
 * model's JSON schema without an import attribute).
 */
function sharedWithTools(doc: DocTools, line: string): string[] {
  const vocabulary = new Set<string>();
  const add = (text: string) => [...nameWords(text), ...words(text)].forEach((w) => vocabulary.add(stem(w)));
  const values = new Set<string>();
  for (const tool of doc.tools) {
    add(tool.name);
    add(tool.description);
    for (const [name, prop] of Object.entries(tool.parameters.properties ?? {})) {
      add(name);
      add(prop?.description ?? '');
      for (const v of prop?.enum ?? []) values.add(String(v).toLowerCase());
    }
  }
  for (const f of [...findNames(line), ...findDates(line, TODAY), ...findTimes(line), ...findPhones(line)]) words(f.said).forEach((w) => values.add(w));
  return words(line).filter((w) => !isStopWord(w) && !values.has(w) && !/^\d+$/.test(w) && vocabulary.has(stem(w)));
}

/** Every request to another host that was attempted (the route and the request event both record it). */
const foreign = new Set<string>();

test.beforeEach(async ({ context }) => {
  foreign.clear();
  const isForeign = (url: URL) => !['data:', 'blob:'].includes(url.protocol) && url.hostname !== '127.0.0.1';
  // Routed at the context, so workers' requests are caught as well as the page's.
  await context.route(isForeign, (route) => {
    foreign.add(route.request().url());
    return route.abort('blockedbyclient');
  });
  context.on('request', (r) => {
    if (isForeign(new URL(r.url()))) foreign.add(r.url());
  });
  context.on('page', (p) => p.on('websocket', (ws) => foreign.add(ws.url())));
});
test.afterEach(() => expect([...foreign]).toEqual([]));

test('the caller lines share no word with the tools of either agent', () => {
  const sample = example('clinic-booking.json');
  for (const line of Object.values(SAMPLE)) expect(sharedWithTools(sample, line), line).toEqual([]);
  const spec = example('block-agent-spec.json');
  for (const line of Object.values(SPEC)) expect(sharedWithTools(spec, line), line).toEqual([]);
  // The check does find a shared word when there is one.
  expect(sharedWithTools(sample, 'I want to book an appointment')).toEqual(['book', 'appointment']);
});

const current = (page: Page, stage: string) => expect(page.getByTestId(`stage-node-${stage}`)).toHaveAttribute('data-current', 'true');

async function answerWait(page: Page, token: string, value: string) {
  await expect(page.getByTestId('sim-wait')).toContainText(token);
  await page.getByTestId('sim-wait-input').fill(value);
  await page.getByTestId('sim-wait-input').press('Enter');
  await waitForStep(page);
}

test('the sample in Block Agent books an appointment end to end on the offline model', async ({ page }) => {
  await openApp(page);
  expect(await appState(page, (s) => s.doc.name)).toBe('Clinic Booking');
  await page.getByTestId('target-switch').getByRole('button', { name: 'Block Agent' }).click();
  // The guard works: a request to another host is aborted and recorded (then forgotten).
  expect(await page.evaluate(() => fetch('https://example.invalid/probe').then(() => 'sent', () => 'blocked'))).toBe('blocked');
  expect([...foreign]).toEqual(['https://example.invalid/probe']);
  foreign.clear();
  await openSimulator(page);
  await expect(page.getByTestId('sim-provider')).toHaveText('Offline model');

  await say(page, SAMPLE.intent);
  await current(page, 'identify');
  await say(page, SAMPLE.identity);
  await current(page, 'verify');
  await answerWait(page, 'ehr_lookup', 'verified');
  await current(page, 'choose');
  await say(page, SAMPLE.day);
  // The reply runs beside the tools call, so it cannot name the slots yet; free_slots stored them,
  // and choose's content prints them ("Slots found so far: {{ slots }}") for the next step.
  expect(await appState(page, (st) => st.session.state.slots.map((x: any) => x.when))).toEqual(['Thursday 09:00', 'Thursday 10:30', 'Thursday 12:00', 'Thursday 16:00']);
  await say(page, SAMPLE.agree);
  await current(page, 'goodbye');
  await expect(page.getByTestId('sim-ended')).toBeVisible();
  await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/Thank you, Dana Whitfield\. Goodbye!$/);

  const s = await appState(page, (st) => st.session);
  expect(s.ended).toBe(true);
  expect(s.state).toMatchObject({ booking_when: 'Thursday 10:30', day: 'Thursday', visit: 'cleaning', searches: 1 });
  expect(s.changeLog).toContainEqual(expect.objectContaining({ field: 'booking_when', next: 'Thursday 10:30', author: 'book' }));
  expect(s.changeLog.filter((c: any) => c.field === 'stage').map((c: any) => c.next)).toEqual(['identify', 'verify', 'choose', 'goodbye']);
  // Only the offline model answered: every call's notes name its rules.
  const calls = s.trace.filter((t: any) => t.kind === 'model-call');
  expect(calls.length).toBeGreaterThan(8);
  expect(calls.filter((t: any) => t.error !== undefined)).toEqual([]);
  await page.getByTestId('dock-tab-changelog').click();
  const booked = page.locator('[data-testid="change-row"]', { has: page.locator('td.cl-field', { hasText: /^booking_when$/ }) });
  await expect(booked.getByTestId('author-chip')).toHaveText('book');
  await expect(booked.locator('.cl-value')).toContainText('"Thursday 10:30"');
  await page.screenshot({ path: `${SHOTS}/h6-offline-block-agent.png` });
});

test('the block-agent.md example, opened as an example, reaches its end on the offline model', async ({ page }) => {
  // public/examples/block-agent-spec.json is spec-example.yaml imported (scripts/make-spec-example.ts).
  await openApp(page, '?example=block-agent-spec');
  await expect.poll(() => appState(page, (s) => s.doc.name)).toBe('Block Agent spec example');
  expect(await appState(page, (s) => [s.doc.target, s.doc.opening])).toEqual(['block-agent', 'caller']);
  await openSimulator(page);
  await expect(page.getByTestId('sim-provider')).toHaveText('Offline model');

  await say(page, SPEC.intent);
  await current(page, 'ask_dob');
  await say(page, SPEC.birth);
  await current(page, 'verify');
  await answerWait(page, 'dob_lookup', 'verified');
  await current(page, 'goodbye');
  await expect(page.getByTestId('sim-ended')).toBeVisible();
  await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/Thank you\. Goodbye!$/);

  const s = await appState(page, (st) => st.session);
  expect(s.ended).toBe(true);
  expect(s.state).toMatchObject({ schedule_appointment: true, intent_utterance: SPEC.intent, date_of_birth: '1990-05-05' });
  expect(s.changeLog).toContainEqual(expect.objectContaining({ field: 'date_of_birth', next: '1990-05-05', author: 'collect_date_of_birth' }));
  expect(s.changeLog.filter((c: any) => c.field === 'stage').map((c: any) => c.next)).toEqual(['ask_dob', 'verify', 'goodbye']);
  await expect(page.locator('.react-flow__edge[data-id="e_check_1"] path.taken')).toHaveCount(1);
});
