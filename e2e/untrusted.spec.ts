import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { corpus, zipBombs, type Payload, type ZipPayload } from '../test/security/payloads';
import { appState, flushSaves, openApp, pageData, type PageData } from './helpers';
import { MOCK_URL, TEST_KEY, keyLeaks, mockRequests, openSimulator, say, scriptMock, useMockLlm } from './sim-helpers';
import { allowedGap, betweenIdle, gapMessage, type Baseline } from './responsiveness';

// Hostile agent files through the app, as a user meets them: dropped on the Import dialog, opened,
// and run in the Simulator on the offline model (and once on the mock LLM). The corpus is
// test/security/payloads.ts, the same as test/cli/untrusted.test.ts runs through the CLI.
//
// Before anything is imported, a fake API key is put in ⚙ LLM with "Remember", and the page's own
// data is noted: localStorage, the IndexedDB project records, cookies, the title. For each file:
// - storage, cookies and title are as they were, except the app's own saves of an imported project
//   (a new project record, the project index, the session, the unsaved-edits journal, panel sizes);
// - no request goes to any host but 127.0.0.1's app and mock ports (requests of the page and its
//   workers, seen at the context; one to elsewhere is aborted and recorded);
// - the key is sent nowhere but in the mock LLM's Authorization header, and not at all on the
//   offline model;
// - the page keeps drawing frames while the file is read and while the step runs;
// - a located message is shown: an import error with its line and column, or in the run the
//   template note ("Jinja error in the personality: …") or the budget failure naming what ran out;
// - a file that does not import never replaces the open agent.

const PORT = Number(process.env.E2E_PORT ?? 4317);
const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 4418);
/**
 * The longest the page may go without a frame while agent code runs in the engine worker or a .zip
 * is read, on a quiet machine. On a loaded one the bound grows with the same page's idle frame gaps,
 * measured in the same run around the work (e2e/responsiveness.ts says why and how far).
 */
const MAX_FRAME_GAP_MS = Number(process.env.E2E_MAX_FRAME_GAP_MS ?? 200);
/**
 * Files are read in workers (YAML and JSON, Pinecall classes and .zip files each in their own), but
 * what was read is checked (lint) and drawn on the page's thread, as are a step's results; a hostile
 * file must still not freeze the page: at most this long without a frame on a quiet machine (grown
 * with the idle page's gaps on a loaded one, as MAX_FRAME_GAP_MS).
 */
const MAX_IMPORT_STALL_MS = Number(process.env.E2E_MAX_IMPORT_STALL_MS ?? 1000);
/** Far over a 5 s step budget however loaded the machine, far under a tool's own 300 s timeout. */
const STOPPED_BY_BUDGET_MS = 60_000;
/** Where an escape would write on the host: the page cannot, but the payload names a path anyway. */
const MARKER = '/tmp/callboard-untrusted-e2e-MARKER';

const PAYLOADS = new Map(corpus({ marker: MARKER }).map((p) => [p.id, p]));
const payload = (id: string): Payload => {
  const p = PAYLOADS.get(id);
  if (!p) throw new Error(`no payload ${id}`);
  return p;
};

/**
 * The files are handed to the dialog from disk (a path, as a user's drop): a buffer passed to
 * setInputFiles is rebuilt inside the page from base64, which itself stalls the page for a 3 MB file.
 */
let files: string | undefined;
const onDisk = (name: string, bytes: string | Uint8Array): string => {
  files ??= mkdtempSync(join(tmpdir(), 'callboard-untrusted-e2e-'));
  const path = join(files, name);
  writeFileSync(path, bytes);
  return path;
};
test.afterAll(() => {
  if (files) rmSync(files, { recursive: true, force: true });
  files = undefined;
});

interface Seen {
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

type Host = PageData;

/** The app's own localStorage entries that an import or a run may rewrite. */
const APP_WRITES = /^(callboard\.unsaved-edits|callboard-(vertical|horizontal))/;
const VERSIONS_STORE = 'callboard-versions/versions';

/**
 * The page's data is as it was, but for the app's own saves of imported projects: new `doc:`/`rev:`
 * records of projects the index lists, the index itself (every earlier project still in it), the
 * session, and the journal and panel sizes in localStorage.
 */
function expectHostKept(before: Host, after: Host, what: string) {
  expect(after.cookie, `${what}: cookies`).toBe(before.cookie);
  expect(after.title, `${what}: title`).toBe(before.title);
  expect(after.polluted, `${what}: prototypes of the page`).toEqual([undefined, undefined, undefined]);
  for (const [key, value] of Object.entries(before.local)) {
    if (!APP_WRITES.test(key)) expect(after.local[key], `${what}: localStorage ${key}`).toBe(value);
  }
  for (const key of Object.keys(after.local)) expect(key in before.local || APP_WRITES.test(key), `${what}: a new localStorage entry ${key}`).toBe(true);
  // The app's version history (store/versions) records every agent opened: it may appear, and it
  // holds only versions (`i:`/`v:` keys) of projects the project index lists.
  const own = (stores: Host['idb']) => Object.keys(stores).filter((k) => k !== VERSIONS_STORE).sort();
  expect(own(after.idb), `${what}: IndexedDB databases and stores`).toEqual(own(before.idb));
  const listed = Object.values(after.idb).flatMap((records) => ((records.index ?? []) as { id: string }[]).map((p) => p.id));
  for (const key of Object.keys(after.idb[VERSIONS_STORE] ?? {})) {
    const project = /^(?:i:(.+)|v:(.+):[^:]+)$/.exec(key);
    expect(project && listed.includes(project[1] ?? project[2]), `${what}: ${VERSIONS_STORE} ${key} is a version of a listed project`).toBe(true);
  }
  for (const [store, records] of Object.entries(before.idb)) {
    if (store === VERSIONS_STORE) continue;
    const now = after.idb[store];
    const index = (now.index ?? []) as { id: string; name: string }[];
    for (const [key, value] of Object.entries(records)) {
      if (key === 'session') continue;
      if (key === 'index') {
        // Every project listed before is still listed, under its name.
        for (const summary of value as { id: string; name: string }[]) expect(index.find((s) => s.id === summary.id)?.name, `${what}: project ${summary.id} in ${store}`).toBe(summary.name);
        continue;
      }
      if (key.startsWith('rev:')) {
        expect(now[key], `${what}: ${store} ${key}`).toBeGreaterThanOrEqual(value as number);
        continue;
      }
      expect(now[key], `${what}: ${store} ${key}`).toEqual(value);
    }
    for (const key of Object.keys(now)) {
      if (key in records || key === 'session' || key === 'index') continue;
      const id = key.replace(/^(doc|rev):/, '');
      expect(index.some((s) => s.id === id), `${what}: a new record ${key} in ${store} that is no listed project`).toBe(true);
    }
  }
}

interface Frames {
  /** The longest time without a frame, over the whole watch. */
  longestGap: number;
  /** The longest time without a frame while the engine worker was running a step (agent code). */
  longestGapInStep: number;
  /** How long steps ran, in all, while watched (the in-step bound is about this time). */
  stepMs: number;
  frames: number;
  ms: number;
  /** The same page's longest frame gap idle, just before and after: the machine's noise the bounds are relative to. */
  baseline: Baseline;
}

/**
 * Records the time of every animation frame, and when the store says a step is running, until the
 * returned function is called. A gap that straddles the end of a step counts only its part inside
 * (the step's result is then drawn by the page: that part is in `longestGap` only).
 */
async function watchFrames(page: Page): Promise<() => Promise<Omit<Frames, 'baseline'>>> {
  await page.evaluate(() => {
    const w = window as any;
    const store = w.__callboard.store;
    const f = { running: true, times: [] as number[], start: performance.now(), steps: [] as [number, number][], unsubscribe: () => {} };
    let since: number | undefined = store.getState().running ? f.start : undefined;
    f.unsubscribe = store.subscribe((s: any) => {
      if (s.running && since === undefined) since = performance.now();
      if (!s.running && since !== undefined) {
        f.steps.push([since, performance.now()]);
        since = undefined;
      }
    });
    (f as any).open = () => since;
    w.__untrustedFrames = f;
    const tick = (t: number) => {
      f.times.push(t);
      if (f.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return () =>
    page.evaluate(() => {
      const f = (window as any).__untrustedFrames;
      f.running = false;
      f.unsubscribe();
      const end = performance.now();
      const open = f.open();
      const steps: [number, number][] = open === undefined ? f.steps : [...f.steps, [open, end]];
      const times = [f.start, ...f.times, end];
      let longestGap = 0;
      let longestGapInStep = 0;
      for (let i = 1; i < times.length; i++) {
        longestGap = Math.max(longestGap, times[i] - times[i - 1]);
        for (const [from, to] of steps) longestGapInStep = Math.max(longestGapInStep, Math.min(times[i], to) - Math.max(times[i - 1], from));
      }
      const stepMs = steps.reduce((sum, [from, to]) => sum + (to - from), 0);
      return { longestGap, longestGapInStep, stepMs, frames: f.times.length, ms: end - f.start };
    });
}

/**
 * While a step runs (agent code in the engine worker) the page misses no frame past MAX_FRAME_GAP_MS;
 * over the whole run, drawing the results included, it never freezes past MAX_IMPORT_STALL_MS. Both
 * bounds grow with the idle page's own frame gaps on a loaded machine (responsiveness.ts).
 */
function expectDrawing(frames: Frames) {
  expect(frames.stepMs, 'a step was seen running').toBeGreaterThan(0);
  const { baseline } = frames;
  expect(frames.longestGapInStep, gapMessage('while a step ran', frames.longestGapInStep, MAX_FRAME_GAP_MS, baseline)).toBeLessThan(allowedGap(MAX_FRAME_GAP_MS, baseline.idle));
  expect(frames.longestGap, gapMessage('during the run', frames.longestGap, MAX_IMPORT_STALL_MS, baseline)).toBeLessThan(allowedGap(MAX_IMPORT_STALL_MS, baseline.idle));
}

/** Watches the page's frames through `work`, between two idle measurements of the same page. */
async function watchedBetweenIdle(page: Page, work: () => Promise<unknown>): Promise<Frames> {
  const { result, baseline } = await betweenIdle(page, async () => {
    const done = await watchFrames(page);
    await work();
    return done();
  });
  return { ...result, baseline };
}

/** A file's reading stalled the page no longer than MAX_IMPORT_STALL_MS, relative to the idle page. */
function expectReadWithoutStall(frames: Frames) {
  expect(frames.longestGap, gapMessage('while reading the file', frames.longestGap, MAX_IMPORT_STALL_MS, frames.baseline)).toBeLessThan(allowedGap(MAX_IMPORT_STALL_MS, frames.baseline.idle));
}

async function openImport(page: Page) {
  await page.getByTestId('open-import').click();
  await expect(page.getByTestId('import-dialog')).toBeVisible();
}

/** Drops the file on the dialog (its file input), or pastes its text; resolves when the dialog has read it. */
async function importPayload(page: Page, p: Payload, via: 'file' | 'paste' = 'file'): Promise<Frames> {
  await openImport(page);
  return watchedBetweenIdle(page, async () => {
    if (via === 'paste') {
      await page.getByTestId('import-paste').fill(p.text);
      await page.getByTestId('import-run').click();
    } else {
      await page.getByTestId('import-file-input').setInputFiles(onDisk(p.file, p.text));
    }
    await expect(page.getByTestId('import-error-view').or(page.getByTestId('import-preview'))).toBeVisible({ timeout: 30_000 });
  });
}

const docOf = (page: Page) => appState(page, (s) => JSON.stringify(s.doc));

async function useProvider(page: Page, provider: 'offline' | 'openai') {
  await page.getByTestId('open-llm-settings').click();
  const dialog = page.getByTestId('llm-dialog');
  await dialog.getByTestId('llm-provider').selectOption(provider);
  await dialog.getByTestId('llm-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('sim-provider')).toHaveText(provider === 'offline' ? 'Offline model' : /mock-model/);
}

test.describe('hostile agent files in the app', () => {
  let context: BrowserContext;
  let page: Page;
  let before: Host;
  const requests: Seen[] = [];
  const foreign: string[] = [];
  const pageErrors: string[] = [];
  const dialogs: string[] = [];
  let shotTaken = false;

  const isOurs = (raw: string) => {
    const url = new URL(raw);
    if (['data:', 'blob:'].includes(url.protocol)) return true;
    return url.hostname === '127.0.0.1' && [String(PORT), String(MOCK_PORT)].includes(url.port);
  };

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1440, height: 900 } });
    // Routed at the context: the page's requests and its workers'.
    await context.route((url) => !isOurs(url.href), (route) => {
      foreign.push(route.request().url());
      return route.abort('blockedbyclient');
    });
    context.on('request', (r) => {
      requests.push({ url: r.url(), headers: r.headers(), body: r.postData() });
      if (!isOurs(r.url())) foreign.push(r.url());
    });
    context.on('page', (p) => p.on('websocket', (ws) => foreign.push(ws.url())));
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('dialog', (d) => (dialogs.push(d.message()), void d.dismiss()));
    await openApp(page);
    await page.evaluate(() => {
      document.cookie = 'callboard_probe=host-secret; path=/';
      localStorage.setItem('callboard-probe', 'host-secret');
    });
    // The key, remembered on this device; then the offline model for the runs.
    await openSimulator(page);
    await useMockLlm(page, { remember: true });
    await useProvider(page, 'offline');
    await flushSaves(page);
    before = await pageData(page);
    expect(before.local['callboard.llm.key']).toBe(TEST_KEY);
    expect(before.cookie).toContain('callboard_probe=host-secret');
    expect(Object.keys(before.idb)).toContain('callboard/projects');
  });

  test.afterAll(async () => {
    await context?.close();
  });

  /** What every case ends with: the host untouched, nothing sent elsewhere, no key anywhere but its own entry. */
  async function expectNothingLeaked(what: string, from: number, mockKeyAllowed = false) {
    await flushSaves(page);
    expectHostKept(before, await pageData(page), what);
    expect(foreign, `${what}: requests to other hosts`).toEqual([]);
    for (const r of requests.slice(from)) {
      const toModel = mockKeyAllowed && r.url === `${MOCK_URL}/v1/chat/completions`;
      expect(r.url, `${what}: the key in a URL`).not.toContain(TEST_KEY);
      expect(r.body ?? '', `${what}: the key in the body of ${r.url}`).not.toContain(TEST_KEY);
      for (const [name, value] of Object.entries(r.headers)) {
        if (toModel && name === 'authorization') expect(value).toBe(`Bearer ${TEST_KEY}`);
        else expect(value, `${what}: the key in header ${name} of ${r.url}`).not.toContain(TEST_KEY);
      }
    }
    const leaks = await keyLeaks(page);
    expect(leaks.found, `${what}: where the key is`).toEqual(['localStorage callboard.llm.key']);
    expect(pageErrors, `${what}: errors thrown in the page`).toEqual([]);
    expect(existsSync(MARKER), `${what}: the marker file`).toBe(false);
    expect(dialogs, `${what}: dialogs`).toEqual([]);
  }

  // --- Files that must be refused, located, without touching the open agent.
  for (const [id, via] of [
    ['yaml-alias-big-anchor', 'file'],
    ['yaml-alias-laughs', 'file'],
    ['yaml-flow-5000', 'file'],
    ['yaml-flow-10000', 'paste'],
    ['json-mock-5000', 'file'],
    ['json-file-10000', 'file'],
    ['ts-default-5000', 'file'],
    ['ts-type-explosion', 'paste'],
    ['json-proto-key', 'file'],
  ] as const) {
    test(`${id}: refused with its line and column; the open agent stays`, async ({ request }) => {
      const p = payload(id);
      if (p.outcome.kind !== 'import-error') throw new Error('not an import-error payload');
      const from = requests.length;
      await mockReset(request);
      const open = await docOf(page);
      const projects = await appState(page, (s) => s.projects.length);
      const frames = await importPayload(page, p, via);
      const error = page.getByTestId('import-error').first();
      await expect(error).toBeVisible();
      // A text past the dialog's limit (ImportDialog's SHOWN_TEXT_LIMIT) is read, not laid out in the textarea.
      if (via === 'file' && p.text.length > 512 * 1024) await expect(page.getByTestId('import-text-large')).toContainText(/too long to show/);
      const text = await error.innerText();
      const at = /Line (\d+), column (\d+)/.exec(text);
      expect(at, `a line and column in "${text}"`).not.toBeNull();
      expect(p.outcome.lines, `the error's line in "${text}"`).toContain(Number(at![1]));
      expect(text).toMatch(p.outcome.message);
      await expect(page.getByTestId('import-open-new')).toHaveCount(0);
      await expect(page.getByTestId('import-replace')).toHaveCount(0);
      await page.getByTestId('import-cancel').click();
      await expect(page.getByTestId('import-dialog')).toHaveCount(0);
      expect(await docOf(page)).toBe(open);
      expect(await appState(page, (s) => s.projects.length)).toBe(projects);
      expectReadWithoutStall(frames);
      expect(await mockRequests(request)).toEqual([]);
      await expectNothingLeaked(id, from);
    });
  }

  async function mockReset(request: APIRequestContext) {
    await request.post(`${MOCK_URL}/__mock/reset`);
  }

  /** Imports `p` as a new project and opens the Simulator on it, at the start of a call. */
  async function openAsNew(p: Payload) {
    const projects = await appState(page, (s) => s.projects.length);
    const frames = await importPayload(page, p);
    await expect(page.getByTestId('import-preview'), `${p.id} imports`).toBeVisible();
    await page.getByTestId('import-open-new').click();
    await expect(page.getByTestId('import-dialog')).toHaveCount(0);
    await expect.poll(() => appState(page, (s) => s.projects.length)).toBe(projects + 1);
    expectReadWithoutStall(frames);
    await openSimulator(page);
    const reset = page.getByTestId('sim-reset');
    if (await reset.isEnabled()) await reset.click();
  }

  /** Sends the payload's caller lines, one step each, while watching the page's frames. */
  async function run(p: Payload): Promise<Frames> {
    return watchedBetweenIdle(page, async () => {
      for (const line of p.says) {
        if (await appState(page, (s) => s.session?.ended === true || s.session?.failure != null)) break;
        await say(page, line);
      }
    });
  }

  const notes = (): Promise<string[]> => appState(page, (s) => (s.session?.trace ?? []).filter((t: any) => t.kind === 'note').map((t: any) => t.message as string));

  async function screenshotOnce(name: string) {
    if (shotTaken) return;
    shotTaken = true;
    await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
    await page.screenshot({ path: `/tmp/pw-sec-${name}.png` });
  }

  // --- Templates: the step goes on with the text as written, and the trace says where it failed.
  for (const id of ['yaml-template-escapes', 'json-template-escapes', 'yaml-template-loops', 'yaml-unclosed-braces']) {
    test(`${id}: each template fails inside the sandbox; the run goes on and the trace names the place`, async ({ request }) => {
      test.setTimeout(120_000);
      const p = payload(id);
      if (p.outcome.kind !== 'template-note') throw new Error('not a template payload');
      const from = requests.length;
      await mockReset(request);
      await openAsNew(p);
      const frames = await run(p);
      expect(await appState(page, (s) => s.session?.failure ?? null), 'the run goes on').toBeNull();
      const said = await notes();
      for (const where of p.outcome.where) {
        const note = said.find((n) => n.startsWith(`Jinja error in ${where}: `));
        expect(note, `a note for ${where} among ${JSON.stringify(said.slice(0, 8))}`).toBeDefined();
        expect(note).toMatch(/; the text is sent as written$/);
        const reason = p.outcome.reason;
        if (reason) expect(said.some((n) => n.startsWith(`Jinja error in ${where}: `) && reason.test(n)), `${where}: the reason`).toBe(true);
      }
      // Shown, not only kept: the Turn inspector lists the note of the latest step.
      await page.getByTestId('dock-tab-turns').click();
      const shownNote = page.locator('[data-testid="step-event"][data-kind="note"]', { hasText: 'Jinja error in the personality' }).first();
      await expect(shownNote).toBeVisible();
      await shownNote.scrollIntoViewIfNeeded();
      await screenshotOnce('hostile-template-step');
      await page.getByTestId('dock-tab-simulator').click();
      expectDrawing(frames);
      expect(await mockRequests(request), 'the offline model sends nothing').toEqual([]);
      await expectNothingLeaked(id, from);
    });
  }

  // --- Agent code that never ends: the step stops at its budget, naming what ran out.
  for (const id of ['ts-when-loops', 'json-when-loops', 'json-expression-loops', 'ts-guard-loops', 'json-tool-loop', 'ts-tool-loop']) {
    test(`${id}: the step stops at the budget, the failure names what ran out, the page keeps drawing`, async ({ request }) => {
      test.setTimeout(90_000);
      const p = payload(id);
      if (p.outcome.kind !== 'budget') throw new Error('not a budget payload');
      const from = requests.length;
      await mockReset(request);
      await openAsNew(p);
      const started = Date.now();
      const frames = await run(p);
      const failure = page.getByTestId('sim-failure');
      await expect(failure).toBeVisible();
      await expect(failure).toContainText(/used up the step's budget of 5 s/);
      await expect(failure).toContainText(p.outcome.naming);
      expect(await appState(page, (s) => s.session?.failure?.kind)).toBe('budget');
      // Stopped by the step's budget (5 s), not by a tool's own 300 s timeout. The bound sits far from
      // both: a machine at load 20 took 15 s of wall time for the step and the page around it.
      expect(Date.now() - started).toBeLessThan(STOPPED_BY_BUDGET_MS);
      expectDrawing(frames);
      expect(await mockRequests(request), 'the offline model sends nothing').toEqual([]);
      await expectNothingLeaked(id, from);
    });
  }

  // --- JavaScript's own names: kept as written (or refused at their place), and a run does no harm.
  for (const id of ['yaml-prototype-names', 'json-prototype-names', 'ts-prototype-names']) {
    test(`${id}: the names come in as written, a step runs, nothing of the page is polluted`, async ({ request }) => {
      test.setTimeout(90_000);
      const p = payload(id);
      if (p.outcome.kind !== 'names') throw new Error('not a names payload');
      const from = requests.length;
      await mockReset(request);
      await openAsNew(p);
      const doc = await docOf(page);
      for (const name of p.outcome.names) expect(doc, `${name} kept in the imported agent`).toContain(name);
      const frames = await run(p);
      expect(await appState(page, (s) => s.session?.failure?.message ?? null)).toBeNull();
      expectDrawing(frames);
      await expectNothingLeaked(id, from);
    });
  }

  // --- The mock LLM: the template goes out as written, the key only as its Authorization header.
  test('json-template-escapes on the mock LLM: the prompt carries the escape as text; the key only in the Authorization header', async ({ request }) => {
    test.setTimeout(90_000);
    const p = payload('json-template-escapes');
    await openAsNew(p);
    await useProvider(page, 'openai');
    await scriptMock(request, [
      { match: { toolChoice: 'none' }, reply: { text: 'How can I help?' } },
      { match: { toolChoice: 'required' }, reply: { toolCalls: [{ name: 'caller_intent_not_yet_detected', arguments: {} }] } },
    ]);
    const from = requests.length;
    const frames = await run(p);
    const calls = await mockRequests(request);
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) {
      expect(c.path).toBe('/v1/chat/completions');
      expect(c.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
      expect(JSON.stringify(c.body)).not.toContain(TEST_KEY);
    }
    const sent = JSON.stringify(calls.map((c) => c.body));
    expect(sent).toContain('.constructor.constructor(');
    expect(sent).toContain('{% set f = ');
    expect((await notes()).some((n) => n.startsWith('Jinja error in the personality: '))).toBe(true);
    expectDrawing(frames);
    await useProvider(page, 'offline');
    // The settings entry now says offline again, as before: the host compares as it was.
    await expectNothingLeaked('json-template-escapes on the mock', from, true);
  });
});

// --- .zip bombs: each on a fresh page (one that ran out of memory would take the others with it).
test.describe('.zip bombs in the Import dialog', () => {
  let bombs: ZipPayload[];
  test.beforeAll(() => {
    bombs = zipBombs();
  });

  for (const id of ['zip-bomb-declared', 'zip-bomb-lying', 'zip-bomb-4gb-entry', 'zip-many-entries']) {
    test(`${id}: refused with a message, nothing inflated past the limits, the page keeps drawing, the open agent stays`, async ({ page }) => {
      test.setTimeout(90_000);
      const bomb = bombs.find((b) => b.id === id)!;
      let crashed = false;
      page.on('crash', () => (crashed = true));
      const foreign: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (!['data:', 'blob:'].includes(url.protocol) && !(url.hostname === '127.0.0.1' && url.port === String(PORT))) foreign.push(r.url());
      });
      await openApp(page);
      const open = await docOf(page);
      const projects = await appState(page, (s) => s.projects.length);
      await openImport(page);
      const error = page.getByTestId('import-error').first();
      const frames = await watchedBetweenIdle(page, async () => {
        await page.getByTestId('import-file-input').setInputFiles(onDisk(bomb.file, bomb.bytes));
        await expect(error).toBeVisible({ timeout: 30_000 });
      });
      await expect(error).toContainText(bomb.file);
      // Says what was too much: entries, size, or the declared size.
      await expect(error).toContainText(/entries|MB|GB|too (large|big|many)|limit/i);
      expect(crashed).toBe(false);
      expect(frames.longestGap, gapMessage('while reading the .zip', frames.longestGap, MAX_FRAME_GAP_MS, frames.baseline)).toBeLessThan(allowedGap(MAX_FRAME_GAP_MS, frames.baseline.idle));
      await expect(page.getByTestId('import-open-new')).toHaveCount(0);
      await expect(page.getByTestId('import-replace')).toHaveCount(0);
      await page.getByTestId('import-cancel').click();
      expect(await docOf(page)).toBe(open);
      expect(await appState(page, (s) => s.projects.length)).toBe(projects);
      expect(foreign).toEqual([]);
    });
  }
});
