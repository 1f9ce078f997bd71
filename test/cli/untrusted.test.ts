// Hostile agent files through the command line, run as users run it: `node bin/callboard.mjs …`
// in a child process, over the corpus of test/security/payloads.ts (template escapes and loops,
// looping predicates, conditions and tool bodies, exploding types, YAML aliases, deep nesting, a
// .zip, JavaScript's own names). Every run is checked for the same things:
// - nothing escaped: the marker file an escape would write is not there;
// - it ended in time: each child has a deadline (start-up measured on this machine, plus what the
//   payload may spend by design: the step budget, 5 s or --budget, per step) and is killed past it — the test
//   fails, it does not hang;
// - its memory stayed bounded: node runs with --max-old-space-size=512, so an unbounded expansion
//   crashes instead of swapping, and the exit must be a normal one (a code, no signal, no V8 fatal
//   error or stack overflow text);
// - it said where: a `file:line:col: error:` for a refused file, the stage or tool named for a
//   template note or a spent budget;
// - the exit code is the documented one (0 ok, 1 errors in the agent or its file, 2 usage).
// Runs go three at a time (they mostly wait on deadlines); a representative subset per command,
// every payload kind at least once.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockLlm, type MockLlm } from '../mock-llm/server';
import { corpus, harmlessGolden, hostileGoldens, linesWith, zipBombs, type Payload, type PayloadKind } from '../security/payloads';

const root = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(root, 'bin/callboard.mjs');
const SAMPLE = join(root, 'public/examples/clinic-booking.json');
const MINIMAL_TS = join(root, 'test/fixtures/pinecall/goldens/minimal.tsx');
const MEMORY_MB = 512;
/** The documented default step budget (src/simulator/budget.ts); `--budget S` changes it. */
const STEP_BUDGET_MS = 5000;
const CONCURRENCY = 3;
const KEY = 'sk-untrusted-cli-NEVER-SENT-9d2e';
/** What a crash looks like: V8 out of memory or stack, an abort, or the CLI's own "a bug" report. */
const CRASH = /FATAL ERROR|JavaScript heap out of memory|Allocation failed|Maximum call stack size exceeded|RangeError|Aborted|core dumped|unexpected failure \(a bug/;

let dir: string;
let marker: string;
let mock: MockLlm;
let payloads: Map<string, Payload>;
/** Start-up of the CLI on this machine, measured before the cases: plain, and with the TypeScript compiler. */
let startup = { plain: 0, ts: 0 };

// --- Running the bin, a few at a time, each with a deadline.

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
  killed: boolean;
  limitMs: number;
}

let running = 0;
const waiting: (() => void)[] = [];
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function spawnBin(args: string[], limitMs: number, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [`--max-old-space-size=${MEMORY_MB}`, BIN, ...args], {
      cwd: dir,
      env: { ...process.env, CALLBOARD_API_KEY: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, limitMs);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => (clearTimeout(timer), reject(error)));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started, killed, limitMs });
    });
  });
}

/** Start-up twice over (a busy machine varies), plus what the payload may spend by design, plus slack. */
const limitFor = (format: string, allowanceMs = 0) => 2 * Math.max(format === 'ts' ? startup.plain + startup.ts : startup.plain, 3000) + allowanceMs + 5000;

function callboard(args: string[], options: { format: string; allowanceMs?: number; env?: Record<string, string> }): Promise<Run> {
  return slot(() => spawnBin(args, limitFor(options.format, options.allowanceMs), options.env));
}

const both = (run: Run) => `${run.stdout}\n${run.stderr}`;
const shown = (run: Run) => `exit ${run.code} (signal ${run.signal}) after ${run.ms} ms\n--- stdout\n${run.stdout.slice(0, 3000)}\n--- stderr\n${run.stderr.slice(0, 3000)}`;

/** What every run must show: it ended in time, normally, with a documented code, and wrote no marker. */
function expectContained(run: Run, codes: number[]) {
  expect(run.killed, `did not end within ${run.limitMs} ms: killed\n${shown(run)}`).toBe(false);
  expect(run.ms, shown(run)).toBeLessThan(run.limitMs);
  expect(run.signal, shown(run)).toBeNull();
  expect(both(run), 'a crash (memory, stack, abort) instead of a message').not.toMatch(CRASH);
  expect(codes, `exit code\n${shown(run)}`).toContain(run.code);
  expect(existsSync(marker), 'an escape wrote the marker file').toBe(false);
}

/** `file:line:col: error: …` lines of the output. */
function locatedErrors(text: string, file: string): { line: number; column: number; message: string }[] {
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...text.matchAll(new RegExp(`^${escaped}:(\\d+):(\\d+): error: (.*)$`, 'gm'))].map((m) => ({ line: Number(m[1]), column: Number(m[2]), message: m[3] }));
}

/** A refused file: a located error on one of the payload's lines, saying what its outcome says. */
function expectRefusedAt(run: Run, file: string, payload: { outcome: Payload['outcome'] }) {
  const outcome = payload.outcome;
  if (outcome.kind !== 'import-error') throw new Error('not an import-error payload');
  const errors = locatedErrors(both(run), file);
  expect(errors.length, `a file:line:col: error: line for ${file}\n${shown(run)}`).toBeGreaterThan(0);
  expect(outcome.lines, `the error's line ${errors[0].line} is one of the payload's lines\n${shown(run)}`).toContain(errors[0].line);
  expect(errors[0].message).toMatch(outcome.message);
}

const events = (run: Run) =>
  run.stdout.split('\n').filter(Boolean).map((line) => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new Error(`simulate printed a line that is not JSON: ${line.slice(0, 200)}`);
    }
  });

const file = (id: string) => {
  const p = payloads.get(id);
  if (!p) throw new Error(`no payload ${id}`);
  return p;
};
const says = (p: Payload) => p.says.flatMap((s) => ['--say', s]);
/** What a run may spend in agent code by design: the step budget (default or --budget seconds) for each caller line. */
const budgetOf = (p: Payload, seconds?: number) => (seconds ? seconds * 1000 : STEP_BUDGET_MS) * p.says.length;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'callboard-untrusted-'));
  marker = join(dir, 'MARKER-escaped');
  const all = corpus({ marker });
  payloads = new Map(all.map((p) => [p.id, p]));
  for (const p of all) writeFileSync(join(dir, p.file), p.text);
  for (const z of zipBombs().filter((z) => z.id === 'zip-bomb-declared')) writeFileSync(join(dir, z.file), z.bytes);
  mock = await startMockLlm({ port: 0 });
  // Start-up on this machine, as the deadlines' base: the engine (QuickJS) and the TypeScript compiler.
  const [plain, ts] = await Promise.all([
    spawnBin(['simulate', SAMPLE, '--say', 'Hello there.'], 120_000),
    spawnBin(['convert', MINIMAL_TS, '--to', 'json'], 120_000),
  ]);
  expect(plain.code, shown(plain)).toBe(0);
  expect(ts.code, shown(ts)).toBe(0);
  startup = { plain: plain.ms, ts: ts.ms };
}, 240_000);

afterAll(async () => {
  await mock?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Which payloads each command runs (a representative subset per command; every kind at least once).
const CONVERT_REFUSED = ['yaml-alias-big-anchor', 'yaml-alias-laughs', 'yaml-flow-5000', 'yaml-flow-10000', 'json-mock-5000', 'json-file-10000', 'ts-default-5000', 'ts-type-explosion', 'json-proto-key'];
const NAMES = ['yaml-prototype-names', 'json-prototype-names', 'ts-prototype-names'];
const LINT_REFUSED = ['yaml-alias-laughs', 'yaml-flow-10000', 'json-mock-5000', 'ts-type-explosion', 'ts-default-5000'];
const SIMULATE_TEMPLATES = ['yaml-template-escapes', 'json-template-escapes', 'yaml-template-loops', 'yaml-unclosed-braces'];
/** Budget cases, with the --budget each runs under (seconds; none: the default 5 s, as the brief's example for one). */
const SIMULATE_BUDGET: [string, number | undefined][] = [['ts-when-loops', 1.5], ['json-when-loops', undefined], ['json-expression-loops', 2], ['ts-guard-loops', 2], ['json-tool-loop', 2], ['ts-tool-loop', 2]];
const SIMULATE_REFUSED = ['yaml-alias-big-anchor', 'json-file-10000', 'ts-type-explosion'];
/** The zip and the golden files the cases below run (their ids in payloads.ts). */
const OTHERS = ['zip-bomb-declared', 'golden-10000', 'golden-proto'];

it('every kind of payload goes through the CLI at least once', () => {
  const kinds: PayloadKind[] = ['template-escape', 'template-loop', 'predicate-loop', 'expression-loop', 'tool-loop', 'ts-types', 'yaml-alias', 'nesting', 'zip-bomb', 'unclosed-braces', 'prototype-names'];
  const kindOf = new Map<string, PayloadKind>([...payloads.values(), ...hostileGoldens()].map((p) => [p.id, p.kind]));
  kindOf.set('zip-bomb-declared', 'zip-bomb');
  const used = [...CONVERT_REFUSED, ...NAMES, ...LINT_REFUSED, ...SIMULATE_TEMPLATES, ...SIMULATE_BUDGET.map(([id]) => id), ...SIMULATE_REFUSED, ...OTHERS];
  for (const id of used) expect(kindOf.has(id), id).toBe(true);
  expect(kinds.filter((k) => !used.some((id) => kindOf.get(id) === k))).toEqual([]);
});

const SLOW = 120_000;

describe.concurrent('hostile agent files through the CLI', () => {
  describe('callboard convert over hostile files', () => {
    for (const id of CONVERT_REFUSED) {
      it(`${id}: refused with a located error, exit 1, within time and memory`, async () => {
        const p = file(id);
        const run = await callboard(['convert', p.file, '--to', p.format === 'json' ? 'yaml' : 'json'], { format: p.format });
        expectContained(run, [1]);
        expectRefusedAt(run, p.file, p);
        expect(run.stdout).toBe('');
      }, SLOW);
    }

    for (const id of NAMES) {
      it(`${id}: JavaScript's own names come back as written (or are refused at their place)`, async () => {
        const p = file(id);
        if (p.outcome.kind !== 'names') throw new Error('not a names payload');
        const [converted, linted] = await Promise.all([
          callboard(['convert', p.file, '--to', p.format === 'json' ? 'yaml' : 'json'], { format: p.format }),
          callboard(['lint', p.file], { format: p.format }),
        ]);
        expectContained(converted, [0, 1]);
        expectContained(linted, [0, 1]);
        // Located: `file:line:col: severity: …` or `file: /pointer: severity: …`, naming it.
        const located = (name: string) => linted.stdout.split('\n').some((line) => (line.startsWith(`${p.file}: /`) || /^\S+?:\d+:\d+: /.test(line)) && line.startsWith(p.file) && / (error|warning|info): /.test(line) && line.includes(name));
        // Kept: the converted file holds it (none of these names is in a file that did not have it).
        const kept = (name: string) => converted.code === 0 && converted.stdout.includes(name);
        for (const name of p.outcome.names) expect(kept(name) || located(name), `${name}: neither kept by convert nor named by a located lint finding\n${shown(converted)}\n${shown(linted)}`).toBe(true);
      }, SLOW);
    }

    it('zip-bomb-declared: a .zip is no agent file for the CLI: a usage error at once (exit 2), nothing inflated', async () => {
        const run = await callboard(['convert', 'bomb-declared.zip', '--to', 'json'], { format: 'json' });
      expectContained(run, [2]);
      expect(run.stderr).toContain('cannot tell the format of bomb-declared.zip');
      // Read as JSON on purpose: a located syntax error, not 3 GB inflated.
      const asJson = await callboard(['lint', 'bomb-declared.zip', '--from', 'json'], { format: 'json' });
      expectContained(asJson, [1]);
      expect(locatedErrors(both(asJson), 'bomb-declared.zip')[0]).toMatchObject({ line: 1, column: 1 });
    }, SLOW);
  });

  describe('callboard lint over hostile files', () => {
    for (const id of LINT_REFUSED) {
      it(`${id}: a located error, exit 1`, async () => {
        const p = file(id);
        const run = await callboard(['lint', p.file], { format: p.format });
        expectContained(run, [1]);
        expectRefusedAt(run, p.file, p);
      }, SLOW);
    }

    it('yaml-unclosed-braces: 400 KB of {{ is linted in linear time, exit 0 or 1 with its findings located', async () => {
      const p = file('yaml-unclosed-braces');
      const run = await callboard(['lint', p.file], { format: p.format });
      expectContained(run, [0, 1]);
      // The summary goes to standard error, the findings to standard output.
      expect(run.stderr).toMatch(new RegExp(`^${p.file}: \\d+ errors?, \\d+ warnings?`, 'm'));
      for (const line of run.stdout.split('\n').filter((l) => / (error|warning): /.test(l))) expect(line).toMatch(new RegExp(`^${p.file}:(\\d+:\\d+| /)`));
    }, SLOW);

    it('yaml-template-escapes: lint reads every escape as text and ends normally', async () => {
      const p = file('yaml-template-escapes');
      const run = await callboard(['lint', p.file], { format: p.format });
      expectContained(run, [0, 1]);
      expect(run.stderr).toMatch(new RegExp(`^${p.file}: \\d+ errors?, \\d+ warnings?`, 'm'));
    }, SLOW);
  });

  describe('callboard simulate (offline model) over hostile files', () => {
    for (const id of SIMULATE_TEMPLATES) {
      it(`${id}: the step goes on with the text as written, and the Jinja error is printed with its place`, async () => {
        const p = file(id);
        if (p.outcome.kind !== 'template-note') throw new Error('not a template payload');
        const run = await callboard(['simulate', p.file, ...says(p)], { format: p.format, allowanceMs: budgetOf(p) });
        expectContained(run, [0]);
        const printed = events(run);
        expect(printed.at(-1), shown(run)).toEqual({ type: 'end' });
        expect(printed.filter((e) => e.type === 'say' && e.who === 'caller')).toHaveLength(p.says.length);
        // Where the template failed, as the app's trace says it: "Jinja error in <where>: …; the text is sent as written".
        for (const where of p.outcome.where) expect(both(run), `the Jinja error in ${where} is printed\n${shown(run)}`).toContain(`Jinja error in ${where}`);
      }, SLOW);
    }

    for (const [id, budget] of SIMULATE_BUDGET) {
      it(`${id}: the step stops at the ${budget ?? 5} s budget${budget ? ' (--budget)' : ''}, naming what ran out; exit 1`, async () => {
        const p = file(id);
        if (p.outcome.kind !== 'budget') throw new Error('not a budget payload');
        const flag = budget ? ['--budget', String(budget)] : [];
        const run = await callboard(['simulate', p.file, ...flag, ...says(p)], { format: p.format, allowanceMs: budgetOf(p, budget) });
        expectContained(run, [1]);
        const failure = events(run).find((e) => e.type === 'error');
        expect(failure, shown(run)).toBeDefined();
        expect(failure!.message).toContain(`used up the step's budget of ${budget ?? 5} s`);
        expect(failure!.message).toMatch(p.outcome.naming);
      }, SLOW);
    }

    for (const id of NAMES) {
      it(`${id}: a run over JavaScript's own names ends normally`, async () => {
        const p = file(id);
        const run = await callboard(['simulate', p.file, ...says(p)], { format: p.format, allowanceMs: budgetOf(p) });
        // Normally: the script played out (exit 0), or the offline model's designed stop on a line
        // its rules cannot read (exit 1, a "stuck" event naming the line), never a crash or an error.
        expectContained(run, [0, 1]);
        const last = events(run).at(-1);
        if (run.code === 0) expect(last, shown(run)).toEqual({ type: 'end' });
        else expect(last, shown(run)).toMatchObject({ type: 'stuck', line: p.says.at(-1) });
        expect(events(run).some((e) => e.type === 'error'), shown(run)).toBe(false);
      }, SLOW);
    }

    for (const id of SIMULATE_REFUSED) {
      it(`${id}: refused before any step, located, exit 1`, async () => {
        const p = file(id);
        const run = await callboard(['simulate', p.file, ...says(p)], { format: p.format });
        expectContained(run, [1]);
        expectRefusedAt(run, p.file, p);
        expect(run.stdout).toBe('');
      }, SLOW);
    }

    it('json-template-escapes against the mock LLM: the prompt carries the template as written; the key only in the Authorization header', async () => {
      const p = file('json-template-escapes');
      mock.reset();
      mock.script([
        { match: { toolChoice: 'none' }, reply: { text: 'How can I help?' } },
        { match: { toolChoice: 'required' }, reply: { toolCalls: [{ name: 'caller_intent_not_yet_detected', arguments: {} }] } },
      ]);
      const run = await callboard(['simulate', p.file, '--provider', 'openai', '--base-url', mock.openaiBaseUrl, '--model', 'mock-model', ...says(p)], { format: p.format, allowanceMs: budgetOf(p), env: { CALLBOARD_API_KEY: KEY } });
      expectContained(run, [0]);
      expect(both(run)).not.toContain(KEY);
      const requests = mock.requests();
      expect(requests.length).toBeGreaterThan(0);
      for (const r of requests) {
        expect(r.path).toBe('/v1/chat/completions');
        expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
        expect(JSON.stringify(r.body)).not.toContain(KEY);
      }
      // Sent as written: the escape is in the system prompt as text, not its result.
      const system = JSON.stringify(requests.map((r) => r.body));
      expect(system).toContain('.constructor.constructor(');
      expect(system).toContain('{% set f = ');
    }, SLOW);
  });

  describe('callboard test over hostile files', () => {
    it('json-when-loops with its own test: the run errors at the budget, naming the when that ran out; exit 1', async () => {
      const p = file('json-when-loops');
      const doc = JSON.parse(p.text);
      doc.tests = [{ name: 'greets', input: ['Hello there.'], expect: { not: ['pwned'] } }];
      writeFileSync(join(dir, 'when-loops-one-test.callboard.json'), JSON.stringify(doc));
      const run = await callboard(['test', 'when-loops-one-test.callboard.json', '--budget', '2'], { format: 'json', allowanceMs: 2000 });
      expectContained(run, [1]);
      expect(run.stdout).toMatch(/^FAIL greets {2}0\/1 \(0%\)$/m);
      expect(run.stdout).toMatch(/^ {2}run 1: error: (step \d+: )?The step stopped: .*the when of tool loop\d+ was running/m);
    }, SLOW);

    it('yaml-template-escapes with a golden beside it: the test runs through every escaped stage and passes; exit 0', async () => {
      const p = file('yaml-template-escapes');
      const tests = join(dir, 'escape-tests');
      mkdirSync(tests, { recursive: true });
      writeFileSync(join(tests, 'no-escape.golden.json'), harmlessGolden('no-escape', p.says));
      const run = await callboard(['test', p.file, '--tests', 'escape-tests'], { format: p.format, allowanceMs: budgetOf(p) });
      expectContained(run, [0]);
      expect(run.stdout, shown(run)).toMatch(/^PASS no-escape {2}1\/1 \(100%\)$/m);
    }, SLOW);

    it('ts-tool-loop with hostile goldens: the deep one is refused at its line, __proto__ keys do no harm, the looping tool is stopped at the budget; exit 1', async () => {
      const p = file('ts-tool-loop');
      const tests = join(dir, 'hostile-tests');
      mkdirSync(tests, { recursive: true });
      const goldens = hostileGoldens();
      for (const g of goldens) writeFileSync(join(tests, g.file), g.text);
      writeFileSync(join(tests, 'spin.golden.json'), JSON.stringify({ name: 'spin', input: p.says, expect: { tools: ['spin_wheel'] } }));
      // Two goldens run the looping tool (spin, and proto if it is read): two steps of 2 s.
      const run = await callboard(['test', p.file, '--tests', 'hostile-tests', '--budget', '2'], { format: p.format, allowanceMs: 2 * budgetOf(p, 2) });
      expectContained(run, [1]);
      const deep = goldens.find((g) => g.id === 'golden-10000')!;
      expectRefusedAt(run, 'hostile-tests/deep.golden.json', deep);
      // The __proto__ golden: run as written (its call facts are free-form keys), or refused at the
      // line of the top-level "__proto__" key.
      const proto = goldens.find((g) => g.id === 'golden-proto')!;
      const refused = locatedErrors(run.stderr, 'hostile-tests/proto.golden.json');
      if (refused.length > 0) {
        expect(refused[0].message).toContain('__proto__');
        expect(refused[0].line, `refused at the "__proto__" key's line\n${shown(run)}`).toBe(linesWith(proto.text, '"__proto__": {"polluted"')[0]);
      } else expect(run.stdout, shown(run)).toMatch(/^(PASS|FAIL) proto /m);
      expect(run.stdout).toMatch(/^FAIL spin {2}0\/1 \(0%\)$/m);
      expect(run.stdout).toMatch(/^ {2}run 1: error: (step \d+: )?The step stopped: .*tool spin_wheel was running/m);
    }, SLOW);
  });
});
