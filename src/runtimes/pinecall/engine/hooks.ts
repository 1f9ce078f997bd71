// Pinecall's lifecycle hook `onCall(call)`: the bridge runs it when a call starts, before the first
// prompt is sent, with its writes authored `hook:onCall` (pinecall/agents src/agent/lifecycle.ts
// runHook, src/runtime/connect.ts start). The importer keeps the method verbatim among the class's
// members; the simulator runs it in the sandbox as the runner runs a tool, so it has what a tool
// has (`this` = the state and `this.call`, the helpers, the getters, the stubs and their mocks,
// `this.log`), the same deadline rules and the step's budget.
import type { AgentDocument, Tool } from '../../../model';
import { classCodeOf } from '../../../simulator/class-code/read';

export const ON_CALL = 'onCall';
/** Who wrote what onCall wrote, as Pinecall's runHook names it. */
export const ON_CALL_AUTHOR = `hook:${ON_CALL}`;

/** Whether the Pinecall class keeps an `onCall` method of its own (Agent's default does nothing). */
export function hasOnCall(doc: AgentDocument): boolean {
  return doc.target === 'pinecall' && classCodeOf(doc).members.some((m) => m.kind === 'method' && m.name === ON_CALL);
}

/**
 * The hook as the runner takes it: a tool whose body calls the class's own `onCall` with the
 * call. The call is the simulator's call facts (Pinecall's hook gets `{id, contact, from?,
 * channel?}`: set `from` and `channel` among the facts to give it those).
 */
export function onCallTool(): Tool {
  return {
    id: `hook_${ON_CALL}`,
    kind: 'function',
    name: ON_CALL,
    description: 'The call opened.',
    parameters: { type: 'object', properties: { call: { type: 'object' } } },
    scope: { kind: 'all' },
    fallback: false,
    pii: [],
    implementation: `return await this.${ON_CALL}(call);`,
  };
}
