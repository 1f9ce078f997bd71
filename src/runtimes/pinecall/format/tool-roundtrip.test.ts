// Issue 12, point 8: the exported class runs as the document did. Each tool is called in the
// Pinecall simulator on the document and on import(export(doc)); the tool results, the change log
// (writes and stage moves) and the stage reached are the same, read through the renames the export
// lists (member-names.ts: a renamed field is logged under its new name, a renamed tool authors its
// writes under its new name). Random lint-clean documents with tool bodies that write their state
// (formats/testing/member-collisions.ts), on the fixed seed in `npm test`; FUZZ_CASES scales it.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { newQuickJSWASMModule } from 'quickjs-emscripten';
import { toolVisibleIn, type AgentDocument, type Tool } from '../../../model';
import { PROTOTYPE_NAMES } from '../../../model/own';
import { visibleTools } from '../engine/prompt';
import { pinecallStep } from '../engine/step';
import { sandboxEvaluate } from '../../../simulator/sandbox-evaluate';
import { sandboxToolRunner } from '../../../simulator/sandbox-runner';
import { newSession } from '../../../simulator/session';
import { answer, say, scriptedModel } from '../../../simulator/testing';
import type { Evaluate } from '../../../simulator/types';
import { importBlockAgentYaml } from '../../block-agent/format';
import { collidingDocument } from '../../../formats/testing/member-collisions';
import { exportPinecallTs } from './export';
import { importPinecallTs } from './import';
import { memberRenames } from './member-names';
import { minimalDoc } from './testing';
import { paramShapes } from './type-shapes';

const FUZZ = process.env.FUZZ_CASES === undefined ? undefined : Number(process.env.FUZZ_CASES);
const RUNS = FUZZ === undefined ? 40 : Math.max(40, Math.round(FUZZ / 100));

/**
 * State fields the document itself cannot run with (lint says so), which the class renames: what
 * every JavaScript object has (`s.toString` of a field without a value is Object.prototype's
 * function, `this.__proto__ = x` sets the prototype), and the members a tool body's `this` has in
 * the sandbox as in the class (`this.call`, the call's facts; `this.log(name, data)`).
 */
const UNRUNNABLE_FIELDS = [...PROTOTYPE_NAMES, 'call', 'log'];

let evaluate: Evaluate;
beforeAll(async () => {
  evaluate = sandboxEvaluate(await newQuickJSWASMModule());
});

function imported(text: string): AgentDocument {
  const read = importPinecallTs(text);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.doc;
}

/** Arguments every signature accepts: one value per parameter the class's signature holds. */
function argumentsFor(tool: Tool): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const p of paramShapes(tool.parameters)) {
    const value = p.type.kind === 'string' ? 'yes' : p.type.kind === 'number' ? 2 : p.type.kind === 'boolean' ? true
      : p.type.kind === 'literals' ? p.type.values[0] : p.type.kind === 'object' ? {} : undefined;
    if (value !== undefined) Object.defineProperty(args, p.name, { value, enumerable: true, writable: true, configurable: true });
  }
  return args;
}

/** One caller line on which the model calls `name` with `args` from `stageName`: what the tool gave, logged and moved to. */
async function callTool(doc: AgentDocument, name: string, args: Record<string, unknown>, stageName: string | undefined) {
  const session = { ...newSession(doc), stageId: doc.stages.find((s) => s.name === stageName)?.id ?? doc.entryStageId };
  const model = scriptedModel([answer('', [name, args]), say('Done.')]);
  // A step budget no loaded machine runs out of: the two runs are compared, not timed.
  const out = await pinecallStep(doc, session, 'Please.', { model, runner: sandboxToolRunner(doc), evaluate, revision: 1, now: () => 1, budgetMs: 60_000 });
  // A stage move is logged as `stage`, like a write to a field of that name: the trace tells them apart.
  const moves = out.trace.flatMap((t) => (t.kind === 'stage-change' && t.mark ? [t.mark.changes] : []));
  return {
    results: out.transcript.flatMap((l) => (l.kind === 'tool-result' ? [{ name: l.name, result: l.result, error: l.error }] : [])),
    changes: out.changeLog.map(({ field, prev, next, author }, k) => ({ field, prev, next, author, move: moves.includes(k) })),
    stage: doc.stages.find((s) => s.id === out.stageId)?.name,
  };
}

/** Runs every tool of `doc` on it and on import(export(doc)), and compares them through the renames. */
async function expectSameRuns(doc: AgentDocument): Promise<{ ran: number; renamed: number }> {
  const back = imported(exportPinecallTs(doc).text);
  const renames = memberRenames(doc);
  const fields = new Map(renames.flatMap((r) => (r.kind === 'state' && r.to ? [[r.from, r.to] as const] : [])));
  const toolName = (i: number) => renames.find((r) => r.kind === 'tool' && r.index === i)?.to ?? doc.tools[i].name;
  let ran = 0;
  let renamed = 0;
  for (const [i, tool] of doc.tools.entries()) {
    if (tool.kind !== 'function') continue;
    // A required parameter the signature cannot hold (`class`) is a listed loss: the class cannot be called as the document is.
    const args = argumentsFor(tool);
    if ((tool.parameters.required ?? []).some((p) => !Object.hasOwn(args, p))) continue;
    const stage = doc.stages.find((s) => toolVisibleIn(tool, s));
    // A tool no stage offers is never called.
    if (doc.stages.length > 0 && !stage) continue;
    // Two tools of one name offered together (Block Agent, in a class without stages): a call of
    // that name runs the first one visible, so only that one can be called in the document.
    const session = { ...newSession(doc), stageId: stage?.id ?? doc.entryStageId };
    const visible = visibleTools(doc, session, evaluate).tools.find((t) => t.name === tool.name);
    if (visible && visible !== tool) continue;
    const original = await callTool(doc, tool.name, args, stage?.name);
    const exported = await callTool(back, toolName(i), args, stage?.name);
    expect(exported).toEqual({
      // A check's message starts with the name the model called (`book: visit is required`, the runtime's `book is not available now`).
      results: original.results.map((r) => ({ ...r, name: toolName(i), ...(r.error?.startsWith(`${tool.name}: `) || r.error?.startsWith(`${tool.name} `) ? { error: toolName(i) + r.error.slice(tool.name.length) } : {}) })),
      changes: original.changes.map((c) => ({ ...c, field: c.move ? c.field : fields.get(c.field) ?? c.field, author: c.author === tool.name ? toolName(i) : c.author })),
      stage: original.stage,
    });
    ran += 1;
    if (toolName(i) !== tool.name || original.changes.some((c) => !c.move && fields.has(c.field))) renamed += 1;
  }
  return { ran, renamed };
}

describe('the exported class runs its tools as the document did (Pinecall simulator)', () => {
  it('the intent tool wants_refill(wants_refill) that sets its variable: renamed set_wants_refill, same result, same change log', async () => {
    const read = importBlockAgentYaml(`personality: You help with refills.
blocks:
  - block_id: intent
    name: Intent
    intent: true
    tools:
      - type: function
        function:
          name: wants_refill
          description: Use when the caller wants a refill.
          parameters: {type: object, properties: {wants_refill: {type: boolean}}, required: [wants_refill]}
    turns:
      - {turn_id: t1, name: ask, content: Ask what they need., edges: [{type: edge, conditions: [{source: tools, tool: wants_refill, expected_value: 'true'}], connect_to: {turn_id: t2}}]}
      - {turn_id: t2, name: done, content: Bye.}
`);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    const doc = read.doc;
    doc.tools[0].implementation = 'this.wants_refill = wants_refill;\nreturn { noted: wants_refill };';
    const back = imported(exportPinecallTs(doc).text);
    const exported = await callTool(back, 'set_wants_refill', { wants_refill: true }, 'ask');
    expect(exported).toEqual({
      results: [{ name: 'set_wants_refill', result: { noted: true }, error: undefined }],
      changes: [
        { field: 'wants_refill', prev: undefined, next: true, author: 'set_wants_refill', move: false },
        { field: 'stage', prev: 'ask', next: 'done', author: 'set_wants_refill', move: true },
      ],
      stage: 'done',
    });
    expect(await expectSameRuns(doc)).toEqual({ ran: 1, renamed: 1 });
  });

  it('a field named __proto__ or call, which the document\'s own bodies cannot write, is written under its new name', async () => {
    const doc = minimalDoc({ implementation: 'this.__proto__ = "p";\nthis.call = "c";\nreturn 1;' });
    doc.target = 'block-agent';
    doc.state = ['__proto__', 'call'].map((name, i) => ({ id: `f${i}`, name, type: 'string', pii: false, visibility: 'private' }));
    // In the document, `this.__proto__ = x` on a field without a value sets the prototype (JavaScript), and `this.call` is the call's facts.
    const original = await callTool(doc, 'end_call', {}, undefined);
    expect(original.changes.filter((c) => c.next === 'p' || c.next === 'c')).toEqual([]);
    const exported = await callTool(imported(exportPinecallTs(doc).text), 'end_call', {}, undefined);
    expect(exported.changes).toEqual([
      { field: 'proto', prev: undefined, next: 'p', author: 'end_call', move: false }, { field: 'call_value', prev: undefined, next: 'c', author: 'end_call', move: false },
    ]);
  });

  it('over random lint-clean Block Agent documents whose names meet in the class', async () => {
    const withBodies = collidingDocument('block-agent').filter((doc) => doc.tools.some((t) => t.implementation !== undefined) &&
      // Fields the document cannot run with at all (lint says so): see the case above.
      !doc.state.some((f) => UNRUNNABLE_FIELDS.includes(f.name)));
    const seen = { ran: 0, renamed: 0 };
    await fc.assert(fc.asyncProperty(withBodies, async (doc) => {
      const { ran, renamed } = await expectSameRuns(doc);
      seen.ran += ran;
      seen.renamed += renamed;
    }), { numRuns: RUNS });
    // Tools did run, and many under a new name or writing a renamed field.
    expect(seen.ran).toBeGreaterThan(RUNS);
    expect(seen.renamed).toBeGreaterThan(RUNS / 4);
  }, Math.max(60_000, RUNS * 2000));
});
