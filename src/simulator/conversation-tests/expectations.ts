// Checking a finished session against a test's `expect` (issue 6, point 1). Every item of every
// rule gives its own result, so a failure says exactly which tool, phrase or field was off and what
// happened instead.
import { byId, type AgentDocument } from '../../model';
import { getOwn } from '../../model/own';
import type { Session } from '../types';
import type { ConversationTest, ExpectationResult } from './types';

/**
 * The tools the session called: every tool call a model answered with, except those whose check
 * failed (bad arguments, a `when` that did not hold, a tool not offered), since those never ran,
 * and those of an answer that was not used.
 * Read from the trace, not the transcript, because Block Agent keeps no tool-call lines.
 */
export function calledTools(session: Session): string[] {
  const failed = new Set(session.trace.flatMap((t) => (t.kind === 'check-failed' ? [t.toolCallId] : [])));
  const called: string[] = [];
  for (const entry of session.trace) {
    // An answer with `error` was not acted on (Block Agent: its paired call failed).
    if (entry.kind !== 'model-call' || entry.error !== undefined) continue;
    for (const call of entry.response?.toolCalls ?? []) if (!failed.has(call.id) && !called.includes(call.name)) called.push(call.name);
  }
  return called;
}

/** What the caller heard: agent lines and the runtime's own (announce, confirm, looping); never the caller's. */
export function spokenLines(session: Session): string[] {
  return session.transcript.flatMap((line) => (line.kind === 'agent' || line.kind === 'runtime' ? [line.text] : []));
}

export function finalStageName(doc: AgentDocument, session: Session): string | undefined {
  return session.stageId === null ? undefined : byId(doc.stages, session.stageId)?.name;
}

/**
 * Deep equality of JSON values, key order ignored. A state expectation compares each listed field's
 * value whole: `{slot: {day: "Tue"}}` fails when the final slot also has a time. The subset is over
 * fields only, so what a test says about one field is exact and arrays need no special rule.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  const ak = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const bk = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ak.length === bk.length && ak.every((k) => jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const show = (value: unknown): string => (value === undefined ? 'undefined' : JSON.stringify(value));
const listed = (items: string[]): string => (items.length ? items.join(', ') : 'nothing');
const contains = (line: string, phrase: string): boolean => line.toLowerCase().includes(phrase.toLowerCase());

function phraseActual(lines: string[], phrase: string, wanted: boolean): string {
  const hit = lines.find((line) => contains(line, phrase));
  if (hit !== undefined) return `said: "${hit}"`;
  if (lines.length === 0) return 'the agent said nothing';
  return wanted ? `not said; last line: "${lines[lines.length - 1]}"` : 'not said';
}

/** Every expectation item of test.expect checked against the finished session. */
export function checkExpectations(doc: AgentDocument, test: ConversationTest, session: Session): ExpectationResult[] {
  const expect = test.expect;
  const results: ExpectationResult[] = [];
  const called = calledTools(session);
  const calledText = `called: ${listed(called)}`;
  for (const tool of expect.tools ?? []) results.push({ rule: 'tools', expected: tool, passed: called.includes(tool), actual: calledText });
  for (const tool of expect.not_tools ?? []) results.push({ rule: 'not_tools', expected: tool, passed: !called.includes(tool), actual: calledText });
  const lines = spokenLines(session);
  for (const phrase of expect.says ?? []) {
    results.push({ rule: 'says', expected: phrase, passed: lines.some((line) => contains(line, phrase)), actual: phraseActual(lines, phrase, true) });
  }
  for (const phrase of expect.not ?? []) {
    results.push({ rule: 'not', expected: phrase, passed: !lines.some((line) => contains(line, phrase)), actual: phraseActual(lines, phrase, false) });
  }
  if (expect.stage !== undefined) {
    const stage = finalStageName(doc, session);
    results.push({ rule: 'stage', expected: expect.stage, passed: stage === expect.stage, actual: `final stage: ${stage ?? 'none'}` });
  }
  for (const [field, value] of Object.entries(expect.state ?? {})) {
    const final = getOwn(session.state, field);
    results.push({ rule: 'state', expected: { [field]: value }, passed: jsonEqual(final, value), actual: `${field} = ${show(final)}` });
  }
  return results;
}
