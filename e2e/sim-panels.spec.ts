import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { appState, openApp } from './helpers';
import { openSimulator, say } from './sim-helpers';

// The run's panels (change log, state, turn inspector) over recorded sessions of the sample agent:
// e2e/fixtures/sim-session.json (Pinecall, four steps) and sim-block-agent.json (two Block Agent
// steps with parallel calls). Both are plain Session values, put into the store as a run would.

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const PINECALL = fixture('sim-session.json');
const BLOCK_AGENT = fixture('sim-block-agent.json');

async function loadSession(page: Page, session: unknown) {
  await page.evaluate((s) => (window as any).__callboard.store.getState().setSim({ session: s, steps: [] }), session);
}

/** The Pinecall fixture's `ehr` writes a `record` object, a field the sample does not declare. */
async function addRecordField(page: Page) {
  await page.evaluate(() =>
    (window as any).__callboard.store.getState().apply((doc: any) => ({
      ...doc,
      state: [...doc.state, { id: 'f_record', name: 'record', type: 'object', default: {}, pii: false, visibility: 'private' }],
    })),
  );
}

async function setTarget(page: Page, target: string) {
  await page.evaluate((t) => (window as any).__callboard.store.getState().apply((doc: any) => ({ ...doc, target: t })), target);
}

/** A screenshot of the bottom dock on a taller page, so a whole panel shows (the dock takes 24% of the height). */
async function shootDock(page: Page, path: string, colorScheme: 'light' | 'dark' = 'light') {
  await page.emulateMedia({ colorScheme });
  await page.setViewportSize({ width: 1440, height: 2000 });
  await page.locator('.dock').screenshot({ path });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

const rows = (page: Page) => page.getByTestId('change-row');
const row = (page: Page, seq: number) => page.locator(`[data-testid="change-row"][data-seq="${seq}"]`);

test.describe('change log', () => {
  test.beforeEach(async ({ page }) => {
    await openApp(page);
    await page.getByTestId('dock-tab-changelog').click();
  });

  test('says how to fill it, then lists every write with pii masked and objects diffed', async ({ page }) => {
    await expect(page.getByTestId('changelog-panel')).toContainText('Run the agent in the Simulator tab; every state write, and every this.log of its code, shows here');
    await addRecordField(page);
    await loadSession(page, PINECALL);
    await expect(rows(page)).toHaveCount(PINECALL.changeLog.length);
    await expect(page.getByTestId('changelog-count')).toHaveText(`${PINECALL.changeLog.length} writes`);

    // caller_name and caller_phone are pii: *** on both sides, and the name is nowhere in the table.
    const name = row(page, 2);
    await expect(name).toContainText('caller_name');
    await expect(name.locator('.cl-value')).toHaveText('***→***');
    await expect(page.getByTestId('changelog-panel')).not.toContainText('Ana Souza');
    await expect(page.getByTestId('changelog-panel')).not.toContainText('5550142');

    // The ehr lookup fills an empty record: four added keys. book then changes one key and drops one.
    const filled = row(page, 5).getByTestId('change-diff').locator('li');
    await expect(filled).toHaveCount(4);
    await expect(row(page, 5).locator('li[data-kind="added"]')).toHaveCount(4);
    const booked = row(page, 10).getByTestId('change-diff').locator('li');
    await expect(booked).toHaveCount(2);
    await expect(row(page, 10).locator('li[data-kind="removed"]')).toContainText('notes');
    await expect(row(page, 10).locator('li[data-kind="added"]')).toContainText('next_visit');
    await expect(row(page, 10)).not.toContainText('patient_id');

    // Scalars whole, the author as a chip, time from the run start.
    await expect(row(page, 6).locator('.cl-value')).toHaveText('"identify"→"choose"');
    await expect(row(page, 6).getByTestId('author-chip')).toHaveText('ehr');
    await expect(row(page, 2).locator('.cl-time')).toHaveText('+9.7 s');
  });

  test('an earlier row is masked again when a later step shows its value was pii', async ({ page }) => {
    // The rows are memoised; the masker is kept while the pii values seen are the same. A write of
    // booking_when (not pii) shows in clear until a later write of caller_name (pii) holds the same text.
    const write = { seq: 1, turn: 1, field: 'booking_when', prev: '', next: 'Ana Souza', author: 'book', at: PINECALL.changeLog[0].at };
    await loadSession(page, { ...PINECALL, turn: 1, transcript: [], trace: [], state: { ...PINECALL.state, caller_name: '', caller_phone: '', record: {} }, changeLog: [write] });
    await expect(row(page, 1).locator('.cl-value')).toHaveText('""→"Ana Souza"');
    // The next step appends to the same session: the first entry stays the same object, as in a run.
    await page.evaluate(() => {
      const store = (window as any).__callboard.store;
      const s = store.getState().session;
      const write = { seq: 2, turn: 2, field: 'caller_name', prev: '', next: 'Ana Souza', author: 'collect_identity', at: s.changeLog[0].at + 1000 };
      store.getState().setSim({ session: { ...s, turn: 2, state: { ...s.state, caller_name: 'Ana Souza' }, changeLog: [...s.changeLog, write] } });
    });
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, 1).locator('.cl-value')).toHaveText('""→"***"');
    await expect(page.getByTestId('changelog-panel')).not.toContainText('Ana Souza');
  });

  test('filters by field and by author', async ({ page }) => {
    await addRecordField(page);
    await loadSession(page, PINECALL);
    await page.getByTestId('changelog-filter-field').selectOption('stage');
    await expect(rows(page)).toHaveCount(3);
    await expect(page.getByTestId('changelog-count')).toHaveText(`3 of ${PINECALL.changeLog.length} writes`);
    await page.getByTestId('changelog-filter-author').selectOption('book');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('"choose"→"goodbye"');
    await page.getByTestId('changelog-filter-field').selectOption('caller_phone');
    await expect(page.getByTestId('changelog-panel')).toContainText('No writes match the filters.');
    await page.getByRole('button', { name: 'Show all' }).click();
    await expect(rows(page)).toHaveCount(PINECALL.changeLog.length);
  });

  test('a click opens the authoring tool in the inspector and points the chat at its step', async ({ page }) => {
    await addRecordField(page);
    await loadSession(page, PINECALL);
    await row(page, 8).click(); // free_slots writes slots in step 3
    await expect(page.getByTestId('inspector-title')).toHaveText('free_slots');
    expect(await appState(page, (s) => s.selection)).toEqual([{ kind: 'tool', id: 't_slots' }]);
    expect(await appState(page, (s) => s.simFocus)).toEqual({ step: 3, tool: 'free_slots' });
    await expect(row(page, 8)).toHaveAttribute('aria-selected', 'true');
  });

  test('an edge author selects nothing and still points at the step (Block Agent)', async ({ page }) => {
    await setTarget(page, 'block-agent');
    await loadSession(page, BLOCK_AGENT);
    await expect(row(page, 3).getByTestId('author-chip')).toHaveText('edge greet → identify');
    await row(page, 3).click();
    expect(await appState(page, (s) => s.selection)).toEqual([]);
    expect(await appState(page, (s) => s.simFocus)).toEqual({ step: 1 });
  });

  test('follows the run while scrolled to the end', async ({ page }) => {
    await addRecordField(page);
    const grow = async (count: number) => loadSession(page, { ...PINECALL, changeLog: PINECALL.changeLog.slice(0, count) });
    await grow(3);
    for (let count = 4; count <= PINECALL.changeLog.length; count++) await grow(count);
    await expect(rows(page)).toHaveCount(PINECALL.changeLog.length);
    const scroll = page.locator('.cl-scroll');
    const gap = () => scroll.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
    expect(await scroll.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await expect.poll(gap).toBeLessThan(2);
    await expect(rows(page).last()).toBeInViewport();
    await page.screenshot({ path: '/tmp/h5-changelog.png' });
    await shootDock(page, '/tmp/h5-changelog-dark.png', 'dark');
  });
});

test.describe('turn inspector', () => {
  test.beforeEach(async ({ page }) => {
    await openApp(page);
    await page.getByTestId('dock-tab-turns').click();
  });

  test('shows what each model call was sent and answered, and the edge that fired', async ({ page }) => {
    await expect(page.getByTestId('turn-inspector')).toContainText("each step's model calls show here");
    await addRecordField(page);
    await loadSession(page, PINECALL);
    // The latest step by default: book moved choose → goodbye.
    await expect(page.getByTestId('step-select')).toHaveValue('0');
    await expect(page.getByTestId('edge-decision')).toContainText('choose → goodbye');
    await expect(page.getByTestId('edge-decision')).toContainText('book ✓');

    await page.getByTestId('step-select').selectOption({ label: 'Step 1' });
    await expect(page.getByTestId('step-totals')).toContainText('2 model calls');
    const details = page.getByTestId('call-details');
    await expect(details).toHaveAttribute('data-call', '1');
    await expect(page.getByTestId('call-system')).toContainText('You are Sofia, the front desk of Clínica Norte');
    await expect(page.getByTestId('call-system')).toContainText('Greet the caller and ask how you can help.');
    await expect(page.getByTestId('call-tokens')).toHaveText('412 in / 38 out tokens');
    await expect(page.getByTestId('call-latency')).toHaveText('640 ms');
    await expect(page.getByTestId('call-notes')).toContainText('offline rule "intent"');
    await expect(page.getByTestId('offered-tool')).toHaveText([/^is_schedule_appointment/, /^caller_intent_not_yet_detected/]);

    // A schema opens on demand.
    const intent = page.locator('[data-testid="offered-tool"][data-tool="is_schedule_appointment"]');
    await expect(intent.getByTestId('tool-schema')).toBeHidden();
    await intent.locator('summary').click();
    await expect(intent.getByTestId('tool-schema')).toBeVisible();
    await expect(intent.getByTestId('tool-schema')).toContainText('"intent_utterance"');

    // The raw wire JSON is folded away until asked for, and carries no headers.
    const wire = page.getByTestId('wire-request');
    await expect(wire.locator('pre')).toBeHidden();
    await wire.locator('summary').click();
    await expect(wire.locator('pre')).toContainText('"tool_choice": "auto"');
    await expect(page.getByTestId('turn-inspector')).not.toContainText(/authorization|api[-_]?key/i);

    // Why the stage moved: the edge and its condition, from the document.
    await expect(page.getByTestId('edge-decision')).toHaveAttribute('data-edge', 'e_greet_identify');
    await expect(page.getByTestId('edge-decision')).toContainText('greet → identify because schedule_appointment = true');
    await expect(page.locator('[data-testid="step-event"][data-kind="skipped"]')).toContainText('loop edge greet → greet is skipped');

    await page.getByTestId('call-row').nth(1).click();
    await expect(details).toHaveAttribute('data-call', '2');
    await expect(page.getByTestId('call-answer')).toHaveText('Of course! May I have your full name, please?');
    // The history it was sent: the caller's line, the tool call and its result.
    await details.getByText('Messages (3)').click();
    await expect(details.locator('.cd-msg')).toHaveCount(3);
    await expect(details.locator('.cd-msg.user .cd-role')).toHaveText('caller');
    await expect(details.locator('.cd-msg.user pre')).toHaveText("Hi, I'd like to book a cleaning.");
    await expect(details.locator('.cd-msg.assistant')).toContainText('is_schedule_appointment');
    await expect(details.locator('.cd-msg.tool .cd-role')).toContainText('tool result');
    await expect(details.locator('.cd-msg.tool .cd-role-tool')).toHaveText('is_schedule_appointment');
    await shootDock(page, '/tmp/h5-turns-pinecall.png');
  });

  test('a change-log click shows that step', async ({ page }) => {
    await addRecordField(page);
    await loadSession(page, PINECALL);
    await page.evaluate(() => (window as any).__callboard.store.getState().setSim({ simFocus: { step: 2, tool: 'ehr' } }));
    await expect(page.getByTestId('step-select')).toHaveValue('2');
    await expect(page.getByTestId('edge-decision')).toContainText('identify → choose set in code by ehr');
    await expect(page.locator('[data-testid="step-event"][data-kind="tool-run"]').nth(0)).toContainText('"caller_name":"***"');
  });

  test('Block Agent: the reply and tool calls of one step overlap on one time axis', async ({ page }) => {
    await setTarget(page, 'block-agent');
    await loadSession(page, BLOCK_AGENT);
    // Step 2, the latest: the tool call failed and says why.
    await expect(page.locator('[data-testid="call-row"].failed')).toHaveCount(1);
    await expect(page.getByTestId('step-totals')).toContainText('1 failed');
    await page.locator('[data-testid="call-row"].failed').click();
    await expect(page.getByRole('alert')).toContainText('HTTP 429');

    await page.getByTestId('step-select').selectOption({ label: 'Step 1' });
    const bars = page.getByTestId('axis-bar');
    await expect(bars).toHaveCount(2);
    const reply = (await bars.nth(0).boundingBox())!;
    const tools = (await bars.nth(1).boundingBox())!;
    // Both started at the same moment: same left edge; the reply (420 ms) is shorter than the tool call (780 ms).
    expect(Math.abs(reply.x - tools.x)).toBeLessThan(1.5);
    expect(reply.width / tools.width).toBeCloseTo(420 / 780, 1);
    expect(Math.min(reply.x + reply.width, tools.x + tools.width) - Math.max(reply.x, tools.x)).toBeGreaterThan(20);
    // One above the other, not on top of each other.
    expect(tools.y).toBeGreaterThanOrEqual(reply.y + reply.height);
    await expect(page.getByTestId('call-row')).toHaveText([/1\s*reply/, /2\s*tools/]);
    await expect(page.getByTestId('edge-decision')).toContainText('greet → identify because schedule_appointment = true');
    // A change-log click on the tool's write opens the call that asked for it: the tool call, not the reply.
    await page.evaluate(() => (window as any).__callboard.store.getState().setSim({ simFocus: { step: 1, tool: 'is_schedule_appointment' } }));
    await expect(page.getByTestId('call-details')).toHaveAttribute('data-call', '2');
    await expect(page.getByTestId('call-details')).toContainText('tool_choice required');
    await shootDock(page, '/tmp/h5-turns-block.png', 'dark');
  });
});

test.describe('state panel', () => {
  test('before a run: initial values checked against their types, this.call facts as rows; during a run: read-only', async ({ page }) => {
    await openApp(page);
    await page.getByTestId('dock-tab-simulator').click();
    const panel = page.getByTestId('state-panel');
    await expect(panel).toHaveAttribute('data-editable', 'true');
    await expect(page.getByTestId('state-stage')).toHaveText('greet (entry)');
    const input = (field: string) => page.locator(`[data-testid="state-field"][data-field="${field}"]`).getByTestId('initial-input');
    const errorOf = (field: string) => page.locator(`[data-testid="state-field"][data-field="${field}"]`).getByTestId('initial-error');

    // this.call starts with today's local date and the test caller's number.
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await expect.poll(() => appState(page, (s) => s.callFacts)).toEqual({ today, callerNumber: '+15550100' });
    await expect(page.locator('[data-testid="call-fact"][data-key="today"]').getByTestId('call-fact-value')).toHaveValue(today);
    await expect(page.locator('[data-testid="call-fact"][data-key="callerNumber"]').getByTestId('call-fact-value')).toHaveValue('+15550100');

    // An initial value of the wrong type is refused with what to write; a good one is stored.
    await input('searches').fill('2.5');
    await input('searches').press('Enter');
    await expect(errorOf('searches')).toHaveText('searches is an integer: write a whole number, e.g. 3.');
    expect(await appState(page, (s) => s.initialState)).toEqual({});
    await input('searches').fill('2');
    await input('searches').press('Enter');
    await expect(errorOf('searches')).toBeHidden();
    expect(await appState(page, (s) => s.initialState)).toEqual({ searches: 2 });
    await input('caller_name').fill('Ana');
    await input('caller_name').press('Tab');
    await expect(errorOf('caller_name')).toHaveText('Not JSON. Strings need quotes: "Ana".');
    await input('caller_name').fill('"Ana"');
    await input('caller_name').press('Enter');
    expect(await appState(page, (s) => s.initialState)).toEqual({ searches: 2, caller_name: 'Ana' });

    // A new fact: a name code cannot read is refused; a good one is kept with its value.
    await page.getByTestId('call-fact-add').click();
    const added = page.locator('[data-testid="call-fact"][data-key="fact"]');
    await added.getByTestId('call-fact-key').fill('caller language');
    await added.getByTestId('call-fact-key').press('Enter');
    await expect(added.getByTestId('call-fact-error')).toContainText('is not a name code can read');
    await added.getByTestId('call-fact-key').fill('language');
    await added.getByTestId('call-fact-key').press('Enter');
    const language = page.locator('[data-testid="call-fact"][data-key="language"]');
    await language.getByTestId('call-fact-value').fill('es');
    expect(await appState(page, (s) => s.callFacts)).toEqual({ today, callerNumber: '+15550100', language: 'es' });
    await shootDock(page, '/tmp/h5-state-before.png');

    // During a run: the values now, pii masked, nothing editable.
    await loadSession(page, PINECALL);
    await expect(panel).toHaveAttribute('data-editable', 'false');
    await expect(page.getByTestId('state-stage')).toHaveText('goodbye');
    const value = (field: string) => page.locator(`[data-testid="state-field"][data-field="${field}"]`).getByTestId('state-value');
    await expect(value('caller_name')).toHaveText('***');
    await expect(value('caller_phone')).toHaveText('***');
    await expect(value('verified')).toHaveText('true');
    await expect(value('booking_when')).toHaveText('"Tuesday 10:30"');
    await expect(panel.getByTestId('initial-input')).toHaveCount(0);
    await expect(panel.getByTestId('call-fact-value')).toHaveCount(0);
    await expect(page.getByTestId('state-readonly-note')).toBeVisible();
    await expect(panel).not.toContainText('Ana Souza');
    await shootDock(page, '/tmp/h5-state-run.png', 'dark');
  });
});

test.describe('a real run with the offline model', () => {
  test('caller lines typed in the Simulator fill the change log, the turn inspector and the state panel', async ({ page }) => {
    await openApp(page);
    await page.getByTestId('target-switch').getByRole('button', { name: 'Block Agent' }).click();
    await openSimulator(page);
    await expect(page.getByTestId('sim-provider')).toHaveText('Offline model');
    await say(page, "Hi, I'd like to reserve a spot please.");

    await page.getByTestId('dock-tab-changelog').click();
    // The change log loads when its tab first opens: wait for its rows before counting them.
    await expect(rows(page).first()).toBeVisible();
    const firstStep = await rows(page).count();
    expect(firstStep).toBeGreaterThan(0);
    await expect(page.locator('[data-testid="change-row"]', { hasText: 'stage' }).getByTestId('author-chip')).toHaveText('edge greet → identify');

    await page.getByTestId('dock-tab-simulator').click();
    await say(page, "I'm Dana Whitfield, you can reach me on 555 123 4567.");
    await page.getByTestId('dock-tab-changelog').click();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(firstStep);
    // The new rows belong to the step just taken (the sample agent opens the call: that is step 1).
    const turn = await appState(page, (s) => s.session.turn);
    await expect(rows(page).last().locator('td').nth(1)).toHaveText(String(turn));
    await expect(page.locator('[data-testid="change-row"]', { hasText: 'caller_name' }).locator('.cl-value')).toHaveText('***→***');
    await expect(page.getByTestId('changelog-panel')).not.toContainText('Dana');

    // The same run in the turn inspector: the last step's reply and tool calls started together.
    await page.getByTestId('dock-tab-turns').click();
    await expect(page.getByTestId('step-select')).toHaveValue('0');
    const bars = page.getByTestId('axis-bar');
    // Entering the wait stage verify made a third, reply-only call after the pair.
    await expect(page.getByTestId('call-row')).toHaveText([/1\s*reply/, /2\s*tools/, /3\s*reply/]);
    const [a, b, c] = await Promise.all([0, 1, 2].map(async (i) => (await bars.nth(i).boundingBox())!));
    expect(Math.abs(a.x - b.x)).toBeLessThan(1.5);
    expect(c.x).toBeGreaterThanOrEqual(a.x);
    await shootDock(page, '/tmp/h5-live-turns.png');
    await expect(page.getByTestId('call-system')).toContainText('You are Sofia');
    await expect(page.getByTestId('edge-decision')).toContainText('identify → verify because phone = *');

    // The state panel beside the chat: the values now, read-only; Reset makes them editable again.
    await openSimulator(page);
    await expect(page.getByTestId('state-panel')).toHaveAttribute('data-editable', 'false');
    await expect(page.locator('[data-testid="state-field"][data-field="caller_name"]').getByTestId('state-value')).toHaveText('***');
    await expect(page.getByTestId('state-stage')).toHaveText('verify');
    await page.screenshot({ path: '/tmp/h5-live-sim.png' });
    await page.getByTestId('sim-reset').click();
    await expect(page.getByTestId('state-panel')).toHaveAttribute('data-editable', 'true');
  });

  test('Pinecall: the inspector shows the view sent after the history, and every declared tool with the closed ones marked', async ({ page }) => {
    await openApp(page);
    await openSimulator(page);
    await expect(page.getByTestId('sim-provider')).toHaveText('Offline model');
    await say(page, "Hi, I'd like to reserve a spot please.");
    await page.getByTestId('dock-tab-turns').click();
    await expect(page.getByTestId('step-select')).toHaveValue('0');
    await page.getByTestId('call-row').first().click();
    // The platform's order: the static blocks as the system text, the history, then the view.
    await expect(page.getByTestId('call-system')).toContainText('You are Sofia');
    await expect(page.getByTestId('call-system')).not.toContainText('Greet the caller and ask how you can help.');
    await expect(page.getByTestId('call-after-history')).toContainText('Greet the caller and ask how you can help.');
    // Every function tool the class declares is sent; those the greet stage has closed are marked.
    const declared = await appState(page, (s) => s.doc.tools.filter((t: { kind: string }) => t.kind === 'function').map((t: { name: string }) => t.name));
    await expect(page.getByTestId('offered-tool')).toHaveCount(declared.length);
    await expect(page.getByTestId('call-tools').locator('summary').first()).toHaveText(`Tools sent (${declared.length}, 2 open now)`);
    await expect(page.locator('[data-testid="offered-tool"][data-tool="book"]')).toContainText('closed now');
    await expect(page.locator('[data-testid="offered-tool"][data-tool="is_schedule_appointment"]')).not.toContainText('closed now');
    // The part of the call this adds, in view: what follows the history, and the tools with their marks.
    await page.setViewportSize({ width: 1440, height: 2000 });
    await page.locator('[data-testid="offered-tool"]').last().scrollIntoViewIfNeeded();
    await page.locator('.dock').screenshot({ path: test.info().outputPath('pinecall-request-inspector.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
