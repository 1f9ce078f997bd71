// Derived state: a Pinecall class's getters (`get identified() { return this.patient !== null }`),
// kept as code and computed in the sandbox from the current state (sandbox/derive.ts). The engine
// shows `when` predicates, expression conditions and `{{ }}` templates the state and these values
// together (scopeWith), as Pinecall's snapshot holds both; the state panel shows them read-only
// (Session.derived).
//
// A getter named like a state field: the field wins. Pinecall's snapshot (pinecall/agents,
// src/agent/state.ts `snapshot`) copies the fields, then assigns each getter's value read through
// the agent — and on the agent an own field shadows the prototype's getter, so what it assigns is
// the field's own value. The sandbox binds `this` the same way (guest-agent.ts BIND).
import type { AgentDocument } from '../model';
import { setOwn } from '../model/own';
import { DEFAULT_PREDICATE_TIMEOUT_MS } from './budget';
import { agentCodeOf } from './class-code/program';
import { getterNames } from './class-code/read';
import { deriveGetters } from './sandbox/derive';
import { loadQuickJS } from './sandbox/run-tool';
import type { CallFacts, Derived, DeriveState } from './types';
import type { QuickJSWASMModule } from 'quickjs-emscripten';

export { getterNames } from './class-code/read';

/** The getters that are derived state: those no state field of the same name shadows. */
export function derivedNames(doc: AgentDocument): string[] {
  const fields = new Set(doc.state.map((f) => f.name));
  return getterNames(doc).filter((name) => !fields.has(name) && name !== 'stage');
}

export const hasDerivedState = (doc: AgentDocument): boolean => derivedNames(doc).length > 0;

const NONE: Derived = { values: {}, errors: {}, needs: {} };

/**
 * A synchronous DeriveState over a loaded QuickJS module. All the getters of one call share one
 * deadline (a `when`'s by default, 1 s); a failure of the whole (the deadline, the memory limit)
 * is `failure`.
 */
export function sandboxDerive(quickjs: QuickJSWASMModule, timeoutMs = DEFAULT_PREDICATE_TIMEOUT_MS): DeriveState {
  return (doc, state, call, options = {}) => {
    const getters = derivedNames(doc);
    if (getters.length === 0) return NONE;
    const out = deriveGetters(quickjs, { ...agentCodeOf(doc), state, call, getters, timeoutMs: options.timeoutMs ?? timeoutMs });
    if (out.ok) return { values: out.values, errors: out.errors, needs: out.needs };
    return { values: {}, errors: {}, needs: {}, failure: out.error };
  };
}

/** The DeriveState of this thread, over the tool sandbox's QuickJS module (loaded once). */
export async function prepareDerive(timeoutMs = DEFAULT_PREDICATE_TIMEOUT_MS): Promise<DeriveState> {
  return sandboxDerive(await loadQuickJS(), timeoutMs);
}

/**
 * The getters of `doc` for `state` (the state panel asks this of a chosen state): values, and why
 * any could not be computed. `state` is the session's (the stage name under `stage` when the
 * document has no field of that name, as Pinecall's `this.stage` is; see stateWithStage).
 */
export async function derivedState(doc: AgentDocument, state: Readonly<Record<string, unknown>>, call: CallFacts = {}, options: { timeoutMs?: number } = {}): Promise<Derived> {
  if (!hasDerivedState(doc)) return NONE;
  return (await prepareDerive())(doc, state, call, options);
}

/**
 * The state as Pinecall's `this` holds it: the stage is a field there (`this.stage`), here it is
 * the session's stage, by name. Added only when the document has no state field named `stage`.
 */
export function stateWithStage(doc: AgentDocument, state: Readonly<Record<string, unknown>>, stageName: string | null): Record<string, unknown> {
  const out = { ...state };
  if (stageName !== null && !doc.state.some((f) => f.name === 'stage')) setOwn(out, 'stage', stageName);
  return out;
}

/** What `when`, expression conditions and templates see: the state, then the derived values (never over a field). */
export function scopeWith(state: Readonly<Record<string, unknown>>, derived: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out = { ...state };
  for (const [name, value] of Object.entries(derived)) if (!Object.hasOwn(out, name)) setOwn(out, name, value);
  return out;
}
