// Test support (tests and conformance/node only): Pipecat's example flows walked down the happy paths
// written for them without reading the simulator (src/runtimes/pipecat/format/fixtures/happy-paths).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importPipecatFlow } from '../format';
import { exampleFlow } from '../format/testing';
import { lossesFor } from '../../../formats/losses';
import type { AgentDocument } from '../../../model';
import { mockToolRunner } from '../../../simulator/mock-runner';
import { createOfflineModel } from '../../../simulator/offline';
import { runScript } from '../../../simulator/simulation';
import type { Session, StepDeps } from '../../../simulator/types';

export interface HappyPath {
  flow: string;
  description: string;
  state: Record<string, unknown>;
  mocks: Record<string, unknown>;
  agentFirst: boolean;
  caller: string[];
  path: string[];
  calls: string[];
  ends: boolean;
}

const DIR = join(import.meta.dirname, '../format/fixtures/happy-paths');
export const HAPPY_PATHS: HappyPath[] = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as HappyPath);

export function happyDoc(path: HappyPath): AgentDocument {
  const read = importPipecatFlow(exampleFlow(path.flow.replace(/\.ya?ml$/, '')), { fileName: path.flow });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  for (const tool of read.doc.tools) if (Object.hasOwn(path.mocks, tool.name)) tool.mock = path.mocks[tool.name];
  return read.doc;
}

/** The nodes a run entered, in order (the initial one first). */
export const nodePath = (s: Session): string[] => s.transcript.flatMap((l) => (l.kind === 'node' ? [l.node] : []));
export const calledFunctions = (s: Session): string[] => s.transcript.flatMap((l) => (l.kind === 'tool-call' ? [l.name] : []));

export async function runHappyPath(path: HappyPath, deps: Partial<StepDeps> = {}): Promise<{ doc: AgentDocument; session: Session }> {
  const doc = happyDoc(path);
  const session = await runScript(doc, { says: path.caller, agentFirst: path.agentFirst, initialState: path.state }, {
    model: createOfflineModel(), runner: mockToolRunner, losses: lossesFor, revision: 0, now: () => 0, ...deps,
  });
  return { doc, session };
}

