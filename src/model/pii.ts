import type { AgentDocument } from './types';

/**
 * The names whose values may identify the caller: the pii state fields, and every parameter a
 * tool lists in its `pii`. A Block Agent tool's arguments become state variables under the
 * parameter's own name, so a captured `phone` is the caller's number even when no state field
 * declares it; masking such a name wherever it is shown costs nothing and leaks nothing.
 */
export function piiNames(doc: AgentDocument): Set<string> {
  return new Set([...doc.state.filter((f) => f.pii).map((f) => f.name), ...doc.tools.flatMap((t) => t.pii)]);
}

export const isPiiName = (doc: AgentDocument, name: string): boolean => piiNames(doc).has(name);
