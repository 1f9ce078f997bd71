import { edgesFrom, toolVisibleIn, type AgentDocument, type Stage } from '../model';
import { stagesSetInCode } from './labels';
import { factsOf } from '../runtimes/facts';

/** How a stage with no way out reads on its card and in the inspector. */
export interface EndMark {
  /** The card's badge. */
  label: string;
  /** What it means for the runtime, for the badge's tooltip and the inspector. */
  explanation: string;
}

/**
 * Whether the call ends on this stage, worded per runtime. Block Agent: a turn with no edges makes
 * one reply and ends the call (block-agent.md, step 6). Pinecall has no such rule: a stage no edge
 * leaves, and whose visible tools set no other `this.stage`, is where the call stays until hung up.
 */
// Tokenizing a tool body per stage per change would add up; the bodies rarely change.
const setInCode = new Map<string, string[]>();
function stagesSetBy(implementation: string | undefined): string[] {
  if (!implementation) return [];
  let names = setInCode.get(implementation);
  if (!names) {
    if (setInCode.size > 500) setInCode.clear();
    names = stagesSetInCode(implementation);
    setInCode.set(implementation, names);
  }
  return names;
}

/**
 * `leaving`: the ids of the stages some edge leaves, when the caller has them for every stage at
 * once (the canvas adapter): asking each of 500 stages to filter 1,000 edges cost a keystroke on
 * a large agent tens of milliseconds (issue 16).
 */
export function endMarkOf(doc: AgentDocument, stage: Stage, leaving?: ReadonlySet<string>): EndMark | null {
  if (leaving ? leaving.has(stage.id) : edgesFrom(doc, stage.id).length > 0) return null;
  if (factsOf(doc.target).deadEnd === 'ends-after-reply') {
    return { label: 'ends the call', explanation: 'No edges leave this stage: on entering it the agent says one reply, then the call ends.' };
  }
  const leavesInCode = doc.tools.some((tool) => toolVisibleIn(tool, stage) && stagesSetBy(tool.implementation).some((name) => name !== stage.name));
  if (leavesInCode) return null;
  return { label: 'ends the call', explanation: 'No edge leaves this stage and no tool here sets another stage: the call stays on it until it is hung up.' };
}
