// The mock answers a document keeps for what its code calls that cannot run in a browser (an
// import from another file or a package, the world's `knowledge.search` or `remembers`):
// `doc.mocks.helpers`, by the name the code calls (agent.schema.json "Mocks"). Simulator-only: no
// export writes them, every run and conversation test reads them.
import { produce } from 'immer';
import { MAX_DEPTH, tooDeepMessage } from '../limits';
import { setOwn } from '../own';
import type { AgentDocument } from '../types';
import { valueDepth } from '../value-depth';
import { fail, quoted, succeed, type Outcome } from './outcome';

/** `agendaFor`, `cal.agendaFor`, `knowledge.search`: one name, or names joined by dots. */
const HELPER_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/** Whether a value is JSON data throughout: what survives being saved with the project. */
function isJsonData(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return false;
      continue;
    }
    if (Array.isArray(v)) stack.push(...v);
    else if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) stack.push(...Object.values(v as object));
    else return false;
  }
  return true;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Sets the mock answer of one helper (`value`), or removes it (`undefined`). The helpers keep their
 * order; a new one goes last. Removing the last one removes `mocks` itself ("absent means none").
 * The same value again returns the same document, so a store apply records no undo step for it.
 * Refused: a name code cannot call, a value that is not JSON data, or one nested deeper than any
 * free-form value of the document may be (MAX_DEPTH).
 */
export function setHelperMock(doc: AgentDocument, helper: string, value: unknown): Outcome {
  if (!HELPER_NAME.test(helper)) return fail(doc, `${quoted(helper)} is not a name code can call: use the name as the code writes it, e.g. agendaFor, cal.agendaFor or knowledge.search`);
  const helpers = doc.mocks?.helpers;
  const current = helpers && typeof helpers === 'object' && !Array.isArray(helpers) ? helpers : {};
  const had = Object.hasOwn(current, helper);
  if (value === undefined) {
    if (!had) return succeed(doc, {});
    return succeed(
      produce(doc, (draft) => {
        const kept = { ...current };
        delete kept[helper];
        if (Object.keys(kept).length === 0) delete draft.mocks;
        else draft.mocks = { ...draft.mocks, helpers: kept };
      }),
      {},
    );
  }
  if (!isJsonData(value)) return fail(doc, `the mock answer of ${helper} must be JSON data: text, a number, true/false, null, a list or an object of those`);
  const depth = valueDepth(value);
  if (depth > MAX_DEPTH) return fail(doc, tooDeepMessage(`the mock answer of ${helper}`, depth, MAX_DEPTH, 'write a flatter value'));
  if (had && sameJson(current[helper], value)) return succeed(doc, {});
  const next: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(current)) setOwn(next, key, v);
  setOwn(next, helper, structuredClone(value));
  return succeed(
    produce(doc, (draft) => {
      draft.mocks = { ...draft.mocks, helpers: next };
    }),
    {},
  );
}
