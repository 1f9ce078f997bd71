// Pure helpers of the state panel: reading an initial value the user typed as JSON, and the
// `this.call` facts as editable rows.
import { fitsJsonType, type JsonType, type StateField } from '../../model';
import { sameValue } from '../../simulator/session';
import type { CallFacts } from '../../simulator/types';

export type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

const EXAMPLE: Record<JsonType, string> = {
  string: 'a string in quotes, e.g. "Ana"',
  number: 'a number, e.g. 3 or 2.5',
  integer: 'a whole number, e.g. 3',
  boolean: 'true or false',
  array: 'a list, e.g. [] or ["a", "b"]',
  object: 'an object, e.g. {} or {"key": "value"}',
};

/** What the user typed for a field's initial value, checked as JSON and against the field's type. */
export function parseInitialValue(text: string, field: Pick<StateField, 'name' | 'type'>): Parsed {
  const expected = `${field.name} is ${field.type === 'integer' || field.type === 'array' || field.type === 'object' ? 'an' : 'a'} ${field.type}: write ${EXAMPLE[field.type]}.`;
  if (text.trim() === '') return { ok: false, error: `Empty. ${expected}` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The common slip: a bare word for a string field.
    const hint = field.type === 'string' ? ` Strings need quotes: ${JSON.stringify(text.trim())}.` : ` ${expected}`;
    return { ok: false, error: `Not JSON.${hint}` };
  }
  return fitsJsonType(value, field.type) ? { ok: true, value } : { ok: false, error: expected };
}

/** The value a run starts with: the user's override, else the field's default. */
export const initialValueOf = (field: StateField, initialState: Record<string, unknown>): unknown =>
  field.name in initialState ? initialState[field.name] : field.default;

/** Sets one override; a value equal to the default is no override, so the map holds only real ones. */
export function withInitialValue(initialState: Record<string, unknown>, field: StateField, value: unknown): Record<string, unknown> {
  const { [field.name]: _dropped, ...rest } = initialState;
  return sameValue(value, field.default) ? rest : { ...rest, [field.name]: value };
}

export const CALLER_NUMBER = '+15550100';

/** What a call knows before anyone speaks: today's date (local, ISO) and the caller's number. */
export function defaultCallFacts(now = new Date()): CallFacts {
  const pad = (n: number) => String(n).padStart(2, '0');
  return { today: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`, callerNumber: CALLER_NUMBER };
}

/** A fact's value as its text box shows it: strings as they are, anything else as JSON. */
export const factText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

/** Why a key cannot name a `this.call` fact, or null when it can. */
export function factKeyError(facts: CallFacts, oldKey: string | null, key: string): string | null {
  if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `"${key}" is not a name code can read as this.call.${key || '…'}: use letters, digits and _ (e.g. callerNumber).`;
  if (key !== oldKey && key in facts) return `this.call.${key} is already set.`;
  return null;
}

/** Renames a fact in place, keeping the order of the rows. */
export function renameFact(facts: CallFacts, oldKey: string, key: string): CallFacts {
  return Object.fromEntries(Object.entries(facts).map(([k, v]) => [k === oldKey ? key : k, v]));
}

/** A name for a new row that is not taken yet (fact, fact2, …). */
export function freshFactKey(facts: CallFacts): string {
  for (let i = 1; ; i++) {
    const key = i === 1 ? 'fact' : `fact${i}`;
    if (!(key in facts)) return key;
  }
}
