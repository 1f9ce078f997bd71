import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { appState, flushSaves, openApp, select } from './helpers';
import { OPENING, openSimulator, say, scriptMock, startAt, useMockLlm } from './sim-helpers';

// The Content-Security-Policy the built app ships (index.html's meta; README "Security"): scripts
// only from the app itself, no inline script, no third-party origin, and no 'unsafe-eval': no
// string of a document becomes page code (the document schema's validator is compiled at build
// time, tool parameter schemas are interpreted, agent code runs in QuickJS). 'wasm-unsafe-eval'
// (QuickJS's WebAssembly) is the only extra. Then the app under that policy, with Monaco, an
// import, a simulator step that runs a tool and a conversation test run, must raise no violation
// and log no error.

const fixture = (path: string) => new URL(`../test/fixtures/${path}`, import.meta.url).pathname;

/** The policy as the built app serves it: the meta tag of index.html (and a header, if one is sent). */
async function servedPolicies(page: Page): Promise<string[]> {
  const response = await page.request.get('/');
  expect(response.ok()).toBe(true);
  const html = await response.text();
  const metas = [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi)].map((m) => m[1].replace(/&#39;|&apos;/g, "'"));
  const header = response.headers()['content-security-policy'];
  return header ? [...metas, header] : metas;
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...sources]) => [name.toLowerCase(), sources]),
  );
}

/** Collects every securitypolicyviolation from the first script on (init scripts are not subject to the page's CSP). */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as any;
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample, source: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}` }));
  });
}
/**
 * The violations seen, each once: the page has its policy twice (the <meta> and the header), and
 * Chromium reports a violation once per policy it breaks.
 */
const violations = async (page: Page) => {
  const all = await page.evaluate(() => (window as any).__violations as { directive: string; blocked: string; sample: string; source: string }[]);
  return [...new Map(all.map((v) => [JSON.stringify(v), v])).values()];
};

test('the built app ships a policy whose script-src allows no inline script and no other origin', async ({ page }) => {
  const policies = await servedPolicies(page);
  // The <meta> (for hosts that send no headers) and the header (npm start / preview), the same
  // policy but for what only a header can carry (frame-ancestors).
  expect(policies).toHaveLength(2);
  const [meta, header] = policies.map(directives);
  expect(header.get('frame-ancestors')).toEqual(["'none'"]);
  expect(meta.has('frame-ancestors')).toBe(false);
  header.delete('frame-ancestors');
  expect(header).toEqual(meta);
  const policy = meta;
  const scripts = policy.get('script-src') ?? policy.get('default-src');
  expect(scripts).toBeDefined();
  // Exactly the app's own origin plus QuickJS's WebAssembly; no string may be compiled to code.
  expect([...scripts!].sort()).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(scripts).not.toContain("'unsafe-eval'");
  for (const source of scripts!) {
    expect(source).not.toBe("'unsafe-inline'");
    expect(source).not.toMatch(/^(\*|https?:|wss?:|data:|blob:|[a-z0-9.-]+\.[a-z]{2,})/i);
  }
  // No narrower script directive loosens it again, and plugins and base URLs are shut.
  for (const name of ['script-src-elem', 'script-src-attr', 'worker-src']) expect(policy.get(name) ?? []).not.toContain("'unsafe-eval'");
  for (const name of ['script-src-elem', 'script-src-attr']) expect(policy.has(name)).toBe(false);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
});

test('the page cannot turn a string into code: a string given to the engine is refused', async ({ page }) => {
  await recordViolations(page);
  await openApp(page);
  // Playwright's evaluate may compile strings itself; a string timer is compiled by the page, later.
  await page.evaluate(() => {
    (window.setTimeout as (code: string, ms: number) => number)('window.__timerRan = true', 0);
  });
  await expect.poll(async () => (await violations(page)).filter((v) => v.directive === 'script-src' && v.blocked === 'eval').length).toBe(1);
  expect(await page.evaluate(() => (window as any).__timerRan)).toBeUndefined();
  expect(await violations(page)).toHaveLength(1);
});

test('an injected inline script, inline handler or third-party script is blocked', async ({ page }) => {
  const responses: string[] = [];
  page.on('response', (r) => responses.push(r.url()));
  await recordViolations(page);
  await openApp(page);
  await page.evaluate(() => {
    const inline = document.createElement('script');
    inline.textContent = 'window.__inlineRan = true;';
    document.head.append(inline);
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="data:," onload="window.__handlerRan = true" onerror="window.__handlerRan = true">';
    document.body.append(holder);
    const remote = document.createElement('script');
    remote.src = 'https://cdn.example.com/evil.js';
    document.head.append(remote);
  });
  // The inline script and the remote one (script-src-elem), the handler attribute (script-src-attr).
  await expect.poll(async () => (await violations(page)).filter((v) => v.directive === 'script-src-elem').length).toBe(2);
  await expect.poll(async () => (await violations(page)).filter((v) => v.directive === 'script-src-attr').length).toBeGreaterThan(0);
  const seen = await violations(page);
  expect(new Set(seen.map((v) => v.directive))).toEqual(new Set(['script-src-elem', 'script-src-attr']));
  expect(seen.find((v) => v.directive === 'script-src-elem' && v.blocked === 'inline')).toBeTruthy();
  expect(seen.find((v) => v.blocked.startsWith('https://cdn.example.com/'))).toBeTruthy();
  expect(await page.evaluate(() => [(window as any).__inlineRan, (window as any).__handlerRan])).toEqual([undefined, undefined]);
  // Chromium reports the blocked script as a request that failed; nothing came back from that origin.
  expect(responses.filter((url) => url.includes('cdn.example.com'))).toEqual([]);
});

test('under that policy, Monaco and a simulator step that runs a tool raise no violation and log no error', async ({ page, request }) => {
  // Monaco, its workers and the tool worker all load cold here: generous for a busy machine.
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
  const workers: string[] = [];
  page.on('worker', (w) => {
    workers.push(w.url());
    w.on('console', (m) => m.type() === 'error' && errors.push(`worker ${w.url()}: ${m.text()}`));
  });
  await recordViolations(page);
  await openApp(page);

  // Monaco: a tool's Code tab, with the TypeScript worker answering (completions need it).
  await select(page, 'tool', 't_slots');
  await page.getByTestId('inspector-tab-code').click();
  // Monaco loads on first use: seconds on a busy machine.
  await expect(page.locator('[data-testid="code-editor"] .monaco-editor')).toBeVisible({ timeout: 60_000 });
  // Typing goes through to the document, and Monaco's workers (its editor worker and the
  // TypeScript service for tool bodies) start from the app's own files under the policy.
  await page.locator('[data-testid="code-editor"] .view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('\nthis.searches = 0;');
  const body = () => page.evaluate(() => (window as any).__callboard.store.getState().doc.tools.find((t: any) => t.id === 't_slots').implementation as string);
  await expect.poll(body).toMatch(/return this\.slots;\nthis\.searches = 0;$/);
  await expect.poll(() => workers.map((url) => new URL(url).pathname.replace(/-[\w-]+\.js$/, ''))).toEqual(expect.arrayContaining(['/assets/editor.worker', '/assets/ts-body.worker']));
  for (const url of workers) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
  // (The added line comes after the body's `return`: the tool still runs as it was.)

  // The simulator: the model (the mock) calls free_slots, whose code runs in QuickJS in the tool worker.
  await openSimulator(page);
  await useMockLlm(page);
  await startAt(page, 's_choose');
  await scriptMock(request, [OPENING, { reply: { toolCalls: [{ name: 'free_slots', arguments: { day: 'Tuesday', visit: 'checkup' } }] } }, { reply: { text: 'Tuesday at 09:00?' } }]);
  await say(page, 'Tuesday, please');
  await expect(page.getByTestId('sim-tool-free_slots')).toHaveAttribute('data-status', 'ok');
  await expect(page.getByTestId('sim-agent-line').last()).toHaveText(/Tuesday at 09:00\?/);

  expect(await violations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

/** Console errors, page errors and worker errors, from the page's start. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
  page.on('worker', (w) => w.on('console', (m) => m.type() === 'error' && errors.push(`worker ${w.url()}: ${m.text()}`)));
  return errors;
}

test('under that policy, the import dialog reads and checks a Block Agent file and opens it', async ({ page }) => {
  const errors = recordErrors(page);
  await recordViolations(page);
  await openApp(page);
  await page.getByTestId('open-import').click();
  await expect(page.getByTestId('import-dialog')).toBeVisible();
  await page.getByTestId('import-file-input').setInputFiles(fixture('block-agent/spec-example.yaml'));
  await expect(page.getByTestId('import-preview')).toBeVisible();
  await expect(page.getByTestId('import-agent-name')).toHaveText('Spec Example');
  await page.getByTestId('import-open-new').click();
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);
  await expect(page.getByTestId('project-menu-button')).toHaveText(/Spec Example/);
  // Lint ran on it (the Problems panel reads the same memoised lint): its tool schemas were checked.
  expect(await appState(page, (s) => s.doc.tools.length)).toBeGreaterThan(0);

  // And a schema the strict check refuses is reported, not compiled: a typo in a type.
  await page.evaluate(() => (window as any).__callboard.store.getState().apply((doc: any) => ({
    ...doc, tools: doc.tools.map((t: any, i: number) => (i === 0 ? { ...t, kind: 'function', parameters: { type: 'object', properties: { day: { type: 'strin' } } } } : t)),
  })));
  await expect(page.locator('[data-testid="problem-row"][data-rule="parameters-invalid"]')).toHaveCount(1, { timeout: 20_000 });

  expect(await violations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test("under that policy, the sample's conversation tests run on the offline model, as Pinecall and as a Block Agent", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = recordErrors(page);
  await recordViolations(page);
  await openApp(page);
  const names = await appState(page, (s) => (s.doc.tests ?? []).map((t: { name: string }) => t.name) as string[]);
  expect(names.length).toBeGreaterThan(0);
  await page.getByTestId('dock-tab-tests').click();
  await expect(page.getByTestId('tests-panel')).toBeVisible();
  await expect(page.getByTestId('tests-provider')).toHaveText('Offline model');
  await page.getByTestId('tests-run-all').click();
  for (const name of names) {
    const row = page.getByTestId(`test-row-${name}`);
    await expect(row.getByTestId('test-rate')).toHaveText('1/1', { timeout: 60_000 });
    await expect(row).toHaveAttribute('data-status', 'passed');
  }

  // As a Block Agent: Jinja prompts, and each tool call's arguments checked against its schema
  // (collect_identity's phone pattern among them) with the pattern tested in the sandbox.
  // The Pinecall results are cleared first, so that the rates below are the Block Agent runs'.
  await page.evaluate((tests) => {
    const s = (window as any).__callboard.store.getState();
    s.apply((doc: any) => ({ ...doc, target: 'block-agent' }));
    for (const name of tests) s.setTestResult(name, { docId: s.doc.id, runs: [], requested: 1, provider: 'cleared' });
  }, names);
  for (const name of names) await expect(page.getByTestId(`test-row-${name}`).getByTestId('test-rate')).toHaveText('–');
  await page.getByTestId('tests-run-all').click();
  for (const name of names) {
    await expect(page.getByTestId(`test-row-${name}`).getByTestId('test-rate')).toHaveText(/^\d+\/1$/, { timeout: 60_000 });
  }
  // Tool calls were checked against their schemas on the way (and ran, or were refused by the check).
  const checked = await appState(page, (s) => Object.values(s.testResults as Record<string, { runs: { session: { trace: { kind: string; tool?: string }[] } }[] }>)
    .flatMap((r) => r.runs.flatMap((run) => run.session.trace.filter((t) => t.kind === 'tool-run' || t.kind === 'check-failed').map((t) => t.tool))));
  expect(checked).toContain('collect_identity');

  expect(await violations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test("under that policy, a `when` that does not parse is reported (parsed, not compiled), also in an agent opened with it", async ({ page }) => {
  const errors = recordErrors(page);
  await recordViolations(page);
  await openApp(page);
  const row = page.locator('[data-testid="problem-row"][data-rule="tool-when-syntax"]');
  await expect(row).toHaveCount(0);
  await page.evaluate(() => (window as any).__callboard.store.getState().apply((doc: any) => ({
    ...doc, tools: doc.tools.map((t: any) => (t.id === 't_book' ? { ...t, when: '(s) => s.slots.length >' } : t)),
  })));
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText('does not parse');
  // Reopened: lint runs before its parser (a chunk of its own) has loaded, and again once it has.
  await flushSaves(page);
  await openApp(page);
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  expect(await violations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('a page on another origin cannot show the app in a frame (clickjacking): the header says frame-ancestors none', async ({ page, baseURL }) => {
  // The attacker's page, served from a server of its own on another port (another origin; on the
  // loopback like the app, so Chromium's private-network rule, which stops a public page framing a
  // loopback one anyway, plays no part), frames the app invisibly over a button of its own.
  const attacker = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>win a prize</title><button>Click for a prize</button>
      <iframe src="${baseURL}/" style="opacity:0.01;position:absolute;inset:0;width:100%;height:100%"
        onload="window.__frameLoaded = true"></iframe>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = attacker.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => (window as any).__frameLoaded === true);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame).toBeDefined();
    // Framed, index.html's <div id="root"> is there at load; refused, the frame holds Chromium's
    // error page, which says why.
    expect(await frame!.evaluate(() => document.getElementById('root') !== null)).toBe(false);
    expect(frame!.url()).toMatch(/^chrome-error:/);
  } finally {
    await new Promise((resolve) => attacker.close(resolve));
  }
});

test('every worker of the app runs under the policy: eval, new Function and string timers are refused there too', async ({ page }) => {
  test.setTimeout(240_000);
  const workers = new Set<import('@playwright/test').Worker>();
  page.on('worker', (w) => {
    workers.add(w);
    w.on('close', () => workers.delete(w));
  });
  await openApp(page);
  // Monaco's editor and TypeScript workers: a tool's code.
  await select(page, 'tool', 't_slots');
  await page.getByTestId('inspector-tab-code').click();
  await expect(page.locator('[data-testid="code-editor"] .monaco-editor')).toBeVisible({ timeout: 60_000 });
  // The engine's worker (it holds the provider settings and the key): a step on the offline model.
  await openSimulator(page);
  await say(page, 'Hello');
  await expect(page.getByTestId('sim-agent-line').first()).toBeVisible({ timeout: 60_000 });
  const name = (w: import('@playwright/test').Worker) => new URL(w.url()).pathname.replace(/^\/assets\//, '').replace(/-[\w-]+\.js$/, '');
  await expect.poll(() => [...workers].map(name)).toEqual(expect.arrayContaining(['editor.worker', 'ts-body.worker', 'engine.worker', 'problems.worker']));
  const results: Record<string, unknown> = {};
  for (const worker of workers) {
    results[name(worker)] = await worker.evaluate(() => new Promise((resolve) => {
      // Run the probes in a task of the worker's own: CDP lets code it evaluates call eval even under
      // a policy that forbids it (allowUnsafeEvalBlockedByCSP), so a probe inside evaluate proves nothing.
      setTimeout(() => {
        const self_ = globalThis as any;
        const out: Record<string, string> = {};
        try { out.eval = String((0, eval)('"ran"')); } catch (e) { out.eval = (e as Error).name; }
        try { out.function = String(new Function('return "ran"')()); } catch (e) { out.function = (e as Error).name; }
        // Timers of the same delay fire in the order they were set: the string one, if allowed, runs first.
        (setTimeout as unknown as (code: string, ms: number) => number)('self.__stringTimerRan = "ran"', 0);
        setTimeout(() => { out.timer = self_.__stringTimerRan ?? 'refused'; resolve(out); }, 0);
      }, 0);
    }));
  }
  for (const [worker, result] of Object.entries(results)) {
    expect({ worker, result }).toEqual({ worker, result: { eval: 'EvalError', function: 'EvalError', timer: 'refused' } });
  }
});
