// Simulator overhead, engine alone (issue 5): a 200-turn session of the sample agent against a
// model that answers at once, timing each runStep. The first 20 turns are the baseline the last
// 20 are compared with: a step that grew with the conversation would show here.
import { lossesFor } from '../../src/formats/losses';
import type { AgentDocument } from '../../src/model';
import { mockToolRunner } from '../../src/simulator/mock-runner';
import { runStep, startSession } from '../../src/simulator/simulation';
import { sampleAgent } from '../../src/simulator/testing';
import type { Model, StepDeps } from '../../src/simulator/types';
import type { Figure, Part } from '../lib/results';
import { summarize } from '../lib/stats';

export const TURNS = 200;
const EDGE = 20;

/** Answers every call at once with a line that changes nothing (no tool call, no stage move). */
const instantModel: Model = { complete: async () => ({ text: 'Okay, noted. Anything else?', toolCalls: [] }) };

export async function sessionTurnTimes(doc: AgentDocument, turns: number): Promise<number[]> {
  const deps: StepDeps = { model: instantModel, runner: mockToolRunner, losses: lossesFor, revision: 1 };
  let session = startSession(doc);
  const times: number[] = [];
  for (let turn = 0; turn < turns; turn++) {
    const start = performance.now();
    session = await runStep(doc, session, { kind: 'say', text: `Line ${turn}: I am still thinking about which day suits me.` }, deps);
    times.push(performance.now() - start);
    if (session.failure) throw new Error(`turn ${turn} failed: ${JSON.stringify(session.failure).slice(0, 300)}`);
  }
  return times;
}

export async function enginePart(): Promise<Part> {
  const doc = sampleAgent();
  await sessionTurnTimes(doc, 20); // warm-up: JIT, compiled templates and schemas
  const times = await sessionTurnTimes(doc, TURNS);
  const first = { name: `first ${EDGE} turns`, ...summarize(times.slice(0, EDGE)) };
  const section = 'Simulator overhead';
  const figures: Figure[] = [
    { section, name: `engine per turn, all ${TURNS} turns (Node)`, unit: 'ms', ...summarize(times), baseline: first },
    {
      section, name: `engine per turn, last ${EDGE} turns (Node)`, unit: 'ms', ...summarize(times.slice(-EDGE)), baseline: first,
      target: { on: 'ratio-median', below: 1.5, text: `last ${EDGE} / first ${EDGE} under 1.5×` },
    },
  ];
  // The same session in Block Agent semantics: its prompts are Jinja, rendered in the QuickJS
  // template sandbox (src/simulator/sandbox/templates.ts), whose cost this figure holds.
  const blockAgent: AgentDocument = { ...doc, target: 'block-agent' };
  await sessionTurnTimes(blockAgent, 20);
  const baTimes = await sessionTurnTimes(blockAgent, TURNS);
  figures.push({ section, name: `engine per turn, all ${TURNS} turns, Block Agent (Node)`, unit: 'ms', ...summarize(baTimes), baseline: { name: 'Pinecall, same run', ...summarize(times) } });
  return {
    name: 'engine',
    figures,
    notes: [`Node: runStep on the sample agent (its own runtime, Pinecall), ${TURNS} caller lines in one session, the model answering at once with a line (no tool call); mock tool runner. One unmeasured 20-turn warm-up session first.`],
  };
}
