// "Save as test": a test proposed from a finished run, and file-safe test names. The proposal is
// what a person would check by hand after a good run; they edit it before saving.
import type { AgentDocument, PlayedTurn } from '../../model';
import type { Session, SimInput } from '../types';
import { calledTools, finalStageName } from './expectations';
import type { ConversationTest, TestExpectations } from './types';

/** Longest proposed `says` phrase, in words: short enough to survive small rewording around it. */
const PHRASE_WORDS = 6;

/**
 * A phrase the caller hears again on a re-run. Only runtime lines qualify (announce, confirm,
 * looping): the runtime says them verbatim from the document, while a model rewords its own lines
 * from run to run, so proposing one would make a test that fails against a real provider.
 */
function robustPhrase(session: Session): string | undefined {
  const spoken = session.transcript.filter((line) => line.kind === 'agent' || line.kind === 'runtime');
  const last = spoken[spoken.length - 1];
  if (last?.kind !== 'runtime') return undefined;
  const phrase = last.text
    .trim().split(/\s+/).slice(0, PHRASE_WORDS).join(' ').replace(/[\s.,;:!?]+$/, '');
  return phrase || undefined;
}

/** See index.ts: input, waits, state/call as the run started, and expectations from what happened. */
export function proposeTest(doc: AgentDocument, run: { name: string; inputs: SimInput[]; session: Session; initialState?: Record<string, unknown>; call?: Record<string, unknown>; startStageId?: string | null; played?: PlayedTurn[] }): ConversationTest {
  const { session } = run;
  // A test opens with the agent only when the agent speaks first; an "Agent opens" pressed by hand
  // on a caller-first agent is a step the test will not take, so the played steps count one less.
  const unopened = run.inputs[0]?.kind === 'open' && doc.opening !== 'agent' ? 1 : 0;
  const model = (run.played ?? []).filter((t) => t.step > unopened).map((t) => ({ ...structuredClone(t), step: t.step - unopened }));
  const input = run.inputs.flatMap((i) => (i.kind === 'say' ? [i.text] : []));
  const waits: Record<string, string> = {};
  for (const i of run.inputs) if (i.kind === 'wait') waits[i.token] = i.value;
  const expect: TestExpectations = {};
  const tools = calledTools(session);
  if (tools.length) expect.tools = tools;
  const phrase = robustPhrase(session);
  if (phrase) expect.says = [phrase];
  const stage = finalStageName(doc, session);
  if (stage !== undefined) expect.stage = stage;
  const changed = [...new Set(session.changeLog.map((c) => c.field))].filter((f) => Object.hasOwn(session.state, f) && session.state[f] !== undefined);
  if (changed.length) expect.state = Object.fromEntries(changed.map((f) => [f, structuredClone(session.state[f])]));
  // A run started with "Simulate from here" is saved to start where it did.
  const start = run.startStageId ? doc.stages.find((s) => s.id === run.startStageId) : undefined;
  // Keys in the format's order, so a saved golden reads name, state, start, call, input, waits, model, expect.
  const test: ConversationTest = {
    name: run.name,
    ...(run.initialState && Object.keys(run.initialState).length ? { state: structuredClone(run.initialState) } : {}),
    ...(start ? { start: { stage: start.name } } : {}),
    ...(run.call && Object.keys(run.call).length ? { call: structuredClone(run.call) } : {}),
    input,
    ...(Object.keys(waits).length ? { waits } : {}),
    // What a person played in the model's place is kept, so the test replays it at its step.
    ...(model.length ? { model } : {}),
    expect,
  };
  return test;
}

/** Test names are file names (tests/<name>.golden.json): kept short. */
const MAX_NAME = 60;

/** A file-safe test name from free text ("Books Tuesday!" → "books-tuesday"), unique among `taken`. */
export function testNameFrom(text: string, taken: string[]): string {
  const base =
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, MAX_NAME)
      .replace(/^-+|-+$/g, '') || 'test';
  const used = new Set(taken.map((t) => t.toLowerCase()));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
