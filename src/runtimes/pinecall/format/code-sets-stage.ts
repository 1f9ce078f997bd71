// Whether an agent's code may set the stage at all, and its stage flow when it may: the one test the
// problems worker and `callboard lint` share, so that neither loads TypeScript's compiler (3.5 MB,
// under ../stage-flow.ts) for an agent whose code never names the stage — the sample's lint among
// them (issue 34: a lint's start) — nor for a class in Python, whose import already read its writes.
import type { AgentDocument } from '../../../model';
import type { StageFlow } from '../../../model/code-flow';
import { preservedOf } from './preserved';
import { pythonPreservedOf } from './python/preserved';
import { pythonStageFlow } from './python/code-writes';
import { rubyStageFlow } from './ruby/code-writes';

/** A Pinecall agent whose tool bodies, helpers or hooks mention the stage; a class in Python whose import kept stage writes. */
export function codeMaySetStage(doc: AgentDocument): boolean {
  if (doc.target !== 'pinecall') return false;
  if (doc.language === 'python') return Object.keys(pythonPreservedOf(doc).codeWrites ?? {}).length > 0;
  if (doc.language === 'ruby') return Object.keys((doc.preserved?.pinecallRuby as { codeWrites?: object } | undefined)?.codeWrites ?? {}).length > 0;
  if (doc.tools.some((t) => t.implementation?.includes('stage'))) return true;
  const kept = preservedOf(doc);
  return [...(kept.members ?? []), ...(kept.baseMembers ?? [])].some((m) => m.includes('stage'));
}

/** The code's stage flow, read with the lightest reader that can: none, the Python import's, or TypeScript's. */
export async function stageFlowIfAny(doc: AgentDocument): Promise<StageFlow | undefined> {
  if (!codeMaySetStage(doc)) return undefined;
  if (doc.language === 'python') return pythonStageFlow(doc);
  if (doc.language === 'ruby') return rubyStageFlow(doc);
  return (await import('./stage-flow')).readStageFlow(doc);
}
