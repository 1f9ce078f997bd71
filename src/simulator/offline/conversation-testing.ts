// Test helpers for whole conversations with the offline model (imported by tests only): loading
// the example agents, running steps in either runtime, and the check that a caller's wording
// shares no word with the agent's tools (so a booking shows general rules, not echoed words).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importBlockAgentYaml } from '../../runtimes/block-agent/format';
import { lossesFor } from '../../formats/losses';
import { loadDocument, type AgentDocument } from '../../model';
import { blockAgentStep } from '../../runtimes/block-agent/engine/step';
import { pinecallStep } from '../../runtimes/pinecall/engine/step';
import { prepareSandboxEvaluate } from '../sandbox-evaluate';
import { sandboxToolRunner } from '../sandbox-runner';
import type { Session, StepDeps, TraceEntry } from '../types';
import { findDates, findTimes } from './dates';
import { findNames, findPhones } from './extract';
import { isStopWord, nameWords, stem, words } from './words';
import { createOfflineModel } from './index';

export const TODAY = '2026-12-01';

const repoFile = (path: string) => readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');

export function exampleAgent(file: string): AgentDocument {
  const loaded = loadDocument(JSON.parse(repoFile(`public/examples/${file}`)));
  if (!loaded.ok) throw new Error(`${file} does not load: ${JSON.stringify(loaded)}`);
  return loaded.doc;
}

export function blockAgentFixture(file: string): AgentDocument {
  const imported = importBlockAgentYaml(repoFile(`test/fixtures/block-agent/${file}`));
  if (!imported.ok) throw new Error(`${file} does not import: ${JSON.stringify(imported.errors)}`);
  return imported.doc;
}

export async function offlineDeps(doc: AgentDocument): Promise<StepDeps> {
  return { model: createOfflineModel({ today: TODAY }), runner: sandboxToolRunner(doc), evaluate: await prepareSandboxEvaluate(), losses: lossesFor, revision: 0, call: { today: TODAY, caller: '+15550000000' }, now: () => 0 };
}

/** One step in the runtime the document targets: a caller line, null (the agent opens) or a wait answer. */
export function step(doc: AgentDocument, session: Session, input: string | null | { token: string; value: string }, deps: StepDeps): Promise<Session> {
  if (doc.target === 'block-agent') return blockAgentStep(doc, session, input !== null && typeof input === 'object' ? { waitAnswer: input } : input, deps);
  if (input !== null && typeof input === 'object') throw new Error('Pinecall has no wait stages');
  return pinecallStep(doc, session, input, deps);
}

export type ToolRunEntry = Extract<TraceEntry, { kind: 'tool-run' }>;
export const toolRuns = (s: Session, tool: string): ToolRunEntry[] => s.trace.filter((t): t is ToolRunEntry => t.kind === 'tool-run' && t.tool === tool);
export const stageName = (doc: AgentDocument, s: Session) => doc.stages.find((st) => st.id === s.stageId)?.name;
export const notesOf = (s: Session): string[] => s.trace.flatMap((t) => (t.kind === 'model-call' ? (t.response?.notes ?? []) : []));

/** Every word of the agent's tool names, descriptions and parameters, stemmed. */
export function toolVocabulary(doc: AgentDocument): Set<string> {
  const out = new Set<string>();
  const add = (text: string) => [...nameWords(text), ...words(text)].forEach((w) => out.add(stem(w)));
  for (const tool of doc.tools) {
    add(tool.name);
    add(tool.description);
    for (const [name, prop] of Object.entries(tool.parameters.properties ?? {})) {
      add(name);
      add(prop?.description ?? '');
    }
  }
  return out;
}

/** The agent's enum values: values a caller gives, like a name or a date. */
const enumValues = (doc: AgentDocument): Set<string> =>
  new Set(doc.tools.flatMap((t) => Object.values(t.parameters.properties ?? {}).flatMap((p) => (p?.enum ?? []).map((v) => String(v).toLowerCase()))));

/**
 * The content words of a caller line that are also words of the agent's tools. Stop-words and the
 * values the caller gives (names, dates, times, phone numbers, enum values) are allowed.
 */
export function sharedWithTools(doc: AgentDocument, line: string): string[] {
  const values = new Set<string>([...enumValues(doc)]);
  for (const f of [...findNames(line), ...findDates(line, TODAY), ...findTimes(line), ...findPhones(line)]) words(f.said).forEach((w) => values.add(w));
  const vocabulary = toolVocabulary(doc);
  return words(line).filter((w) => !isStopWord(w) && !values.has(w) && !/^\d+$/.test(w) && vocabulary.has(stem(w)));
}
